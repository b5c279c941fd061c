// TypeBox schemas: request/response validation on the server, OpenAPI, and the admin's types.
import { Money, Nullable } from '@conjunto/core';
import { type Static, Type } from 'typebox';
import { AREA_LIMITS as A, AREA_MODES, DAY_STATES, RESERVATION_LIMITS as R, RESERVATION_STATUSES } from './reservations.ts';

const Clock = Type.String({ pattern: '^\\d{2}:\\d{2}$', description: "HH:mm ('24:00' closes at midnight)" });
const Amount = Money({ minimum: 0, maximum: A.amountMax });

export const AreaPhotoSchema = Type.Object({ id: Type.String(), url: Type.String() });

export const AreaSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  name: Type.String(),
  description: Nullable(Type.String()),
  rules: Nullable(Type.String()),
  /** Habilitado */
  enabled: Type.Boolean(),
  /** AllowQr: approved reservations get an 8-digit code. */
  allowQr: Type.Boolean(),
  capacity: Nullable(Type.Integer()),
  price: Type.Number(),
  deposit: Type.Number(),
  mode: Type.Union(AREA_MODES.map((m) => Type.Literal(m))),
  opensAt: Type.String(),
  closesAt: Type.String(),
  /** One slot's (hours) or block's (blocks) length. */
  slotMinutes: Type.Integer(),
  /** Consecutive slots one reservation may take (1 for blocks). */
  maxSlots: Type.Integer(),
  minNoticeHours: Type.Integer(),
  maxPerUnitMonth: Nullable(Type.Integer()),
  /** ISO weekdays it opens (1 Monday .. 7 Sunday). */
  weekdays: Type.Array(Type.Integer()),
  photos: Type.Array(AreaPhotoSchema),
  createdAt: Type.String({ format: 'date-time' }),
});

const areaFields = {
  name: Type.String({ minLength: 1, maxLength: A.name }),
  description: Type.Optional(Nullable(Type.String({ maxLength: A.description }))),
  rules: Type.Optional(Nullable(Type.String({ maxLength: A.rules }))),
  enabled: Type.Optional(Type.Boolean()),
  allowQr: Type.Optional(Type.Boolean()),
  capacity: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: A.capacityMax }))),
  price: Type.Optional(Amount),
  deposit: Type.Optional(Amount),
  mode: Type.Optional(Type.Union(AREA_MODES.map((m) => Type.Literal(m)))),
  opensAt: Type.Optional(Clock),
  closesAt: Type.Optional(Clock),
  slotMinutes: Type.Optional(Type.Integer({ minimum: A.slotMinutesMin, maximum: A.slotMinutesMax })),
  maxSlots: Type.Optional(Type.Integer({ minimum: 1, maximum: A.maxSlotsMax })),
  minNoticeHours: Type.Optional(Type.Integer({ minimum: 0, maximum: A.minNoticeHoursMax })),
  maxPerUnitMonth: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: A.maxPerUnitMonthMax }))),
  weekdays: Type.Optional(Type.Array(Type.Integer({ minimum: 1, maximum: 7 }), { minItems: 1, maxItems: 7, uniqueItems: true })),
};
export const AreaCreateSchema = Type.Object(areaFields, { additionalProperties: false });
export const AreaUpdateSchema = Type.Partial(AreaCreateSchema, { additionalProperties: false });

export const SlotSchema = Type.Object({
  startsAt: Type.String({ format: 'date-time' }),
  endsAt: Type.String({ format: 'date-time' }),
  /** 'HH:mm - HH:mm' in Guayaquil time. */
  label: Type.String(),
  free: Type.Boolean(),
  /** Starts too soon (the area's notice) or has passed. */
  tooSoon: Type.Boolean(),
});
export const AvailabilityQuery = Type.Object({ date: Type.String({ format: 'date' }) }, { additionalProperties: false });
export const AvailabilitySchema = Type.Object({
  date: Type.String(),
  open: Type.Boolean(),
  maxSlots: Type.Integer(),
  slots: Type.Array(SlotSchema),
});

/** A month of an area (Guayaquil): 'YYYY-MM'. */
export const MonthQuery = Type.Object(
  { month: Type.String({ pattern: '^20[0-9]{2}-(0[1-9]|1[0-2])$' }) },
  { additionalProperties: false },
);
export const MonthSchema = Type.Object({
  month: Type.String(),
  days: Type.Array(
    Type.Object({
      date: Type.String(),
      state: Type.Union([
        Type.Literal(DAY_STATES[0]),
        Type.Literal(DAY_STATES[1]),
        Type.Literal(DAY_STATES[2]),
        Type.Literal(DAY_STATES[3]),
      ]),
      /** Bookable free slots that day. */
      free: Type.Integer(),
    }),
  ),
});

/** The office's calendar: Guayaquil days `from`..`to` (inclusive), one area or all, optionally some states. */
export const CalendarQuery = Type.Object(
  {
    from: Type.String({ format: 'date' }),
    to: Type.String({ format: 'date' }),
    areaId: Type.Optional(Type.String({ format: 'uuid' })),
  },
  { additionalProperties: false },
);
export const CalendarItemSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  areaId: Type.String(),
  areaName: Type.String(),
  unitNumber: Nullable(Type.String()),
  userName: Nullable(Type.String()),
  startsAt: Type.String({ format: 'date-time' }),
  endsAt: Type.String({ format: 'date-time' }),
  status: Type.Union(RESERVATION_STATUSES.map((s) => Type.Literal(s))),
});
export const CalendarSchema = Type.Object({
  from: Type.String(),
  to: Type.String(),
  items: Type.Array(CalendarItemSchema),
  /** More reservations matched than the answer carries. */
  truncated: Type.Boolean(),
});

export const ReservationSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  areaId: Type.String(),
  areaName: Type.String(),
  unitId: Type.String(),
  unitNumber: Nullable(Type.String()),
  /** Usuario: who booked it. */
  userId: Nullable(Type.String()),
  userName: Nullable(Type.String()),
  /** Inicio, Fin */
  startsAt: Type.String({ format: 'date-time' }),
  endsAt: Type.String({ format: 'date-time' }),
  status: Type.Union(RESERVATION_STATUSES.map((s) => Type.Literal(s))),
  /** Aprobada */
  approved: Type.Boolean(),
  /** Hash: 15 lowercase letters and digits. */
  hash: Type.String(),
  /** The 8-digit code (its owner and the office only); null without one. */
  code: Nullable(Type.String()),
  codeValidFrom: Nullable(Type.String()),
  codeValidUntil: Nullable(Type.String()),
  guests: Nullable(Type.Integer()),
  notes: Nullable(Type.String()),
  price: Type.Number(),
  deposit: Type.Number(),
  /** The price and deposit were posted to the unit's receivables. */
  charged: Type.Boolean(),
  reason: Nullable(Type.String()),
  decidedAt: Nullable(Type.String()),
  decidedByName: Nullable(Type.String()),
  lastValidatedAt: Nullable(Type.String()),
  createdAt: Type.String({ format: 'date-time' }),
});

export const ReservationCreateSchema = Type.Object(
  {
    areaId: Type.String({ format: 'uuid' }),
    startsAt: Type.String({ format: 'date-time' }),
    endsAt: Type.String({ format: 'date-time' }),
    guests: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: A.capacityMax }))),
    notes: Type.Optional(Nullable(Type.String({ maxLength: R.notes }))),
    /** The office books for a unit; a resident books for their own (a different one is refused). */
    unitId: Type.Optional(Type.String({ format: 'uuid' })),
  },
  { additionalProperties: false },
);
export const ReservationUpdateSchema = Type.Object(
  {
    startsAt: Type.Optional(Type.String({ format: 'date-time' })),
    endsAt: Type.Optional(Type.String({ format: 'date-time' })),
    guests: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: A.capacityMax }))),
    notes: Type.Optional(Nullable(Type.String({ maxLength: R.notes }))),
  },
  { additionalProperties: false },
);
export const ReasonSchema = Type.Object(
  { reason: Type.Optional(Nullable(Type.String({ maxLength: R.reason }))) },
  { additionalProperties: false },
);
export const BulkApproveSchema = Type.Object(
  { ids: Type.Array(Type.String({ format: 'uuid' }), { minItems: 1, maxItems: R.bulk, uniqueItems: true }) },
  { additionalProperties: false },
);
export const BulkApproveResultSchema = Type.Object({
  approved: Type.Array(Type.String()),
  /** Not approved: already ended (past ones are skipped), no longer pending, or refused. */
  skipped: Type.Array(Type.Object({ id: Type.String(), reason: Type.String() })),
});

export const ValidateCodeSchema = Type.Object(
  { code: Type.String({ pattern: `^\\d{${R.codeDigits}}$` }) },
  { additionalProperties: false },
);
export const ValidationResultSchema = Type.Object({
  valid: Type.Boolean(),
  message: Type.String(),
  reservation: Nullable(
    Type.Object({
      id: Type.String(),
      areaName: Type.String(),
      unitNumber: Nullable(Type.String()),
      userName: Nullable(Type.String()),
      startsAt: Type.String(),
      endsAt: Type.String(),
      guests: Nullable(Type.Integer()),
    }),
  ),
});

export const PendingSchema = Type.Object({
  count: Type.Integer(),
  latest: Type.Array(Type.Object({ id: Type.String(), title: Type.String(), at: Type.String() })),
});

/** The switches that shape a reservation's pass (QRPin, QrPrint, QrSize, QrElevator). */
export const PassOptionsSchema = Type.Object({
  pin: Type.Boolean(),
  print: Type.Boolean(),
  large: Type.Boolean(),
  elevator: Type.Boolean(),
});

// ---------------------------------------------------------------- the spec's qrcode/qr_area paths (002 §7)
const Stamp = Type.String({ format: 'date-time' });
export const QrAreaCreateSchema = Type.Object(
  {
    conjunto: Type.String({ format: 'uuid' }),
    code: Type.String({ pattern: `^\\d{${R.codeDigits}}$` }),
    direction: Type.Literal('in'),
    date_from: Stamp,
    date_until: Stamp,
    area: Type.String({ format: 'uuid' }),
    reserva: Type.String({ format: 'uuid' }),
    user: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
  },
  { additionalProperties: false },
);
export const QrAreaUpdateSchema = Type.Object({ date_from: Stamp, date_until: Stamp }, { additionalProperties: false });
export const QrAreaQuery = Type.Object({ conjunto: Type.String({ format: 'uuid' }) }, { additionalProperties: false });
export const QrAreaSchema = Type.Object({
  code: Nullable(Type.String()),
  hash: Type.String(),
  reserva: Type.String(),
  area: Type.String(),
  date_from: Nullable(Type.String()),
  date_until: Nullable(Type.String()),
});

export type Area = Static<typeof AreaSchema>;
export type AreaWrite = Static<typeof AreaCreateSchema>;
export type Reservation = Static<typeof ReservationSchema>;
export type Availability = Static<typeof AvailabilitySchema>;
export type MonthSummary = Static<typeof MonthSchema>;
export type Calendar = Static<typeof CalendarSchema>;
export type CalendarItem = Static<typeof CalendarItemSchema>;
export type Slot = Static<typeof SlotSchema>;
export type ValidationResult = Static<typeof ValidationResultSchema>;
export type BulkApproveResult = Static<typeof BulkApproveResultSchema>;
export type PassOptions = Static<typeof PassOptionsSchema>;
