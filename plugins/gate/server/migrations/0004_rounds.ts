import type { PluginMigration } from '@conjunto/core';
import { ROUNDS_LIMITS as L } from '../../rounds.ts';

/**
 * Shifts, checkpoints and rounds (spec 002 §2.2 ingresos = Cambios de Guardias, rondas; §2.5 gestionGuardia).
 * - gate_shifts: a guard on duty at a post from start to hand-over; ONE open shift per guard and complex, decided by
 *   the unique partial index (concurrent starts: one insert wins, the others get 409). The guard's and the post's
 *   names are kept as they were (the history reads well after a rename or an unlink).
 * - gate_checkpoints: the points a post's round passes, in order, with an optional tag code (QR/NFC).
 * - gate_rounds + gate_round_marks: a round snapshots the post's checkpoints as its marks (marked_at null); marking
 *   is a conditional update of one of them (never twice; a checkpoint not in the round is not found). One open round
 *   per guard and complex, like shifts.
 */
export const gateRounds: PluginMigration = {
  name: 'gate_0004_rounds',
  up: [
    `create table gate_shifts (
      id uuid primary key,
      complex_id uuid not null references complexes(id) on delete cascade deferrable initially deferred,
      guard_id uuid references users(id) on delete set null deferrable initially deferred,
      guard_name varchar(201) not null,
      post_id uuid references gate_posts(id) on delete set null deferrable initially deferred,
      post_name varchar(100),
      started_at timestamptz not null default now(),
      ended_at timestamptz,
      start_observation varchar(${L.observation}),
      end_observation varchar(${L.observation}),
      ended_by uuid references users(id) on delete set null deferrable initially deferred,
      check (ended_at is null or ended_at >= started_at)
    )`,
    'create unique index gate_shifts_one_open on gate_shifts (complex_id, guard_id) where ended_at is null',
    'create index gate_shifts_complex_started on gate_shifts (complex_id, started_at desc)',
    `create table gate_checkpoints (
      id uuid primary key,
      complex_id uuid not null references complexes(id) on delete cascade deferrable initially deferred,
      post_id uuid not null references gate_posts(id) on delete cascade deferrable initially deferred,
      name varchar(${L.checkpointName}) not null,
      position integer not null check (position between 1 and 10000),
      code varchar(${L.checkpointCode}),
      is_active boolean not null default true,
      created_at timestamptz not null default now()
    )`,
    'create unique index gate_checkpoints_post_name on gate_checkpoints (post_id, lower(name))',
    'create unique index gate_checkpoints_code on gate_checkpoints (complex_id, code) where code is not null',
    'create index gate_checkpoints_complex_post on gate_checkpoints (complex_id, post_id, position)',
    `create table gate_rounds (
      id uuid primary key,
      complex_id uuid not null references complexes(id) on delete cascade deferrable initially deferred,
      guard_id uuid references users(id) on delete set null deferrable initially deferred,
      guard_name varchar(201) not null,
      post_id uuid references gate_posts(id) on delete set null deferrable initially deferred,
      post_name varchar(100),
      shift_id uuid references gate_shifts(id) on delete set null deferrable initially deferred,
      status varchar(12) not null default 'enCurso' check (status in ('enCurso', 'completa', 'incompleta')),
      checkpoint_count integer not null check (checkpoint_count > 0),
      marked_count integer not null default 0,
      started_at timestamptz not null default now(),
      ended_at timestamptz,
      observation varchar(${L.observation}),
      check (marked_count between 0 and checkpoint_count),
      check ((status = 'enCurso') = (ended_at is null))
    )`,
    "create unique index gate_rounds_one_open on gate_rounds (complex_id, guard_id) where status = 'enCurso'",
    'create index gate_rounds_complex_started on gate_rounds (complex_id, started_at desc)',
    `create table gate_round_marks (
      id uuid primary key,
      complex_id uuid not null references complexes(id) on delete cascade deferrable initially deferred,
      round_id uuid not null references gate_rounds(id) on delete cascade deferrable initially deferred,
      checkpoint_id uuid references gate_checkpoints(id) on delete set null deferrable initially deferred,
      checkpoint_name varchar(${L.checkpointName}) not null,
      position integer not null,
      marked_at timestamptz,
      note varchar(${L.note}),
      unique (round_id, checkpoint_id)
    )`,
    'create index gate_round_marks_round on gate_round_marks (round_id, position)',
  ],
};
