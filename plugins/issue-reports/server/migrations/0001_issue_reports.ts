import type { PluginMigration } from '@conjunto/core';

export const issueReportsInit: PluginMigration = {
  name: 'issue_reports_0001_init',
  up: [
    `create table issue_reports (
      id uuid primary key,
      complex_id uuid not null references complexes(id) on delete cascade deferrable initially deferred,
      unit_id uuid not null references units(id) on delete cascade deferrable initially deferred,
      resident_id uuid references users(id) on delete set null deferrable initially deferred,
      category smallint not null check (category between 1 and 6),
      detail varchar(1000) not null check (length(trim(detail)) > 0),
      status smallint not null default 0 check (status between 0 and 3),
      observations varchar(1000),
      rating smallint not null default 0 check (rating between 0 and 5),
      photo_file_id uuid references files(id) on delete set null deferrable initially deferred,
      reported_at timestamptz not null default now(),
      started_at timestamptz,
      completed_at timestamptz,
      rated_at timestamptz,
      updated_at timestamptz not null default now(),
      -- Calificado exactly when rated (spec 002 §4: a rating only once completed).
      check ((status = 3) = (rating > 0))
    )`,
    // The list (newest first, often by state), the bell (state 0) and a unit's reports.
    'create index issue_reports_complex_reported_idx on issue_reports (complex_id, reported_at desc)',
    'create index issue_reports_complex_status_idx on issue_reports (complex_id, status, reported_at desc)',
    'create index issue_reports_complex_unit_idx on issue_reports (complex_id, unit_id, reported_at desc)',
  ],
};
