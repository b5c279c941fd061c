// Accounting's sections on the resident screens (issue 12): in the resident's own area (slot 'residentArea', their
// unit from the session) and on the administrator's resident detail (slot 'resident', the resident's unit).
import type { AdminPanel, AdminWidget } from '@conjunto/core';
import { lazy } from 'react';

const statement = () => import('./StatementPanel.tsx');
const charges = () => import('./ChargesPanel.tsx');
const transfers = () => import('./TransfersPanel.tsx');
const mine = { resource: 'my-unit', action: 'statement' };
const unit = { resource: 'units', action: 'statement' };

export const panels: AdminPanel[] = [
  {
    id: 'myCharges',
    slot: 'residentArea',
    payments: true,
    titleKey: 'accounting.resident.chargesTitle',
    component: lazy(() => charges().then((m) => ({ default: m.MyChargesPanel }))),
    order: 10,
    roles: ['residente'],
    access: mine,
  },
  {
    id: 'myStatement',
    slot: 'residentArea',
    payments: true,
    titleKey: 'accounting.resident.statementTitle',
    component: lazy(() => statement().then((m) => ({ default: m.MyStatementPanel }))),
    order: 20,
    roles: ['residente'],
    access: mine,
  },
  {
    id: 'myTransfers',
    slot: 'residentArea',
    payments: true,
    titleKey: 'accounting.resident.transfersTitle',
    component: lazy(() => transfers().then((m) => ({ default: m.MyTransfersPanel }))),
    order: 30,
    roles: ['residente'],
    access: { resource: 'pending-transfers', action: 'create' },
  },
  {
    id: 'charges',
    slot: 'resident',
    titleKey: 'accounting.resident.chargesTitle',
    component: lazy(() => charges().then((m) => ({ default: m.ResidentChargesPanel }))),
    order: 40,
    access: unit,
  },
  {
    id: 'statement',
    slot: 'resident',
    titleKey: 'accounting.resident.statementTitle',
    component: lazy(() => statement().then((m) => ({ default: m.ResidentStatementPanel }))),
    order: 41,
    access: unit,
  },
  {
    id: 'transfers',
    slot: 'resident',
    titleKey: 'accounting.resident.unitTransfersTitle',
    component: lazy(() => transfers().then((m) => ({ default: m.ResidentTransfersPanel }))),
    order: 42,
    access: { resource: 'pending-transfers', action: 'list' },
  },
];

/** On the resident's Inicio: their balance in brief. */
export const residentWidgets: AdminWidget[] = [
  {
    id: 'myBalance',
    titleKey: 'accounting.resident.balanceTitle',
    component: lazy(() => import('./BalanceWidget.tsx')),
    size: 'medium',
    order: 5,
    roles: ['residente'],
    access: mine,
  },
];
