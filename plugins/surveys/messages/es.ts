// Spanish messages of the surveys plugin (the default language: no English word may show).
import { auditResources, MESSAGES } from '@conjunto/core';
import { SURVEY_DAYS_MAX, SURVEY_DAYS_MIN, SURVEY_MESSAGES, SURVEY_TITLE_MAX } from '../manifest.ts';

const own = {
  resources: {
    encuestas: {
      name: 'Encuesta |||| Encuestas',
      fields: {
        title: 'Nombre',
        displayDays: 'Días de visualización',
        isActive: 'Estado',
        answerCount: 'Respuestas',
        createdAt: 'Fecha de creación',
        q: 'Buscar',
      },
    },
  },
  surveys: {
    title: 'Encuestas',
    banner:
      'Solo puede haber una encuesta activa a la vez: al crear o activar una encuesta, la que esté activa se desactiva. ' +
      'Los residentes ven la encuesta activa en su aplicación cada N días, donde N son los días de visualización de la encuesta.',
    empty: 'No hay información',
    search: 'Buscar por nombre',
    dashboard: {
      title: 'Participación en la encuesta',
      units: '%{answered} de %{eligible} U.H. respondieron',
      none: 'No hay una encuesta activa.',
    },
    columns: { actions: 'Acciones' },
    status: { active: 'Activa', inactive: 'Inactiva' },
    action: {
      create: 'Nueva encuesta',
      results: 'Ver resultados',
      enable: 'Activar',
      disable: 'Desactivar',
      delete: 'Eliminar',
      save: 'Guardar',
      cancel: 'Cancelar',
      close: 'Cerrar',
      continue: 'Continuar',
    },
    create: {
      title: 'Nueva encuesta',
      question: 'La encuesta tiene una sola pregunta, que los residentes responden con Sí o No.',
      titleHelper: `Hasta ${SURVEY_TITLE_MAX} caracteres.`,
      daysHelper: `Cada cuántos días se muestra la encuesta a los residentes (${SURVEY_DAYS_MIN} a ${SURVEY_DAYS_MAX}).`,
      activate: 'Activar al crear',
    },
    validation: {
      required: MESSAGES.required,
      titleMax: MESSAGES.maxLength(SURVEY_TITLE_MAX),
      days: SURVEY_MESSAGES.days,
    },
    replace: {
      title: 'Cambiar la encuesta activa',
      content: 'La encuesta «%{current}» está activa y se desactivará al activar «%{next}». ¿Desea continuar?',
    },
    delete: {
      title: 'Eliminar encuesta',
      content: '¿Está seguro de eliminar la encuesta «%{title}»? Esta acción no se puede deshacer.',
    },
    notifications: {
      created: 'Encuesta creada correctamente',
      enabled: 'Encuesta activada',
      disabled: 'Encuesta desactivada',
      deleted: 'Encuesta eliminada',
      disabledMany: 'Encuesta desactivada |||| %{smart_count} encuestas desactivadas',
    },
    errors: {
      load: 'Error al cargar las encuestas',
      create: 'Ocurrió un error al crear la encuesta.',
      status: 'Error al cambiar el estado.',
      delete: 'Ocurrió un error al eliminar la encuesta.',
      results: 'Error al cargar la información.',
    },
    results: {
      title: 'Resultados de «%{title}»',
      question: 'Respuestas Sí / No',
      total: 'Total de respuestas: %{count}',
      noAnswers: 'Esta encuesta aún no tiene respuestas.',
      option: 'Opción',
      count: 'Respuestas',
      percentage: 'Porcentaje',
      participant: 'Participante',
      answeredAt: 'Fecha de respuesta',
      participants: 'Participantes que respondieron «%{option}»',
      noParticipants: 'Nadie ha elegido esta opción.',
      totalRow: 'Total',
      unknown: 'Desconocido',
      yes: 'Sí',
      no: 'No',
    },
  },
};

export default {
  ...own,
  // The audit log names the plugin's resources, their fields and its own actions.
  auditLog: {
    resources: auditResources(
      own.resources,
      { surveys: 'encuestas' },
      {
        'survey-answers': {
          name: 'Respuesta de encuesta',
          fields: { surveyId: 'Encuesta', confirm: 'Respuesta' },
        },
      },
    ),
    actions: { enable: 'Activación', disable: 'Desactivación' },
  },
};
