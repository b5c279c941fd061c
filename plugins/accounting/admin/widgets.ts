// The accounting figures on the administrator's Inicio (spec 002 §2.5 item 13: days past due, monthly, transactions,
// incomes and expenses grouped by), each a chunk of its own; the charts' recharts loads later still (Chart.tsx).
import type { AdminWidget } from '@conjunto/core';
import { lazy } from 'react';
import { RESOURCES } from './shared/paths.ts';

const figure = (action: string) => ({ resource: 'accounting-dashboard', action });

export const widgets: AdminWidget[] = [
  {
    id: 'collection',
    titleKey: 'accounting.dashboard.collection.title',
    component: lazy(() => import('./dashboard/CollectionWidget.tsx')),
    size: 'small',
    order: 10,
    to: RESOURCES.incomes,
    access: figure('month'),
  },
  {
    id: 'pendingTransfers',
    titleKey: 'accounting.dashboard.pendingTransfers.title',
    component: lazy(() => import('./dashboard/PendingTransfersWidget.tsx')),
    size: 'small',
    order: 20,
    to: RESOURCES.pendingTransfers,
    access: { resource: 'pending-transfers', action: 'list' },
  },
  {
    id: 'balances',
    titleKey: 'accounting.dashboard.balances.title',
    component: lazy(() => import('./dashboard/BalancesWidget.tsx')),
    order: 50,
    to: RESOURCES.bankAccounts,
    access: figure('balances'),
  },
  {
    id: 'arrears',
    titleKey: 'accounting.dashboard.arrears.title',
    component: lazy(() => import('./dashboard/ArrearsWidget.tsx')),
    order: 60,
    to: RESOURCES.receivables,
    access: figure('arrears'),
  },
  {
    id: 'monthly',
    titleKey: 'accounting.dashboard.monthly.title',
    component: lazy(() => import('./dashboard/MonthlyWidget.tsx')),
    order: 70,
    access: figure('monthly'),
  },
  {
    id: 'breakdown',
    titleKey: 'accounting.dashboard.breakdown.title',
    component: lazy(() => import('./dashboard/BreakdownWidget.tsx')),
    order: 80,
    access: figure('breakdown'),
  },
];
