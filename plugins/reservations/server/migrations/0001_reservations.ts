import type { PluginMigration } from '@conjunto/core';
import { AREA_LIMITS as A, RESERVATION_STATUSES } from '../../reservations.ts';

const among = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');
const fk = (table: string, onDelete = 'cascade') => `references ${table}(id) on delete ${onDelete} deferrable initially deferred`;

export const reservationsInit: PluginMigration = {
  name: 'reservations_0001_init',
  up: [
    // Equality (the area) and overlap (the time range) in one exclusion constraint: btree_gist.
    'create extension if not exists btree_gist',
    `create table reservation_areas (
      id uuid primary key,
      complex_id uuid not null ${fk('complexes')},
      name varchar(${A.name}) not null check (length(trim(name)) > 0),
      description varchar(${A.description}),
      rules varchar(${A.rules}),
      enabled boolean not null default true,
      allow_qr boolean not null default false,
      capacity integer check (capacity between 1 and ${A.capacityMax}),
      price numeric(14,2) not null default 0 check (price between 0 and ${A.amountMax}),
      deposit numeric(14,2) not null default 0 check (deposit between 0 and ${A.amountMax}),
      mode varchar(10) not null default 'horas' check (mode in ('horas', 'bloques')),
      opens_minute integer not null default 480 check (opens_minute between 0 and 1439),
      closes_minute integer not null default 1320 check (closes_minute between 1 and 1440),
      slot_minutes integer not null default 60 check (slot_minutes between ${A.slotMinutesMin} and ${A.slotMinutesMax}),
      max_slots integer not null default 4 check (max_slots between 1 and ${A.maxSlotsMax}),
      min_notice_hours integer not null default 24 check (min_notice_hours between 0 and ${A.minNoticeHoursMax}),
      max_per_unit_month integer check (max_per_unit_month between 1 and ${A.maxPerUnitMonthMax}),
      weekdays smallint not null default 127 check (weekdays between 1 and 127),
      photos jsonb not null default '[]',
      created_at timestamptz not null default now(),
      check (closes_minute > opens_minute)
    )`,
    'create unique index reservation_areas_complex_name_unique on reservation_areas (complex_id, lower(name))',
    `create table reservations (
      id uuid primary key,
      complex_id uuid not null ${fk('complexes')},
      area_id uuid not null ${fk('reservation_areas')},
      unit_id uuid not null ${fk('units')},
      user_id uuid ${fk('users', 'set null')},
      starts_at timestamptz not null,
      ends_at timestamptz not null,
      status varchar(10) not null default 'pendiente' check (status in (${among(RESERVATION_STATUSES)})),
      hash varchar(15) not null unique,
      code varchar(8),
      code_valid_from timestamptz,
      code_valid_until timestamptz,
      guests integer check (guests between 1 and ${A.capacityMax}),
      notes varchar(500),
      price numeric(14,2) not null default 0,
      deposit numeric(14,2) not null default 0,
      charged boolean not null default false,
      reason varchar(300),
      decided_at timestamptz,
      decided_by uuid ${fk('users', 'set null')},
      last_validated_at timestamptz,
      created_at timestamptz not null default now(),
      check (ends_at > starts_at),
      -- Only an approved reservation holds a code.
      check (code is null or status = 'aprobada'),
      -- No double booking, whatever races: two live reservations of one area never overlap.
      constraint reservations_no_overlap exclude using gist (area_id with =, tstzrange(starts_at, ends_at) with &&)
        where (status in ('pendiente', 'aprobada'))
    )`,
    'create unique index reservations_complex_code_unique on reservations (complex_id, code) where code is not null',
    // The admin's lists (pending first, by day), the resident's (their unit) and the month's count per unit.
    'create index reservations_complex_status_starts_idx on reservations (complex_id, status, starts_at desc, id)',
    'create index reservations_complex_starts_idx on reservations (complex_id, starts_at desc, id)',
    'create index reservations_unit_starts_idx on reservations (complex_id, unit_id, starts_at desc)',
  ],
};
