import type { PluginMigration } from '@conjunto/core';

/** A household's family members and approvers, per resident (a host directory user). */
export const householdInit: PluginMigration = {
  name: 'residents_0001_household',
  up: [
    `create table family_members (
      id uuid primary key,
      complex_id uuid not null references complexes(id) on delete cascade deferrable initially deferred,
      resident_id uuid not null references users(id) on delete cascade deferrable initially deferred,
      first_name varchar(70) not null check (length(trim(first_name)) > 0),
      last_name varchar(70) not null check (length(trim(last_name)) > 0),
      id_number varchar(20) not null check (id_number ~ '^[0-9]+$'),
      relationship varchar(50),
      created_at timestamptz not null default now()
    )`,
    // '¡Ya existe esta persona en el registro!': one person (cédula) once in a resident's register.
    'create unique index family_members_resident_id_number_unique on family_members (complex_id, resident_id, id_number)',
    'create index family_members_complex_resident_name_idx on family_members (complex_id, resident_id, last_name, first_name)',
    'create index family_members_complex_name_idx on family_members (complex_id, last_name, first_name)',
    `create table approvers (
      id uuid primary key,
      complex_id uuid not null references complexes(id) on delete cascade deferrable initially deferred,
      resident_id uuid not null references users(id) on delete cascade deferrable initially deferred,
      position smallint not null check (position between 1 and 5),
      first_name varchar(70) not null check (length(trim(first_name)) > 0),
      last_name varchar(70) not null check (length(trim(last_name)) > 0),
      created_at timestamptz not null default now()
    )`,
    // At most 5 per resident, enforced by the database: positions 1..5, each once.
    'create unique index approvers_resident_position_unique on approvers (complex_id, resident_id, position)',
    'create unique index approvers_resident_name_unique on approvers (complex_id, resident_id, lower(first_name), lower(last_name))',
    'create index approvers_complex_name_idx on approvers (complex_id, last_name, first_name)',
  ],
};
