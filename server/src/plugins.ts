// The plugins this build installs, in dependency order. Platform staff enable or disable them at run time.
import type { ServerPlugin } from '@conjunto/core';
import accounting from '@conjunto/plugin-accounting/server';
import archive from '@conjunto/plugin-archive/server';
import biometrics from '@conjunto/plugin-biometrics/server';
import gate from '@conjunto/plugin-gate/server';
import issueReports from '@conjunto/plugin-issue-reports/server';
import mailings from '@conjunto/plugin-mailings/server';
import maintenance from '@conjunto/plugin-maintenance/server';
import reservations from '@conjunto/plugin-reservations/server';
import residents from '@conjunto/plugin-residents/server';
import support from '@conjunto/plugin-support/server';
import surveys from '@conjunto/plugin-surveys/server';
import votes from '@conjunto/plugin-votes/server';

export const installedPlugins: readonly ServerPlugin[] = [
  surveys,
  accounting,
  biometrics,
  residents,
  reservations,
  gate,
  votes,
  archive,
  maintenance,
  issueReports,
  support,
  mailings,
];
