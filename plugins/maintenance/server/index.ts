import { defineServerPlugin } from '@conjunto/core';
import manifest from '../manifest.ts';
import { maintenanceInit } from './migrations/0001_maintenance.ts';
import { maintenanceDates } from './migrations/0002_maintenance_dates.ts';
import { MaintenancePlan } from './plan.entity.ts';
import { REMINDER_JOB, sendReminders } from './reminders.ts';
import { planRoutes } from './routes.ts';
import { seedMaintenance } from './seed.ts';

export default defineServerPlugin({
  manifest,
  entities: [MaintenancePlan],
  migrations: [maintenanceInit, maintenanceDates],
  routes: planRoutes,
  jobs: { [REMINDER_JOB]: sendReminders },
  // The daily run (reminders.ts), one schedule per complex.
  schedulable: [REMINDER_JOB],
  seedDemo: seedMaintenance,
});
