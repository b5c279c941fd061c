// /api/complexes/:complexId/... of the ledger (the host has checked tenancy, the Contabilidad switch and roles).
import type { HostServices, PluginApp } from '@conjunto/core';
import { bindDirectory } from './directory.ts';
import { bankAccountRoutes } from './routes/bank-accounts.ts';
import { certificateRoutes } from './routes/certificates.ts';
import { dashboardRoutes } from './routes/dashboard.ts';
import { documentRoutes } from './routes/documents.ts';
import { expenseRoutes } from './routes/expenses.ts';
import { importRoutes } from './routes/imports.ts';
import { incomeRoutes } from './routes/incomes.ts';
import { routeKit } from './routes/kit.ts';
import { receivableRoutes } from './routes/receivables.ts';
import { reconciliationRoutes } from './routes/reconciliations.ts';
import { residentRoutes } from './routes/resident.ts';
import { settingsRoutes } from './routes/settings.ts';
import { transferRoutes } from './routes/transfers.ts';
import { voucherRoutes } from './routes/vouchers.ts';

export function accountingRoutes(app: PluginApp, host: HostServices) {
  bindDirectory(host);
  const kit = routeKit(host);
  for (const routes of [
    settingsRoutes,
    bankAccountRoutes,
    receivableRoutes,
    incomeRoutes,
    expenseRoutes,
    transferRoutes,
    reconciliationRoutes,
    documentRoutes,
    importRoutes,
    dashboardRoutes,
    residentRoutes,
    voucherRoutes,
  ])
    routes(app, kit);
  certificateRoutes(app, kit, host);
}
