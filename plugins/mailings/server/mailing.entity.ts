// A scheduled e-mail (correo programado) and the complex's settings of them. Runs are kept in mailing_runs (SQL only).
import { newId } from '@conjunto/core';
import { defineEntity, p } from '@mikro-orm/core';

export const MailingEntitySchema = defineEntity({
  name: 'Mailing',
  tableName: 'mailings',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => newId()),
    complexId: p.uuid(),
    subject: p.string().length(150),
    body: p.string().length(5000),
    audience: p.string().length(10),
    unitIds: p.json<string[]>().defaultRaw("'[]'::jsonb"),
    recurrence: p.string().length(10),
    /** Guayaquil wall time 'YYYY-MM-DDTHH:mm' of the first occurrence. */
    startAt: p.string().length(16),
    isActive: p.boolean().default(true),
    lastRunAt: p.datetime().nullable(),
    lastRunCount: p.integer().nullable(),
    createdAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
export class Mailing extends MailingEntitySchema.class {}
MailingEntitySchema.setClass(Mailing);

export const MailingSettingsEntitySchema = defineEntity({
  name: 'MailingSettings',
  tableName: 'mailing_settings',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => newId()),
    complexId: p.uuid(),
    senderName: p.string().length(100).nullable(),
    replyTo: p.string().length(254).nullable(),
    defaultTime: p.string().length(5).default('08:00'),
    paused: p.boolean().default(false),
    updatedAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
export class MailingSettingsRow extends MailingSettingsEntitySchema.class {}
MailingSettingsEntitySchema.setClass(MailingSettingsRow);
