import type { PluginMigration } from '@conjunto/core';

const complexFk = 'complex_id uuid not null references complexes(id) on delete cascade deferrable initially deferred';

export const mailingsInit: PluginMigration = {
  name: 'mailings_0001_init',
  up: [
    `create table mailings (
      id uuid primary key,
      ${complexFk},
      subject varchar(150) not null check (length(trim(subject)) > 0),
      body varchar(5000) not null check (length(trim(body)) > 0),
      audience varchar(10) not null check (audience in ('all', 'owners', 'tenants', 'arrears', 'units')),
      unit_ids jsonb not null default '[]',
      recurrence varchar(10) not null check (recurrence in ('once', 'daily', 'weekly', 'monthly')),
      start_at varchar(16) not null,
      is_active boolean not null default true,
      last_run_at timestamptz,
      last_run_count integer,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`,
    'create index mailings_complex_idx on mailings (complex_id, created_at desc)',
    // One row per run: its key (the occurrence, or a manual send's id) makes a retried job send nothing twice.
    `create table mailing_runs (
      id uuid primary key,
      ${complexFk},
      mailing_id uuid not null references mailings(id) on delete cascade,
      run_key varchar(80) not null,
      occurrence timestamptz,
      recipients integer not null,
      created_at timestamptz not null default now(),
      unique (mailing_id, run_key)
    )`,
    'create index mailing_runs_complex_idx on mailing_runs (complex_id, created_at desc)',
    `create table mailing_settings (
      id uuid primary key,
      ${complexFk} unique,
      sender_name varchar(100),
      reply_to varchar(254),
      default_time varchar(5) not null default '08:00',
      paused boolean not null default false,
      updated_at timestamptz not null default now()
    )`,
  ],
};
