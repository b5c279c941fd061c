import type { PluginMigration } from '@conjunto/core';

/** plates and tags: one table each, the same columns; the value is unique per complex (the database says so). */
const table = (name: 'plates' | 'tags', pattern: string) => [
  `create table ${name} (
    id uuid primary key,
    complex_id uuid not null references complexes(id) on delete cascade deferrable initially deferred,
    value varchar(20) not null check (value ~ '${pattern}'),
    status varchar(10) not null default 'active' check (status in ('active', 'inactive', 'blocked')),
    unit_id uuid not null references units(id) on delete cascade deferrable initially deferred,
    resident_id uuid references users(id) on delete set null deferrable initially deferred,
    block_reason varchar(250),
    blocked_at timestamptz,
    created_at timestamptz not null default now(),
    check ((status = 'blocked') = (block_reason is not null))
  )`,
  `create unique index ${name}_complex_value_unique on ${name} (complex_id, value)`,
  // The lists: a unit's (the resident's own, the resident detail), a resident's, by status; newest first.
  `create index ${name}_complex_unit_idx on ${name} (complex_id, unit_id)`,
  `create index ${name}_complex_resident_idx on ${name} (complex_id, resident_id)`,
  `create index ${name}_complex_status_created_idx on ${name} (complex_id, status, created_at desc)`,
  `create index ${name}_complex_created_idx on ${name} (complex_id, created_at desc)`,
];

export const vehiclesInit: PluginMigration = {
  name: 'residents_0002_vehicles',
  up: [...table('plates', '^[A-Z]{3}[0-9]{3,4}$'), ...table('tags', '^[0-9]{8}$')],
};
