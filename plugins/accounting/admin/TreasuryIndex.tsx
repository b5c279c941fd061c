// Part B of the accounting admin (treasury): resources, menu entries and routes that admin/index.tsx spreads
// into its region B. Every screen is a lazy chunk.
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
import { MANAGE_ROLES, READ_ROLES } from './shared/canManage.ts';
import { TREASURY } from './TreasuryCommon.tsx';

const ExpenseList = lazy(() => import('./ExpenseList.tsx'));
const ExpenseCreate = lazy(() => import('./ExpenseCreate.tsx'));
const ExpenseEdit = lazy(() => import('./ExpenseEdit.tsx'));
const ExpenseShow = lazy(() => import('./ExpenseShow.tsx'));
const SupplierList = lazy(() => import('./SupplierList.tsx'));
const SupplierCreate = lazy(() => import('./SupplierCreate.tsx'));
const SupplierEdit = lazy(() => import('./SupplierEdit.tsx'));
const PayableList = lazy(() => import('./PayableList.tsx'));
const PayableRecurringList = lazy(() => import('./PayableRecurringList.tsx'));
const PayableCreate = lazy(() => import('./PayableCreate.tsx'));
const PayableEdit = lazy(() => import('./PayableEdit.tsx'));
const TransferList = lazy(() => import('./TransferList.tsx'));
const TransferCreate = lazy(() => import('./TransferCreate.tsx'));
const PendingTransferList = lazy(() => import('./PendingTransferList.tsx'));
const ReconciliationList = lazy(() => import('./ReconciliationList.tsx'));
const ReconciliationCreate = lazy(() => import('./ReconciliationCreate.tsx'));
const ReconciliationShow = lazy(() => import('./ReconciliationShow.tsx'));
const AccountingSettings = lazy(() => import('./AccountingSettings.tsx'));

// Lists are read by the board too; the screens hide their create, edit and delete buttons from it.
const resources: AdminResource[] = [
  {
    name: TREASURY.expenses,
    apiResource: 'expenses',
    list: ExpenseList,
    create: ExpenseCreate,
    edit: ExpenseEdit,
    show: ExpenseShow,
    icon: TrendingDownIcon,
    roles: READ_ROLES,
  },
  {
    name: TREASURY.suppliers,
    apiResource: 'suppliers',
    list: SupplierList,
    create: SupplierCreate,
    edit: SupplierEdit,
    icon: LocalShippingIcon,
    roles: READ_ROLES,
  },
  {
    name: TREASURY.payables,
    apiResource: 'payables',
    list: PayableList,
    create: PayableCreate,
    edit: PayableEdit,
    icon: ReceiptLongIcon,
    roles: READ_ROLES,
  },
  {
    name: TREASURY.recurring,
    apiResource: 'payables',
    list: PayableRecurringList,
    create: PayableCreate,
    edit: PayableEdit,
    icon: EventRepeatIcon,
    roles: READ_ROLES,
  },
  {
    name: TREASURY.transfers,
    apiResource: 'transfers',
    list: TransferList,
    create: TransferCreate,
    icon: SwapHorizIcon,
    roles: READ_ROLES,
  },
  {
    name: TREASURY.pending,
    apiResource: 'pending-transfers',
    list: PendingTransferList,
    icon: PendingActionsIcon,
    roles: READ_ROLES,
  },
  // conciliar/:id and conciliar/:id/detalle both live in the edit slot (':id/*').
  {
    name: TREASURY.reconciliations,
    apiResource: 'reconciliations',
    list: ReconciliationList,
    create: ReconciliationCreate,
    edit: ReconciliationShow,
    icon: FactCheckIcon,
    roles: READ_ROLES,
  },
];

const menu: AdminMenuEntry[] = [
  { to: TREASURY.expenses, labelKey: 'accounting.treasury.menu.expenses', icon: TrendingDownIcon, roles: READ_ROLES },
  { to: TREASURY.suppliers, labelKey: 'accounting.treasury.menu.suppliers', icon: LocalShippingIcon, roles: READ_ROLES },
  { to: TREASURY.payables, labelKey: 'accounting.treasury.menu.payables', icon: ReceiptLongIcon, roles: READ_ROLES },
  { to: TREASURY.recurring, labelKey: 'accounting.treasury.menu.recurring', icon: EventRepeatIcon, roles: READ_ROLES },
  { to: TREASURY.transfers, labelKey: 'accounting.treasury.menu.transfers', icon: SwapHorizIcon, roles: READ_ROLES },
  { to: TREASURY.pending, labelKey: 'accounting.treasury.menu.pending', icon: PendingActionsIcon, roles: READ_ROLES },
  { to: TREASURY.reconciliations, labelKey: 'accounting.treasury.menu.reconciliations', icon: FactCheckIcon, roles: READ_ROLES },
  { to: TREASURY.settings, labelKey: 'accounting.treasury.menu.settings', icon: TuneIcon, roles: MANAGE_ROLES },
];

const routes: AdminRoute[] = [{ path: TREASURY.settings, element: <AccountingSettings />, roles: MANAGE_ROLES }];

export default { resources, menu, routes };
