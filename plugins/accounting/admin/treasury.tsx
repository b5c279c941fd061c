// The treasury screens: expenses, suppliers, payables (due and recurring), transfers between accounts,
// transfers reported by residents, reconciliations and the accounting settings. Each screen is a chunk of its own.
import type { AdminMenuEntry, AdminResource, AdminRoute } from '@conjunto/core';
import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import PendingActionsIcon from '@mui/icons-material/PendingActions';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import TrendingDownIcon from '@mui/icons-material/TrendingDown';
import TuneIcon from '@mui/icons-material/Tune';
import { lazy } from 'react';
import { rolesFor } from './shared/access.ts';
import { PAGES, RESOURCES } from './shared/paths.ts';

const ExpenseList = lazy(() => import('./expenses/ExpenseList.tsx'));
const ExpenseCreate = lazy(() => import('./expenses/ExpenseCreate.tsx'));
const ExpenseEdit = lazy(() => import('./expenses/ExpenseEdit.tsx'));
const ExpenseShow = lazy(() => import('./expenses/ExpenseShow.tsx'));
const SupplierList = lazy(() => import('./suppliers/SupplierList.tsx'));
const SupplierCreate = lazy(() => import('./suppliers/SupplierCreate.tsx'));
const SupplierEdit = lazy(() => import('./suppliers/SupplierEdit.tsx'));
const PayableList = lazy(() => import('./payables/PayableList.tsx'));
const PayableRecurringList = lazy(() => import('./payables/PayableRecurringList.tsx'));
const PayableCreate = lazy(() => import('./payables/PayableCreate.tsx'));
const PayableEdit = lazy(() => import('./payables/PayableEdit.tsx'));
const TransferList = lazy(() => import('./transfers/TransferList.tsx'));
const TransferCreate = lazy(() => import('./transfers/TransferCreate.tsx'));
const PendingTransferList = lazy(() => import('./pendingTransfers/PendingTransferList.tsx'));
const ReconciliationList = lazy(() => import('./reconciliations/ReconciliationList.tsx'));
const ReconciliationCreate = lazy(() => import('./reconciliations/ReconciliationCreate.tsx'));
const ReconciliationShow = lazy(() => import('./reconciliations/ReconciliationShow.tsx'));
const AccountingSettings = lazy(() => import('./settings/AccountingSettings.tsx'));

// Every role of the manifest (the board too) reads these lists; what each may change follows the access table
// (canAccess): the buttons it may not use hide, and its create and edit screens send it back to the list.
/** The settings page is for the roles that may change them. */
const settingsRoles = rolesFor('accounting-settings', 'edit');
export const resources: AdminResource[] = [
  {
    name: RESOURCES.expenses,
    apiResource: 'expenses',
    list: ExpenseList,
    create: ExpenseCreate,
    edit: ExpenseEdit,
    show: ExpenseShow,
    icon: TrendingDownIcon,
  },
  {
    name: RESOURCES.suppliers,
    apiResource: 'suppliers',
    list: SupplierList,
    create: SupplierCreate,
    edit: SupplierEdit,
    icon: LocalShippingIcon,
  },
  {
    name: RESOURCES.payables,
    apiResource: 'payables',
    list: PayableList,
    create: PayableCreate,
    edit: PayableEdit,
    icon: ReceiptLongIcon,
  },
  {
    name: RESOURCES.recurringPayables,
    apiResource: 'payables',
    list: PayableRecurringList,
    create: PayableCreate,
    edit: PayableEdit,
    icon: EventRepeatIcon,
  },
  {
    name: RESOURCES.transfers,
    apiResource: 'transfers',
    list: TransferList,
    create: TransferCreate,
    icon: SwapHorizIcon,
  },
  {
    name: RESOURCES.pendingTransfers,
    apiResource: 'pending-transfers',
    list: PendingTransferList,
    icon: PendingActionsIcon,
  },
  // conciliar/:id and conciliar/:id/detalle both live in the edit slot (':id/*').
  {
    name: RESOURCES.reconciliations,
    apiResource: 'reconciliations',
    list: ReconciliationList,
    create: ReconciliationCreate,
    edit: ReconciliationShow,
    icon: FactCheckIcon,
  },
];

export const menu: AdminMenuEntry[] = [
  { to: RESOURCES.expenses, labelKey: 'accounting.treasury.menu.expenses', icon: TrendingDownIcon, group: 'treasury' },
  { to: RESOURCES.suppliers, labelKey: 'accounting.treasury.menu.suppliers', icon: LocalShippingIcon, group: 'suppliers' },
  { to: RESOURCES.payables, labelKey: 'accounting.treasury.menu.payables', icon: ReceiptLongIcon, group: 'suppliers' },
  { to: RESOURCES.recurringPayables, labelKey: 'accounting.treasury.menu.recurring', icon: EventRepeatIcon, group: 'suppliers' },
  { to: RESOURCES.transfers, labelKey: 'accounting.treasury.menu.transfers', icon: SwapHorizIcon, group: 'treasury' },
  { to: RESOURCES.pendingTransfers, labelKey: 'accounting.treasury.menu.pending', icon: PendingActionsIcon, group: 'treasury' },
  { to: RESOURCES.reconciliations, labelKey: 'accounting.treasury.menu.reconciliations', icon: FactCheckIcon, group: 'treasury' },
  {
    to: PAGES.settings,
    labelKey: 'accounting.treasury.menu.settings',
    icon: TuneIcon,
    roles: settingsRoles,
    group: 'administration',
  },
];

export const routes: AdminRoute[] = [{ path: PAGES.settings, element: <AccountingSettings />, roles: settingsRoles }];
