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
