import type { PluginMigration } from '@conjunto/core';
import { EARLY_VISIT_STATUSES, LIST_KINDS, VISIT_TIME_VALUES, VISIT_TYPE_NAMES } from '../../gate.ts';

const complexFk = 'complex_id uuid not null references complexes(id) on delete cascade deferrable initially deferred';
const userFk = (column: string) => `${column} uuid references users(id) on delete set null deferrable initially deferred`;
const among = (values: readonly string[]) => values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', ');

/** Guard posts, the digital log, black and white lists, early visits and novedades; every index leads with complex_id. */
export const gateInit: PluginMigration = {
  name: 'gate_0001_init',
  up: [
    `create table gate_posts (
      id uuid primary key,
      ${complexFk},
      name varchar(60) not null check (length(trim(name)) > 0),
      created_at timestamptz not null default now()
    )`,
    'create unique index gate_posts_complex_name_unique on gate_posts (complex_id, lower(name))',
    `create table gate_entries (
      id uuid primary key,
      ${complexFk},
      unit_id uuid references units(id) on delete set null deferrable initially deferred,
      ${userFk('resident_id')},
      place varchar(120),
      id_number varchar(20) not null check (id_number ~ '^[A-Z0-9-]{3,20}$'),
      first_name varchar(70) not null check (length(trim(first_name)) > 0),
      last_name varchar(70) not null default '',
      plate varchar(10) check (plate ~ '^[A-Z0-9]{2,10}$'),
      vehicle_color varchar(30),
      visit_type varchar(30) not null check (visit_type in (${among(VISIT_TYPE_NAMES)})),
      valid_until timestamptz,
      expected_stay varchar(10) check (expected_stay in (${among(VISIT_TIME_VALUES)})),
      expected_exit_at timestamptz,
      observations varchar(500),
      entry_kind varchar(30),
      post_id uuid references gate_posts(id) on delete set null deferrable initially deferred,
      ${userFk('registered_by')},
      entered_at timestamptz not null default now(),
      exited_at timestamptz check (exited_at is null or exited_at >= entered_at),
      ${userFk('exit_registered_by')},
      list_hit varchar(6) check (list_hit in (${among(LIST_KINDS)})),
      ${userFk('approved_by')},
      approved_at timestamptz,
      rejected boolean not null default false,
      source varchar(12) not null default 'guardia' check (source in ('guardia', 'anticipada', 'bitacora')),
      created_at timestamptz not null default now(),
      check (unit_id is not null or place is not null)
    )`,
    // One open entry per person and complex: the database decides between concurrent registrations.
    'create unique index gate_entries_one_open on gate_entries (complex_id, id_number) where exited_at is null',
    // The log, newest first; by post; a person's and a plate's history.
    'create index gate_entries_complex_entered_idx on gate_entries (complex_id, entered_at desc)',
    'create index gate_entries_complex_post_entered_idx on gate_entries (complex_id, post_id, entered_at desc)',
    'create index gate_entries_complex_person_idx on gate_entries (complex_id, id_number, entered_at desc)',
    'create index gate_entries_complex_plate_idx on gate_entries (complex_id, plate) where plate is not null',
    `create table gate_lists (
      id uuid primary key,
      ${complexFk},
      kind varchar(6) not null check (kind in (${among(LIST_KINDS)})),
      id_number varchar(20) check (id_number ~ '^[A-Z0-9-]{3,20}$'),
      plate varchar(10) check (plate ~ '^[A-Z0-9]{2,10}$'),
      name varchar(140),
      reason varchar(300),
      ${userFk('created_by')},
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check (id_number is not null or plate is not null)
    )`,
    // A cédula or a plate is on one list at most: the check at every entry finds one answer.
    'create unique index gate_lists_complex_id_number_unique on gate_lists (complex_id, id_number) where id_number is not null',
    'create unique index gate_lists_complex_plate_unique on gate_lists (complex_id, plate) where plate is not null',
    'create index gate_lists_complex_created_idx on gate_lists (complex_id, created_at desc)',
    `create table early_visits (
      id uuid primary key,
      ${complexFk},
      unit_id uuid references units(id) on delete cascade deferrable initially deferred,
      place varchar(120),
      ${userFk('resident_id')},
      ${userFk('announced_by')},
      first_name varchar(70) not null check (length(trim(first_name)) > 0),
      last_name varchar(70) not null default '',
      id_number varchar(20) check (id_number ~ '^[A-Z0-9-]{3,20}$'),
      plate varchar(10) check (plate ~ '^[A-Z0-9]{2,10}$'),
      vehicle_color varchar(30),
      expected_arrival timestamptz not null,
      expected_stay varchar(10) check (expected_stay in (${among(VISIT_TIME_VALUES)})),
      visit_type varchar(30) not null check (visit_type in (${among(VISIT_TYPE_NAMES)})),
      observations varchar(500),
      hash varchar(15) not null,
      status varchar(10) not null default 'pendiente' check (status in (${among(EARLY_VISIT_STATUSES)})),
      entry_id uuid references gate_entries(id) on delete set null deferrable initially deferred,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check (unit_id is not null or place is not null)
    )`,
    'create unique index early_visits_complex_hash_unique on early_visits (complex_id, hash)',
    // The guard's "today, not exited" (status, arrival) and a unit's own.
    'create index early_visits_complex_status_arrival_idx on early_visits (complex_id, status, expected_arrival)',
    'create index early_visits_complex_arrival_idx on early_visits (complex_id, expected_arrival desc)',
    'create index early_visits_complex_unit_idx on early_visits (complex_id, unit_id, expected_arrival desc)',
    `create table gate_events (
      id uuid primary key,
      ${complexFk},
      post_id uuid references gate_posts(id) on delete set null deferrable initially deferred,
      title varchar(120) not null check (length(trim(title)) > 0),
      detail varchar(2000),
      occurred_at timestamptz not null default now(),
      ${userFk('registered_by')},
      recipients jsonb not null default '[]',
      mail_id uuid,
      created_at timestamptz not null default now()
    )`,
    'create index gate_events_complex_occurred_idx on gate_events (complex_id, occurred_at desc)',
  ],
};
