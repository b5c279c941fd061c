// Spanish texts of the guard's early-visits bell (spec 002 §2.2, §8: 'ir a visitas', the empty text and the error verbatim).
import { GATE_MESSAGES } from '../gate.ts';

export default {
  title: 'Visitas anticipadas de hoy',
  open: 'Visitas anticipadas de hoy: %{count}',
  goToVisits: 'ir a visitas',
  empty: GATE_MESSAGES.noEarlyVisits,
  error: GATE_MESSAGES.earlyVisitsError,
  visitor: 'Visitante',
  resident: 'Residente',
  noResident: 'Sin residente',
  more: 'y %{count} más',
};

/** The platform staff's every-complex list (/superAdmin/allPanics); the menu keeps the spec's name verbatim. */
export const allPanicsMessages = {
  menu: 'AllPanicAlerts',
  title: 'Alertas de pánico de todos los conjuntos',
  search: 'Residente, U.H. o detalle',
  from: 'Desde',
  to: 'Hasta',
};

export const allPanicsResources = {
  allPanics: {
    name: 'Alerta de pánico |||| Alertas de pánico',
    fields: {
      complexId: 'Conjunto',
      complexName: 'Conjunto',
      raisedAt: 'Fecha',
      residentName: 'Residente',
      residentPhone: 'Teléfono',
      unitNumber: 'U.H.',
      detail: 'Detalle',
      status: 'Estado',
      observation: 'Observación',
      q: 'Buscar',
    },
  },
};
