// Spanish messages of the maintenance plugin (the default language: no English word may show).
import { auditResources, MESSAGES } from '@conjunto/core';
import { MAINTENANCE_MESSAGES, TITLE_MAX } from '../manifest.ts';

const own = {
  resources: {
    mantenimiento: {
      name: 'Mantenimiento |||| Mantenimientos',
      fields: {
        title: 'Título',
        description: 'Descripción',
        supplier: 'Proveedor',
        cost: 'Costo',
        recurrence: 'Recurrencia',
        rrule: 'Regla de recurrencia (RRULE)',
        startDate: 'Fecha de inicio',
        untilDate: 'Hasta',
        endsOn: 'Termina',
        isFuture: 'Mantenimiento futuro',
        status: 'Estado',
        lastDue: 'Última fecha',
        nextDue: 'Próxima fecha',
        ended: 'Finalizados',
        createdAt: 'Fecha de creación',
        updatedAt: 'Actualizado',
        q: 'Buscar',
      },
    },
  },
  maintenance: {
    title: 'Mantenimiento',
    bell: 'Mantenimientos pendientes',
    dashboard: { count: 'fecha pendiente |||| fechas pendientes', none: 'No hay mantenimientos pendientes.' },
    banner:
      'Se muestran los mantenimientos vigentes y los que terminaron en los últimos 6 meses. Marque cada fecha como realizada; las pendientes aparecen en la campana.',
    empty: 'No hay información',
    search: 'Buscar por título o proveedor',
    none: '—',
    recurrence: { weekly: 'Semanal', monthly: 'Mensual', annual: 'Anual', rrule: 'Personalizada' },
    recurrenceHelp: {
      weekly: 'Cada 7 días, el mismo día de la semana que la fecha de inicio.',
      monthly: 'Cada mes (30), el mismo día que la fecha de inicio o el último día del mes si es más corto.',
      annual: 'Cada año (365), el mismo día y mes que la fecha de inicio.',
      rrule:
        'Regla iCalendar (RFC 5545), por ejemplo FREQ=MONTHLY;BYDAY=1MO (primer lunes de cada mes). Como máximo una vez al día.',
    },
    status: { scheduled: 'Programado', pending: 'Pendiente', upToDate: 'Al día', ended: 'Finalizado' },
    future: 'Futuro',
    filters: { ended: 'Finalizados', active: 'Vigentes', all: 'Todos' },
    columns: { actions: 'Acciones' },
    action: {
      create: 'Nuevo mantenimiento',
      edit: 'Editar',
      delete: 'Eliminar',
      detail: 'Ver detalle',
      save: 'Guardar',
      cancel: 'Cancelar',
      close: 'Cerrar',
      markDone: 'Marcar realizado',
      undoDone: 'Deshacer',
      confirm: 'Confirmar',
    },
    form: {
      createTitle: 'Nuevo mantenimiento',
      editTitle: 'Editar mantenimiento',
      titleHelper: `Hasta ${TITLE_MAX} caracteres.`,
      costHelper: 'En dólares, con 2 decimales como máximo.',
      untilHelper: 'Opcional: la última fecha posible de la recurrencia.',
      futureHelper: 'Un mantenimiento previsto que aún no está contratado.',
      required: 'Los campos marcados con * son obligatorios.',
    },
    detail: {
      title: 'Detalle del mantenimiento',
      past: 'Últimas fechas',
      upcoming: 'Próximas fechas',
      noPast: 'Aún no hay fechas vencidas.',
      noUpcoming: 'La recurrencia terminó: no hay más fechas.',
      done: 'Realizado',
      overdue: 'Vencido',
      dueToday: 'Hoy',
      doneBy: 'Realizado el %{at} por %{name}',
      doneAt: 'Realizado el %{at}',
    },
    done: {
      title: 'Marcar como realizado',
      content: '¿Confirma que el mantenimiento «%{title}» del %{date} fue realizado?',
      notes: 'Observaciones',
    },
    undo: {
      title: 'Deshacer fecha realizada',
      content: '¿Quitar la marca de realizado del %{date} de «%{title}»? Sus observaciones se descartan.',
    },
    delete: {
      title: 'Eliminar mantenimiento',
      content: '¿Está seguro de eliminar «%{title}» y su registro de fechas? Esta acción no se puede deshacer.',
    },
    notifications: {
      created: 'Mantenimiento creado correctamente',
      updated: 'Mantenimiento actualizado correctamente',
      deleted: 'Mantenimiento eliminado',
      done: 'Fecha marcada como realizada',
      undone: 'Se quitó la marca de realizado',
    },
    errors: {
      load: 'Error al cargar los mantenimientos',
      save: 'Ocurrió un error al guardar el mantenimiento.',
      delete: 'Ocurrió un error al eliminar el mantenimiento.',
      done: 'Ocurrió un error al marcar la fecha.',
      undo: 'Ocurrió un error al deshacer la fecha.',
      occurrences: 'Error al cargar las fechas.',
    },
    validation: {
      required: MESSAGES.required,
      titleMax: MESSAGES.maxLength(TITLE_MAX),
      cost: MAINTENANCE_MESSAGES.cost,
      untilBeforeStart: MAINTENANCE_MESSAGES.untilBeforeStart,
      rruleMissing: MAINTENANCE_MESSAGES.rruleMissing,
    },
  },
};

export default {
  ...own,
  auditLog: {
    resources: auditResources(
      own.resources,
      { 'maintenance-plans': 'mantenimiento' },
      {
        'maintenance-plans': { fields: { date: 'Fecha', notes: 'Observaciones', doneAt: 'Realizada el', to: 'Destinatarios' } },
      },
    ),
    actions: { done: 'Fecha realizada', undone: 'Fecha realizada deshecha', remind: 'Recordatorio enviado' },
  },
};
