import type { PluginMigration } from '@conjunto/core';

/**
 * Issue 14 (spec 002 §2.3): the history of the payment notices the office sent, one row per run (overdue fees,
 * statements, manual notice), written in the run's transaction: the board reads it instead of the complex's outbox.
 */
export const accountingNoticeRuns: PluginMigration = {
  name: 'accounting_0008_notice_runs',
  up: [
    `create table accounting_notice_runs (
       id uuid primary key,
       complex_id uuid not null references complexes(id) on delete cascade deferrable initially deferred,
       number integer not null,
       kind varchar(10) not null check (kind in ('overdue', 'statement', 'manual')),
       notice_date timestamptz not null,
       cutoff_date date,
       queued integer not null check (queued >= 0),
       skipped integer not null check (skipped >= 0),
       user_id uuid,
       user_name varchar(201) not null,
       unique (complex_id, number))`,
    'create index accounting_notice_runs_complex_idx on accounting_notice_runs (complex_id, notice_date desc)',
  ],
};
