import type { PluginMigration } from '@conjunto/core';

const complexFk = 'complex_id uuid not null references complexes(id) on delete cascade deferrable initially deferred';

/** Moving requests with their truck's log, and pets; every index leads with complex_id. */
export const residentsMovingPets: PluginMigration = {
  name: 'residents_0003_moving_pets',
  up: [
    `create table moving_requests (
      id uuid primary key,
      ${complexFk},
      unit_id uuid not null references units(id) on delete cascade deferrable initially deferred,
      resident_id uuid references users(id) on delete set null deferrable initially deferred,
      type varchar(10) not null check (type in ('ingreso', 'salida')),
      date date not null,
      start_time varchar(5) check (start_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
      end_time varchar(5) check (end_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
      plate varchar(7) not null check (plate ~ '^[A-Z]{3}[0-9]{3,4}$'),
      notes varchar(500),
      status varchar(12) not null default 'pendiente'
        check (status in ('pendiente', 'aprobada', 'rechazada', 'completada', 'cancelada')),
      reject_reason varchar(300),
      decided_by uuid references users(id) on delete set null deferrable initially deferred,
      decided_at timestamptz,
      created_by uuid references users(id) on delete set null deferrable initially deferred,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check (start_time is null or end_time is null or end_time > start_time),
      check (status <> 'rechazada' or reject_reason is not null)
    )`,
    // The list (newest day first, often by status), a unit's and a resident's requests.
    'create index moving_requests_complex_date_idx on moving_requests (complex_id, date desc)',
    'create index moving_requests_complex_status_date_idx on moving_requests (complex_id, status, date desc)',
    'create index moving_requests_complex_unit_idx on moving_requests (complex_id, unit_id, date desc)',
    'create index moving_requests_complex_resident_idx on moving_requests (complex_id, resident_id)',
    `create table moving_entries (
      id uuid primary key,
      ${complexFk},
      request_id uuid not null references moving_requests(id) on delete cascade deferrable initially deferred,
      unit_id uuid not null references units(id) on delete cascade deferrable initially deferred,
      plate varchar(7) not null,
      entered_at timestamptz not null,
      exited_at timestamptz check (exited_at is null or exited_at >= entered_at),
      registered_by uuid references users(id) on delete set null deferrable initially deferred,
      notes varchar(300),
      created_at timestamptz not null default now()
    )`,
    // The log of a plate for a unit (bitacoraMudanza/:placa/unidas/:unidadHabitacional) and of a request.
    'create index moving_entries_complex_plate_unit_idx on moving_entries (complex_id, plate, unit_id, entered_at desc)',
    'create index moving_entries_complex_request_idx on moving_entries (complex_id, request_id, entered_at desc)',
    'create index moving_entries_complex_entered_idx on moving_entries (complex_id, entered_at desc)',
    `create table pets (
      id uuid primary key,
      ${complexFk},
      unit_id uuid not null references units(id) on delete cascade deferrable initially deferred,
      owner_id uuid references users(id) on delete set null deferrable initially deferred,
      name varchar(60) not null check (length(trim(name)) > 0),
      species varchar(10) not null check (species in ('perro', 'gato', 'otro')),
      breed varchar(60),
      color varchar(40),
      vaccinated_on date,
      notes varchar(500),
      photo_file_id uuid references files(id) on delete set null deferrable initially deferred,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`,
    'create index pets_complex_name_idx on pets (complex_id, name)',
    'create index pets_complex_unit_idx on pets (complex_id, unit_id)',
    'create index pets_complex_vaccinated_idx on pets (complex_id, vaccinated_on)',
  ],
};
