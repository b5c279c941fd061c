import { defineServerPlugin } from '@conjunto/core';
import manifest from '../manifest.ts';
import { Mailing, MailingSettingsRow } from './mailing.entity.ts';
import { mailingsInit } from './migrations/0001_mailings.ts';
import { mailingRoutes } from './routes.ts';
import { seedMailings } from './seed.ts';
import { SEND_JOB, sendMailing } from './send.ts';

export default defineServerPlugin({
  manifest,
  entities: [Mailing, MailingSettingsRow],
  migrations: [mailingsInit],
  routes: mailingRoutes,
  jobs: { [SEND_JOB]: sendMailing },
  // The host's schedules run it at each occurrence of a mailing's recurrence.
  schedulable: [SEND_JOB],
  seedDemo: seedMailings,
});
