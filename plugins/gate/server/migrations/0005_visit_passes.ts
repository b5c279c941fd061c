import type { PluginMigration } from '@conjunto/core';

/**
 * Visit passes: an early visit's 8-digit code (spec 002 §9), unique among the complex's pending visits so a reader
 * finds one visit by it; a recurring pass (QrRecurrente) opens on weekdays (a bit per ISO day) until a day, and
 * remembers the day it was last used (once a day).
 */
export const gateVisitPasses: PluginMigration = {
  name: 'gate_0005_visit_passes',
  up: [
    `alter table early_visits
      add column code varchar(8) check (code ~ '^[0-9]{8}$'),
      add column weekdays smallint check (weekdays between 1 and 127),
      add column valid_until date,
      add column last_entry_on date,
      add check ((weekdays is null) = (valid_until is null))`,
    `create unique index early_visits_code on early_visits (complex_id, code) where status = 'pendiente'`,
  ],
};
