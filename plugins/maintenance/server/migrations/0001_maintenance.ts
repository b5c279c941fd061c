import type { PluginMigration } from '@conjunto/core';

const complexFk = 'complex_id uuid not null references complexes(id) on delete cascade deferrable initially deferred';

export const maintenanceInit: PluginMigration = {
  name: 'maintenance_0001_init',
  up: [
    `create table maintenance_plans (
      id uuid primary key,
      ${complexFk},
      title varchar(120) not null check (length(trim(title)) > 0),
      description varchar(1000),
      supplier varchar(120),
      cost numeric(14,2) check (cost >= 0),
      recurrence varchar(10) not null check (recurrence in ('weekly', 'monthly', 'annual', 'rrule')),
      rrule varchar(300),
      start_date date not null,
      until_date date,
      ends_on date,
      is_future boolean not null default false,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check ((recurrence = 'rrule') = (rrule is not null)),
      check (until_date is null or until_date >= start_date),
      check (ends_on is null or ends_on >= start_date)
    )`,
    // The listing (spec 002 §9: open plans and those ended within 6 months) and its default order.
    'create index maintenance_plans_complex_ends_idx on maintenance_plans (complex_id, ends_on)',
    'create index maintenance_plans_complex_start_idx on maintenance_plans (complex_id, start_date desc)',
    `create table maintenance_occurrences (
      id uuid primary key,
      ${complexFk},
      plan_id uuid not null references maintenance_plans(id) on delete cascade deferrable initially deferred,
      due_on date not null,
      done_at timestamptz,
      done_by uuid references users(id) on delete set null deferrable initially deferred,
      notes varchar(500),
      reminded_at timestamptz,
      constraint maintenance_occurrences_one_per_day unique (plan_id, due_on)
    )`,
    'create index maintenance_occurrences_complex_idx on maintenance_occurrences (complex_id, due_on desc)',
  ],
};
