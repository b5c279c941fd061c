// Common areas and reservations: states, limits and texts (isomorphic and free of TypeBox: the admin's chunks read
// them; the schemas are schemas.ts).

/** A reservation's life: requested (Aprobada false), approved, or ended by a rejection or a cancellation. */
export const RESERVATION_STATUSES = ['pendiente', 'aprobada', 'rechazada', 'cancelada'] as const;
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];
/** The states that hold their slot: no two of them overlap on one area (an exclusion constraint). */
export const LIVE_STATUSES: readonly ReservationStatus[] = ['pendiente', 'aprobada'];

/** How an area is booked (spec 002 §3 configuracion): by hours (consecutive slots) or by fixed blocks (one block). */
export const AREA_MODES = ['horas', 'bloques'] as const;
export type AreaMode = (typeof AREA_MODES)[number];

export const AREA_LIMITS = {
  name: 100,
  description: 500,
  rules: 2000,
  capacityMax: 10_000,
  /** Price and deposit, dollars. */
  amountMax: 100_000,
  slotMinutesMin: 15,
  slotMinutesMax: 24 * 60,
  maxSlotsMax: 48,
  minNoticeHoursMax: 24 * 60,
  maxPerUnitMonthMax: 31,
  photos: 6,
  photoBytes: 5 * 1024 * 1024,
} as const;

export const RESERVATION_LIMITS = {
  notes: 500,
  reason: 300,
  /** How far ahead a slot may be booked. */
  aheadDays: 365,
  /** Reservations approved at once (reservasxaprobar's bulk approve). */
  bulk: 200,
  /** Spec 002 §9: the QR code's digits. */
  codeDigits: 8,
  /** Spec 002 §9: the random 15-character lowercase alphanumeric id (the reservation's Hash). */
  hashLength: 15,
  /** The bell's list. */
  bellLast: 5,
  /** The office's calendar reads at most this many days at once (a month grid of 6 weeks is 42). */
  calendarDays: 62,
  /** ... and at most this many reservations (the answer says when more matched). */
  calendarRows: 2000,
} as const;

/** A day of an area's month for residents: bookable slots left, all taken, not open that weekday, or out of reach
 * (past, inside the notice, more than a year ahead). */
export const DAY_STATES = ['free', 'full', 'closed', 'unavailable'] as const;

/** Texts users read: the spec's where it has one (000 §8), else ours. */
export const RESERVATION_MESSAGES = {
  approveFailed: 'Hubo un error al aprobar la reserva(s).',
  areaNameTaken: 'Ya existe un área comunal con ese nombre.',
  areaDisabled: 'El área comunal no está habilitada.',
  areaHasReservations: 'El área tiene reservas vigentes: cancélelas o deshabilite el área.',
  closesAfterOpens: 'La hora de cierre debe ser posterior a la de apertura.',
  slotTaken: 'El horario seleccionado ya está reservado.',
  outsideHours: 'El horario está fuera de la atención del área.',
  badSlot: 'El horario no coincide con los turnos del área.',
  closedDay: 'El área no atiende ese día.',
  tooLong: (slots: number) => `La reserva puede ocupar como máximo ${slots} turno(s).`,
  past: 'No se puede reservar en una fecha u hora pasada.',
  tooFar: 'No se puede reservar con más de un año de anticipación.',
  notice: (hours: number) => `La reserva debe hacerse con al menos ${hours} hora(s) de anticipación.`,
  monthLimit: (max: number) => `La unidad alcanzó el máximo de ${max} reserva(s) de esta área en el mes.`,
  capacity: (max: number) => `El área admite como máximo ${max} persona(s).`,
  debts: 'No puede reservar: la unidad tiene valores vencidos pendientes de pago.',
  tenantBlocked: 'El propietario de la unidad no permite reservas a los inquilinos.',
  noUnit: 'Su usuario no tiene una unidad habitacional asignada.',
  unitRequired: 'Seleccione la unidad habitacional.',
  pastApprove: 'La reserva ya terminó: solo se puede rechazar.',
  notPending: 'La reserva ya no está pendiente de aprobación.',
  notLive: 'La reserva ya fue rechazada o cancelada.',
  started: 'La reserva ya empezó y no se puede cancelar.',
  codeUnknown: 'Código QR no válido.',
  codeOutside: 'El código QR no es válido en este horario.',
  codeTaken: 'El código ya está asignado a otra reserva.',
  noCode: 'El área no permite códigos QR.',
  photos: (max: number) => `Un área comunal puede tener como máximo ${max} fotos.`,
  photoRequired: 'Debe cargar una foto.',
  photoTooLarge: 'La imagen es demasiado grande (máximo 5MB)',
  notImage: 'Solo se permiten archivos de imagen',
  badRange: (days: number) => `Seleccione un rango de fechas válido de hasta ${days} días.`,
  badImage: 'Error al cargar la imagen',
} as const;

/** Domain events other plugins may handle (the gate's timeline records a validated code). */
export const RESERVATION_EVENTS = { codeValidated: 'reservations.code.validated' } as const;

/** Payload of 'reservations.code.validated'. */
export interface ReservationCodeValidated {
  reservationId: string;
  areaName: string;
  unitNumber: string | null;
  residentName: string | null;
  accepted: boolean;
  /** Why it was refused ('codeOutside'), when not accepted. */
  reason: string | null;
  validatedAt: string;
}

/** Live topics (host.publish): the pending list, the bell and the calendars read again. */
export const RESERVATION_TOPICS = { changed: 'reservations.changed' } as const;

/** Minutes of the day as 'HH:mm' (1440 is '24:00', an area open until midnight). */
export const clockOf = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
/** 'HH:mm' as minutes of the day, or NaN. */
export function minutesOf(clock: string): number {
  const m = /^(\d{2}):(\d{2})$/.exec(clock);
  if (!m) return Number.NaN;
  const minutes = Number(m[1]) * 60 + Number(m[2]);
  return Number(m[2]) < 60 && minutes <= 1440 ? minutes : Number.NaN;
}
