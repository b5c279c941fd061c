// Spanish messages of panic alerts (spec 002 §3, §4, §8: 'Ayuda!!!', 'Necesito ayuda', 'Detalle' verbatim).
import { GATE_MESSAGES } from '../gate.ts';

export const panicResources = {
  alerta: {
    name: 'Alerta de pánico |||| Alertas',
    fields: {
      raisedAt: 'Fecha',
      residentName: 'Residente',
      residentPhone: 'Teléfono',
      unitNumber: 'U.H.',
      detail: 'Detalle',
      status: 'Estado',
      observation: 'Observación',
      closedAt: 'Cerrada el',
      closedByName: 'Cerrada por',
      q: 'Buscar',
    },
  },
};

export const panicMessages = {
  menu: 'Alerta',
  snackbar: GATE_MESSAGES.panicSnackbar,
  dialog: GATE_MESSAGES.panicDialog,
  details: 'Detalle',
  close: 'Cerrar',
  open: 'Activa',
  closed: 'Cerrada',
  openCount: 'Alertas de pánico activas: %{count}',
  raisedAt: 'Enviada el %{at}',
  complex: 'Conjunto',
  noDetail: 'Sin detalle.',
  closeAction: 'Cerrar alerta',
  closeTitle: 'Cerrar la alerta de %{name}',
  observation: 'Observación',
  observationHelp: 'Qué se hizo: quién acudió, qué se encontró.',
  closedNotice: 'Alerta cerrada.',
  deleteTitle: 'Eliminar alerta',
  deleteContent: '¿Desea eliminar la alerta de %{name}?',
  deleted: 'Alerta eliminada.',
  error: 'No se pudo completar la acción.',
  // The resident's button.
  button: 'Botón de pánico',
  buttonHelp: 'Avisa de inmediato a la guardia del conjunto.',
  confirmTitle: '¿Enviar una alerta de pánico a la guardia?',
  confirmDetail: 'Qué sucede (opcional)',
  send: 'Enviar alerta',
  sent: 'Alerta enviada a la guardia.',
  sendError: 'No se pudo enviar la alerta. Llame a la guardia.',
};

export const panicAudit = { resources: { 'panic-alerts': 'alerta' }, actions: { close: 'Cierre' } };
