import type { PluginMigration } from '@conjunto/core';

// Units the office records as present at the assembly: with the units that voted, the quorum's numerator.
export const voteAttendance: PluginMigration = {
  name: 'votes_0002_attendance',
  up: [
    `create table vote_attendance (
      id uuid primary key,
      complex_id uuid not null references complexes(id) on delete cascade deferrable initially deferred,
      vote_id uuid not null references votes(id) on delete cascade deferrable initially deferred,
      unit_id uuid not null references units(id) on delete cascade deferrable initially deferred,
      recorded_by uuid,
      recorded_at timestamptz not null default now(),
      constraint vote_attendance_one_per_unit unique (vote_id, unit_id)
    )`,
  ],
};
