import type { PluginMigration } from '@conjunto/core';

/** The e-mail outbox every plugin queues into (server/src/mail.ts). */
export const mailMigrations: PluginMigration[] = [
  {
    name: 'server_0002_mail_outbox',
    up: [
      // status: 'pending' (waiting for SMTP), 'sent', 'failed' (gave up), 'local' (no SMTP configured when it
      // was queued: it stays readable here and is never sent later).
      `create table mail_outbox (
        id uuid primary key,
        complex_id uuid references complexes(id) on delete cascade deferrable initially deferred,
        category varchar(50),
        to_addresses jsonb not null,
        cc_addresses jsonb not null default '[]',
        subject varchar(250) not null,
        text text not null,
        html text,
        status varchar(10) not null check (status in ('pending', 'sent', 'failed', 'local')),
        attempts integer not null default 0,
        last_error varchar(500),
        next_attempt_at timestamptz not null default now(),
        created_by uuid,
        created_by_name varchar(201),
        created_at timestamptz not null default now(),
        sent_at timestamptz
      )`,
      'create index mail_outbox_complex_idx on mail_outbox (complex_id, created_at desc)',
      "create index mail_outbox_pending_idx on mail_outbox (next_attempt_at) where status = 'pending'",
      `create table mail_attachments (
        id uuid primary key,
        mail_id uuid not null references mail_outbox(id) on delete cascade deferrable initially deferred,
        position integer not null,
        filename varchar(200) not null,
        content_type varchar(100) not null,
        size integer not null,
        content bytea not null
      )`,
      'create index mail_attachments_mail_idx on mail_attachments (mail_id, position)',
    ],
  },
];
