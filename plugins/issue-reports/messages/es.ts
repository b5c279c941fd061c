// Spanish messages of the issue reports plugin (the default language: no English word may show).
import { auditResources, MESSAGES } from '@conjunto/core';
import { CATEGORY_LABELS, DETAIL_MAX, ISSUE_MESSAGES, RATING_LABELS, STATUS_LABELS } from '../manifest.ts';

const own = {
  resources: {
    informeProblemas: {
      name: 'Reporte de daños |||| Reportes de daños',
      fields: {
        reportedAt: 'Fecha',
        unitNumber: 'U.H.',
        unitId: 'U.H.',
        residentName: 'Residente',
        category: 'Categoría',
        detail: 'Detalle',
        status: 'Estado',
        observations: 'Observaciones',
        rating: 'Calificación',
        photo: 'Imagen',
        startedAt: 'En progreso desde',
        completedAt: 'Completado',
        ratedAt: 'Calificado',
        q: 'Buscar',
      },
    },
  },
  issueReports: {
    bell: 'Reportes de daños pendientes',
    dashboard: { count: 'reporte pendiente |||| reportes pendientes', none: 'No hay reportes de daños pendientes.' },
    title: 'Informe de problemas',
    banner:
      'Reportes de daños, quejas y sugerencias de los residentes. El estado solo avanza: Pendiente, En progreso, Completado; el residente califica la atención.',
    empty: 'No hay información',
    search: 'Buscar en el detalle, la U.H. o el residente',
    none: '—',
    status: STATUS_LABELS,
    category: CATEGORY_LABELS,
    rating: RATING_LABELS,
    columns: { actions: 'Acciones' },
    action: {
      open: 'Ver detalle',
      start: 'Iniciar (En progreso)',
      complete: 'Completar',
      saveObservations: 'Guardar observaciones',
      create: 'Nuevo reporte',
      send: 'Enviar reporte',
      rate: 'Calificar',
      cancel: 'Cancelar',
      close: 'Cerrar',
      photo: 'Adjuntar foto',
      changePhoto: 'Cambiar foto',
    },
    detail: {
      title: 'Reporte de daños',
      noPhoto: 'Sin imagen',
      observationsHelper: `Hasta ${DETAIL_MAX} caracteres. El residente las ve en su reporte.`,
      history: 'Historial',
      reported: 'Reportado el %{at}',
      started: 'En progreso el %{at}',
      completed: 'Completado el %{at}',
      rated: 'Calificado el %{at}',
    },
    create: {
      title: 'Nuevo reporte',
      detailHelper: `Describa el problema (hasta ${DETAIL_MAX} caracteres).`,
      photoHelper: 'Opcional: una foto JPEG, PNG o WebP de hasta 5 MB.',
      required: 'Los campos marcados con * son obligatorios.',
    },
    rate: {
      title: 'Calificar la atención',
      content: '¿Cómo fue la atención de su reporte «%{detail}»?',
    },
    panel: {
      empty: 'No ha registrado reportes.',
      rateHint: 'Completado: califique la atención.',
    },
    notifications: {
      created: 'Reporte enviado',
      status: 'Estado actualizado',
      observations: 'Observaciones guardadas',
      rated: 'Gracias por su calificación',
      photo: 'Foto guardada',
    },
    errors: {
      load: ISSUE_MESSAGES.loadError,
      save: 'Ocurrió un error al guardar el reporte.',
      photoTooLarge: ISSUE_MESSAGES.photoTooLarge,
    },
    validation: { required: MESSAGES.required, detailMax: MESSAGES.maxLength(DETAIL_MAX) },
  },
};

export default {
  ...own,
  auditLog: {
    resources: auditResources(own.resources, { 'issue-reports': 'informeProblemas' }),
    actions: { status: 'Cambio de estado', rating: 'Calificación', photo: 'Foto' },
  },
};
