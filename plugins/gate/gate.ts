// The gate's catalogues, limits and rules, and the texts users read: isomorphic and free of TypeBox (the admin's
// first chunk reads the texts); the schemas are schemas.ts.

/** Spec 002 §3 "Visit types and validity": how long an entry of each type is valid (hours; null: no limit). */
export const VISIT_TYPES = [
  { name: 'Visita', hours: null },
  { name: 'Empleado', hours: 1 },
  { name: 'Servicio de entregas', hours: 2 },
  { name: 'Servicio de taxi', hours: 0.25 },
  { name: 'Residente', hours: null },
  { name: 'Servicio de emergencia', hours: 2 },
  { name: 'Proveedor', hours: 1 },
  { name: 'Paciente', hours: null },
  { name: 'Otro', hours: null },
] as const;
export type VisitType = (typeof VISIT_TYPES)[number]['name'];
export const VISIT_TYPE_NAMES = VISIT_TYPES.map((t) => t.name) as unknown as readonly VisitType[];

/**
 * Spec 002 §3 "Visit-time options": the expected stay, by the value the guard console sends (hours as text, as the
 * spec's tiempo_estimado_salida); 0.08 h is the 5-minute option. 'Indefinido' is 'Sin Tiempo'.
 */
export const VISIT_TIMES = [
  { value: '0.08', label: '5 min', minutes: 5 },
  { value: '0.25', label: '15 min', minutes: 15 },
  { value: '0.5', label: '30 min', minutes: 30 },
  { value: '1', label: '1 h', minutes: 60 },
  { value: '2', label: '2 h', minutes: 120 },
  { value: 'Indefinido', label: 'Sin Tiempo', minutes: null },
] as const;
export type VisitTime = (typeof VISIT_TIMES)[number]['value'];
export const VISIT_TIME_VALUES = VISIT_TIMES.map((t) => t.value) as unknown as readonly VisitTime[];

/** Black list (lista negra: a warning at the gate) and white list (lista blanca: a trusted visitor). */
export const LIST_KINDS = ['negra', 'blanca'] as const;
export type ListKind = (typeof LIST_KINDS)[number];
/** The entry notice of spec 002 §4 (guard entry prompt): warning red, success green, other dark. */
export const NOTICE_TYPES = ['warning', 'success', 'other'] as const;
export type NoticeType = (typeof NOTICE_TYPES)[number];
export const EARLY_VISIT_STATUSES = ['pendiente', 'ingresada', 'cancelada'] as const;
export type EarlyVisitStatus = (typeof EARLY_VISIT_STATUSES)[number];

/** Spec 002 §9: approver names max 70; the rest are this product's limits. */
export const GATE_LIMITS = {
  postName: 60,
  idNumber: 20,
  name: 70,
  plate: 10,
  color: 30,
  place: 120,
  observations: 500,
  entryKind: 30,
  reason: 300,
  eventTitle: 120,
  eventDetail: 2000,
  panicDetail: 500,
  panicObservation: 500,
  recipients: 5,
  email: 100,
} as const;

/** Spec 002 §9: the bell shows the count below 10, else '+9', and the last 5 visits. */
export const BELL_MAX = 9;
export const BELL_LAST = 5;
/** Spec 002 §9: entry notices hide after 20 s (warning) or 5 s (others). */
export const NOTICE_MS = { warning: 20_000, other: 5_000 } as const;

/** Live events of the gate (host.publish; payloads carry ids, the screen reads the record). */
export const GATE_TOPICS = {
  entryCreated: 'gate.entry.created',
  entryWarning: 'gate.entry.warning',
  /** An exit, an approval or a rejection: { id, action }. */
  entryChanged: 'gate.entry.changed',
  earlyVisitCreated: 'gate.earlyVisit.created',
  earlyVisitChanged: 'gate.earlyVisit.changed',
  /** A resident's panic alert, raised or closed: { id }. */
  panicRaised: 'gate.panic.raised',
  panicClosed: 'gate.panic.closed',
  /** A new row of the timeline: { id, kind, postId }. */
  timelineAdded: 'gate.timeline.added',
} as const;

/** A cédula or passport as the gate compares it: trimmed (spec 002 §5), inner spaces removed, upper case. */
export const normaliseIdNumber = (value: string) => value.trim().replace(/\s+/g, '').toUpperCase();
export const ID_NUMBER_FORMAT = /^[A-Z0-9-]{3,20}$/;
/** A plate without dashes or spaces, upper case. Visitors' plates are not only AAA1234/AAA123 (motorcycles, other countries). */
export const normalisePlate = (value: string) => value.replace(/[-\s]/g, '').toUpperCase();
export const PLATE_FORMAT = /^[A-Z0-9]{2,10}$/;

/** When an entry of `type` made at `at` stops being valid (null: no limit). */
export function validUntil(type: string, at: Date): Date | null {
  const hours = VISIT_TYPES.find((t) => t.name === type)?.hours ?? null;
  return hours === null ? null : new Date(at.getTime() + hours * 3_600_000);
}

/** When a visitor with expected stay `stay` who came at `at` is expected to leave (null: 'Sin Tiempo'). */
export function expectedExit(stay: string | null | undefined, at: Date): Date | null {
  const minutes = VISIT_TIMES.find((t) => t.value === stay)?.minutes ?? null;
  return minutes === null ? null : new Date(at.getTime() + minutes * 60_000);
}

/** The notice the guard sees: red for the black list, green for the white list, dark otherwise. */
export const noticeOf = (hit: ListKind | null): NoticeType =>
  hit === 'negra' ? 'warning' : hit === 'blanca' ? 'success' : 'other';

/** Spec 002 §9: QR codes are 8 digits (the visit's pass: the QR, or the PIN typed at the gate). */
export const VISIT_CODE = /^\d{8}$/;
/** With FechaIngreso on, a resident announces a visit up to this many days ahead (off: today only). */
export const VISIT_AHEAD_DAYS = 30;
/** With QrRecurrente on, a recurring pass lasts at most this many days. */
export const RECURRING_MAX_DAYS = 90;
/** ISO weekdays (1 Monday … 7 Sunday) as the bits of the stored mask. */
export const weekdayMask = (days: readonly number[]) => days.reduce((mask, d) => mask | (1 << (d - 1)), 0);
export const weekdaysOf = (mask: number | null | undefined) =>
  mask ? [1, 2, 3, 4, 5, 6, 7].filter((d) => mask & (1 << (d - 1))) : null;

/** The bell's badge (spec 002 §2.2): the count below 10, else '+9'; nothing at 0. */
export const bellBadge = (count: number) => (count <= 0 ? '' : count > BELL_MAX ? `+${BELL_MAX}` : String(count));

export const GATE_MESSAGES = {
  // Spec 002 §8, verbatim.
  openEntry: '¡Error en el registro! No se ha registrado una última salida para este usuario',
  registered: 'Registro ingresado con éxito',
  entryRegistered: 'Entrada Registrada',
  mailSent: 'Se envió correo de notificación.',
  mailError: 'Error al enviar correo de notificación.',
  earlyVisitsError: 'Error al obtener las visitas anticipadas de hoy',
  noEarlyVisits: 'No tiene Visitas anticipadas para hoy',
  multiplePosts: 'CONJUNTO CON MULTIPLES GARITAS',
  approveEntry: 'Aprobar la entrada',
  close: 'Cerrar',
  // This product's.
  idNumber: 'Ingrese una cédula o pasaporte válido (3 a 20 letras o números).',
  plate: 'Placa inválida: use de 2 a 10 letras o números.',
  destination: 'Seleccione la U.H. de destino o indique el lugar (Otro).',
  unitMissing: 'La unidad no existe en este conjunto.',
  residentOfUnit: 'El residente no pertenece a la unidad.',
  residentMissing: 'El residente no existe en este conjunto.',
  postName: 'Ingrese el nombre de la garita.',
  postMissing: 'La garita no existe en este conjunto.',
  postTaken: 'Ya existe una garita con ese nombre.',
  alreadyExited: 'La salida de este registro ya fue registrada.',
  notWarning: 'Este registro no tiene una advertencia por aprobar.',
  listTarget: 'Indique una cédula o una placa.',
  listTaken: 'Esa cédula o placa ya está en una lista.',
  blackListed: 'Visitante en lista negra',
  whiteListed: 'Visitante en lista blanca',
  visitNotPending: 'La visita anticipada ya fue ingresada o cancelada.',
  visitsBlocked: 'El propietario de la unidad no le permite registrar visitas.',
  noUnit: 'No tiene una unidad asignada.',
  pastArrival: 'La hora estimada de llegada no puede ser anterior a hoy.',
  recipients: `Indique hasta ${GATE_LIMITS.recipients} correos válidos.`,
  noRecipients: 'No hay destinatarios para el correo de la novedad.',
  occurredAt: 'Fecha inválida.',
  emailOff: 'El envío de novedades por correo no está habilitado para este conjunto.',
  // Panic alerts: the spec's snackbar and dialog (§8), then this product's.
  panicSnackbar: 'Ayuda!!!',
  panicDialog: 'Necesito ayuda',
  panicObservation: 'Ingrese una observación para cerrar la alerta.',
  panicClosed: 'La alerta ya fue cerrada.',
  // Visit passes (QR and PIN) and the switches that shape them.
  codeInvalid: 'El código no corresponde a una visita anticipada válida para hoy.',
  notToday: 'La visita anticipada no es válida hoy.',
  onlyToday: 'La visita debe ser para hoy.',
  tooFar: `La visita puede anunciarse hasta con ${VISIT_AHEAD_DAYS} días de anticipación.`,
  recurringOff: 'Las visitas recurrentes no están habilitadas en este conjunto.',
  recurrence: `Indique los días de la semana y la fecha final (hasta ${RECURRING_MAX_DAYS} días).`,
} as const;

/** Panic alerts (spec 002 §3 Panic alert, §4): Estado 1 open, 0 closed with an observation. */
export const PANIC_STATUS = { open: 1, closed: 0 } as const;
/** A resident pressing again while their alert is open and this recent gets that alert back, not another. */
export const PANIC_REPEAT_SECONDS = 60;
/** The guard's siren plays at most once in this while (spec 002 §8, §9). */
export const SIREN_THROTTLE_MS = 60_000;
