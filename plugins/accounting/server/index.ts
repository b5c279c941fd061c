import { defineServerPlugin } from '@conjunto/core';
import manifest from '../manifest.ts';
import { createDefaultCategories } from './categories.ts';
import { accountingJobs } from './jobs.ts';
import { accountingEntities } from './ledger.entities.ts';
import {
  accountingAnnulledValues,
  accountingBanks,
  accountingChargeRefs,
  accountingCounters,
  accountingInit,
  accountingNoticeDeliveries,
} from './migrations/0001_accounting.ts';
import { accountingTransferVoucher } from './migrations/0002_transfer_voucher.ts';
import { accountingNoticeRuns } from './migrations/0003_notice_runs.ts';
import { accountingRoutes } from './routes.ts';
import { seedAccounting } from './seed/index.ts';
import { accountingService } from './service.ts';
import { unitAccounts } from './unit-accounts.ts';

export default defineServerPlugin({
  manifest,
  entities: accountingEntities,
  migrations: [
    accountingInit,
    accountingBanks,
    accountingAnnulledValues,
    accountingChargeRefs,
    accountingCounters,
    accountingNoticeDeliveries,
    accountingTransferVoucher,
    accountingNoticeRuns,
  ],
  routes: accountingRoutes,
  jobs: accountingJobs,
  onComplexCreated: createDefaultCategories,
  seedDemo: seedAccounting,
  service: accountingService,
  unitAccounts,
});
