// TypeBox schemas of the scheduled e-mails: request/response validation on the server, OpenAPI, the admin's types.
import { Nullable } from '@conjunto/core';
import { type Static, Type } from 'typebox';
import { BODY_MAX, SENDER_NAME_MAX, SUBJECT_MAX, UNITS_MAX } from './manifest.ts';

const AudienceSchema = Type.Union([
  Type.Literal('all'),
  Type.Literal('owners'),
  Type.Literal('tenants'),
  Type.Literal('arrears'),
  Type.Literal('units'),
]);
const RecurrenceSchema = Type.Union([
  Type.Literal('once'),
  Type.Literal('daily'),
  Type.Literal('weekly'),
  Type.Literal('monthly'),
]);
/** A Guayaquil wall time 'YYYY-MM-DDTHH:mm' (the admin's datetime-local input). */
const LocalDateTime = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}$', maxLength: 16 });
const Time = Type.String({ pattern: '^([01]\\d|2[0-3]):[0-5]\\d$', maxLength: 5 });

export const MailingSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  subject: Type.String(),
  body: Type.String(),
  audience: AudienceSchema,
  unitIds: Type.Array(Type.String()),
  recurrence: RecurrenceSchema,
  /** The first occurrence, Guayaquil wall time. */
  startAt: Type.String(),
  isActive: Type.Boolean(),
  /** The next occurrence (ISO instant), null when inactive or finished. */
  nextRunAt: Nullable(Type.String()),
  lastRunAt: Nullable(Type.String()),
  /** E-mails queued by the last run. */
  lastRunCount: Nullable(Type.Integer()),
  /** 'active', 'inactive', 'finished' (a one-off that ran, or no more dates), 'paused' (the complex paused all). */
  status: Type.Union([Type.Literal('active'), Type.Literal('inactive'), Type.Literal('finished'), Type.Literal('paused')]),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type Mailing = Static<typeof MailingSchema>;

const fields = {
  subject: Type.String({ minLength: 1, maxLength: SUBJECT_MAX }),
  body: Type.String({ minLength: 1, maxLength: BODY_MAX }),
  audience: AudienceSchema,
  unitIds: Type.Optional(Type.Array(Type.String({ maxLength: 36 }), { maxItems: UNITS_MAX, uniqueItems: true })),
  recurrence: RecurrenceSchema,
  startAt: LocalDateTime,
  isActive: Type.Optional(Type.Boolean()),
};
export const MailingCreateSchema = Type.Object(fields, { additionalProperties: false });
export const MailingUpdateSchema = Type.Partial(Type.Object(fields), { additionalProperties: false });

export const MailingOptionsSchema = Type.Object({
  /** Whether the overdue-debts audience can be chosen (accounting installed and on). */
  arrears: Type.Boolean(),
  defaultTime: Type.String(),
  paused: Type.Boolean(),
});

export const SettingsSchema = Type.Object({
  id: Type.String(),
  senderName: Nullable(Type.String()),
  replyTo: Nullable(Type.String()),
  defaultTime: Type.String(),
  paused: Type.Boolean(),
  updatedAt: Nullable(Type.String()),
});
export type MailingSettings = Static<typeof SettingsSchema>;

export const SettingsUpdateSchema = Type.Partial(
  Type.Object({
    senderName: Nullable(Type.String({ maxLength: SENDER_NAME_MAX })),
    replyTo: Nullable(Type.String({ maxLength: 254 })),
    defaultTime: Time,
    paused: Type.Boolean(),
  }),
  { additionalProperties: false },
);

export const SendAnswerSchema = Type.Object({ jobId: Type.String() });
