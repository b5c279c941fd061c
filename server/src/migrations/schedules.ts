import type { PluginMigration } from '@conjunto/core';

/** Plugins' recurring schedules per complex (server/src/schedules.ts). */
export const scheduleMigrations: PluginMigration[] = [
  {
    name: 'server_0017_schedules',
    up: [
      `create table host_schedules (
        id uuid primary key,
        plugin varchar(60) not null,
        complex_id uuid not null references complexes(id) on delete cascade,
        key varchar(100) not null,
        job varchar(100) not null,
        starts_at timestamptz not null,
        rrule varchar(200),
        data jsonb not null default '{}',
        user_id uuid,
        user_name varchar(201),
        next_run_at timestamptz,
        last_run_at timestamptz,
        lease_until timestamptz,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        unique (complex_id, plugin, key)
      )`,
      // The ticker's read: the due rows only (finished schedules have no next run).
      'create index host_schedules_due_idx on host_schedules (next_run_at) where next_run_at is not null',
    ],
  },
  {
    // MailMessage.fromName / replyTo: a complex's mass mailings name the office and take replies at its address.
    name: 'server_0018_mail_sender',
    up: ['alter table mail_outbox add column from_name varchar(100), add column reply_to varchar(254)'],
  },
];
