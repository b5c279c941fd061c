// TypeBox schemas of the maintenance plans: request/response validation on the server, OpenAPI, the admin's types.
import { DateOnly, Money, Nullable } from '@conjunto/core';
import { type Static, Type } from 'typebox';
import { DESCRIPTION_MAX, NOTES_MAX, RRULE_MAX, SUPPLIER_MAX, TITLE_MAX } from './manifest.ts';

const RecurrenceSchema = Type.Union([
  Type.Literal('weekly'),
  Type.Literal('monthly'),
  Type.Literal('annual'),
  Type.Literal('rrule'),
]);
export const PLAN_STATUSES = ['scheduled', 'pending', 'upToDate', 'ended'] as const;

export const PlanSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  title: Type.String(),
  description: Nullable(Type.String()),
  supplier: Nullable(Type.String()),
  /** Dollars with 2 decimals (cents in code). */
  cost: Nullable(Type.Number()),
  recurrence: RecurrenceSchema,
  /** The spec's days of the recurrence: 7, 30, 365; null for a custom rule. */
  intervalDays: Nullable(Type.Integer()),
  rrule: Nullable(Type.String()),
  startDate: Type.String({ format: 'date' }),
  untilDate: Nullable(Type.String({ format: 'date' })),
  endsOn: Nullable(Type.String({ format: 'date' })),
  isFuture: Type.Boolean(),
  /** 'scheduled' (starts later), 'pending' (its last date is due and not done), 'upToDate', 'ended'. */
  status: Type.Union([Type.Literal('scheduled'), Type.Literal('pending'), Type.Literal('upToDate'), Type.Literal('ended')]),
  /** Its last date on or before today, and whether it was done. */
  lastDue: Nullable(Type.String({ format: 'date' })),
  lastDone: Type.Boolean(),
  /** Its next date after today, null once ended. */
  nextDue: Nullable(Type.String({ format: 'date' })),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
});

const fields = {
  title: Type.String({ minLength: 1, maxLength: TITLE_MAX }),
  description: Type.Optional(Nullable(Type.String({ maxLength: DESCRIPTION_MAX }))),
  supplier: Type.Optional(Nullable(Type.String({ maxLength: SUPPLIER_MAX }))),
  cost: Type.Optional(Nullable(Money({ minimum: 0 }))),
  recurrence: RecurrenceSchema,
  rrule: Type.Optional(Nullable(Type.String({ maxLength: RRULE_MAX }))),
  startDate: DateOnly(),
  untilDate: Type.Optional(Nullable(DateOnly())),
  isFuture: Type.Optional(Type.Boolean()),
};

export const PlanCreateSchema = Type.Object(fields, { additionalProperties: false });
export const PlanUpdateSchema = Type.Partial(Type.Object(fields), { additionalProperties: false });

export const OccurrenceSchema = Type.Object({
  date: Type.String({ format: 'date' }),
  done: Type.Boolean(),
  doneAt: Nullable(Type.String({ format: 'date-time' })),
  doneByName: Nullable(Type.String()),
  notes: Nullable(Type.String()),
  /** Before today and not done. */
  overdue: Type.Boolean(),
});

export const OccurrencesSchema = Type.Object({
  /** The latest dates up to today (newest first, at most 5). */
  past: Type.Array(OccurrenceSchema),
  /** The next dates after today (at most 10). */
  upcoming: Type.Array(OccurrenceSchema),
});

export const DoneCreateSchema = Type.Object(
  { date: DateOnly(), notes: Type.Optional(Nullable(Type.String({ maxLength: NOTES_MAX }))) },
  { additionalProperties: false },
);

/** The bell's group (GET /maintenance-plans/pending). */
export const PendingSchema = Type.Object({
  count: Type.Integer(),
  latest: Type.Array(Type.Object({ id: Type.String(), title: Type.String(), at: Type.String() }), { maxItems: 5 }),
});

export type Plan = Static<typeof PlanSchema>;
export type PlanCreate = Static<typeof PlanCreateSchema>;
export type Occurrence = Static<typeof OccurrenceSchema>;
export type Occurrences = Static<typeof OccurrencesSchema>;
export type Pending = Static<typeof PendingSchema>;
