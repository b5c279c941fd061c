// The ledger screens: bank accounts and cash boxes, fund history, incomes (all, unidentified, annulled),
// receivables and rubros. Each screen is a chunk of its own.
import type { AdminMenuEntry, AdminResource, AdminRoute } from '@conjunto/core';
import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import BlockIcon from '@mui/icons-material/Block';
import CategoryIcon from '@mui/icons-material/Category';
import HelpCenterIcon from '@mui/icons-material/HelpCenter';
import PointOfSaleIcon from '@mui/icons-material/PointOfSale';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import StyleIcon from '@mui/icons-material/Style';
import TimelineIcon from '@mui/icons-material/Timeline';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import { lazy } from 'react';
import { READ_ROLES as roles } from './shared/canManage.ts';
import { PAGES, RESOURCES } from './shared/paths.ts';

const AccountList = lazy(() => import('./accounts/AccountList.tsx'));
const AccountCreate = lazy(() => import('./accounts/AccountCreate.tsx'));
const AccountEdit = lazy(() => import('./accounts/AccountEdit.tsx'));
const AccountShow = lazy(() => import('./accounts/AccountShow.tsx'));
const FundHistory = lazy(() => import('./fundHistory/FundHistory.tsx'));
const IncomeList = lazy(() => import('./incomes/IncomeList.tsx'));
const IncomeCreate = lazy(() => import('./incomes/IncomeCreate.tsx'));
const IncomeShow = lazy(() => import('./incomes/IncomeShow.tsx'));
const UnidentifiedIncomeList = lazy(() => import('./incomes/UnidentifiedIncomeList.tsx'));
const AnnulledIncomeList = lazy(() => import('./incomes/AnnulledIncomeList.tsx'));
const ReceivableList = lazy(() => import('./receivables/ReceivableList.tsx'));
const ReceivableCreate = lazy(() => import('./receivables/ReceivableCreate.tsx'));
const ReceivableEdit = lazy(() => import('./receivables/ReceivableEdit.tsx'));
const CategoryList = lazy(() => import('./categories/CategoryList.tsx'));
const CategoryCreate = lazy(() => import('./categories/CategoryCreate.tsx'));
const CategoryEdit = lazy(() => import('./categories/CategoryEdit.tsx'));

// The board (directiva) reads every screen; create and edit screens send it back to the list (ManageOnly).
export const resources: AdminResource[] = [
  {
    name: RESOURCES.bankAccounts,
    apiResource: 'bank-accounts',
    list: AccountList,
    create: AccountCreate,
    edit: AccountEdit,
    show: AccountShow,
    icon: AccountBalanceIcon,
    roles,
  },
  {
    name: RESOURCES.cashBoxes,
    apiResource: 'bank-accounts',
    list: AccountList,
    create: AccountCreate,
    edit: AccountEdit,
    show: AccountShow,
    icon: PointOfSaleIcon,
    roles,
  },
  {
    name: RESOURCES.incomes,
    apiResource: 'incomes',
    list: IncomeList,
    create: IncomeCreate,
    show: IncomeShow,
    icon: TrendingUpIcon,
    roles,
  },
  {
    name: RESOURCES.unidentifiedIncomes,
    apiResource: 'incomes',
    list: UnidentifiedIncomeList,
    create: IncomeCreate,
    show: IncomeShow,
    icon: HelpCenterIcon,
    roles,
  },
  {
    name: RESOURCES.annulledIncomes,
    apiResource: 'incomes',
    list: AnnulledIncomeList,
    show: IncomeShow,
    icon: BlockIcon,
    roles,
  },
  {
    name: RESOURCES.receivables,
    apiResource: 'receivables',
    list: ReceivableList,
    create: ReceivableCreate,
    edit: ReceivableEdit,
    icon: ReceiptLongIcon,
    roles,
  },
  {
    name: RESOURCES.incomeCategories,
    apiResource: 'categories',
    list: CategoryList,
    create: CategoryCreate,
    edit: CategoryEdit,
    icon: CategoryIcon,
    roles,
  },
  {
    name: RESOURCES.expenseCategories,
    apiResource: 'categories',
    list: CategoryList,
    create: CategoryCreate,
    edit: CategoryEdit,
    icon: StyleIcon,
    roles,
  },
];

export const menu: AdminMenuEntry[] = [
  { to: RESOURCES.bankAccounts, labelKey: 'accounting.ledgerMenu.bankAccounts', icon: AccountBalanceIcon, roles },
  { to: RESOURCES.cashBoxes, labelKey: 'accounting.ledgerMenu.cashBoxes', icon: PointOfSaleIcon, roles },
  { to: PAGES.fundHistory, labelKey: 'accounting.ledgerMenu.fundHistory', icon: TimelineIcon, roles },
  { to: RESOURCES.incomes, labelKey: 'accounting.ledgerMenu.incomes', icon: TrendingUpIcon, roles },
  { to: RESOURCES.unidentifiedIncomes, labelKey: 'accounting.ledgerMenu.unidentifiedIncomes', icon: HelpCenterIcon, roles },
  { to: RESOURCES.annulledIncomes, labelKey: 'accounting.ledgerMenu.annulments', icon: BlockIcon, roles },
  { to: RESOURCES.receivables, labelKey: 'accounting.ledgerMenu.receivables', icon: ReceiptLongIcon, roles },
  { to: RESOURCES.incomeCategories, labelKey: 'accounting.ledgerMenu.incomeCategories', icon: CategoryIcon, roles },
  { to: RESOURCES.expenseCategories, labelKey: 'accounting.ledgerMenu.expenseCategories', icon: StyleIcon, roles },
];

export const routes: AdminRoute[] = [{ path: PAGES.fundHistory, element: <FundHistory />, roles }];
