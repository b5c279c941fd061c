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

// Every role of the manifest (the board too) reads these screens; what each may change follows the access table
// (canAccess): the buttons it may not use hide, and its create and edit screens send it back to the list.
export const resources: AdminResource[] = [
  {
    name: RESOURCES.bankAccounts,
    apiResource: 'bank-accounts',
    list: AccountList,
    create: AccountCreate,
    edit: AccountEdit,
    show: AccountShow,
    icon: AccountBalanceIcon,
  },
  {
    name: RESOURCES.cashBoxes,
    apiResource: 'bank-accounts',
    list: AccountList,
    create: AccountCreate,
    edit: AccountEdit,
    show: AccountShow,
    icon: PointOfSaleIcon,
  },
  {
    name: RESOURCES.incomes,
    apiResource: 'incomes',
    list: IncomeList,
    create: IncomeCreate,
    show: IncomeShow,
    icon: TrendingUpIcon,
  },
  {
    name: RESOURCES.unidentifiedIncomes,
    apiResource: 'incomes',
    list: UnidentifiedIncomeList,
    create: IncomeCreate,
    show: IncomeShow,
    icon: HelpCenterIcon,
  },
  {
    name: RESOURCES.annulledIncomes,
    apiResource: 'incomes',
    list: AnnulledIncomeList,
    show: IncomeShow,
    icon: BlockIcon,
  },
  {
    name: RESOURCES.receivables,
    apiResource: 'receivables',
    list: ReceivableList,
    create: ReceivableCreate,
    edit: ReceivableEdit,
    icon: ReceiptLongIcon,
  },
  {
    name: RESOURCES.incomeCategories,
    apiResource: 'categories',
    list: CategoryList,
    create: CategoryCreate,
    edit: CategoryEdit,
    icon: CategoryIcon,
  },
  {
    name: RESOURCES.expenseCategories,
    apiResource: 'categories',
    list: CategoryList,
    create: CategoryCreate,
    edit: CategoryEdit,
    icon: StyleIcon,
  },
];

export const menu: AdminMenuEntry[] = [
  { to: RESOURCES.bankAccounts, labelKey: 'accounting.ledgerMenu.bankAccounts', icon: AccountBalanceIcon, group: 'treasury' },
  { to: RESOURCES.cashBoxes, labelKey: 'accounting.ledgerMenu.cashBoxes', icon: PointOfSaleIcon, group: 'treasury' },
  { to: PAGES.fundHistory, labelKey: 'accounting.ledgerMenu.fundHistory', icon: TimelineIcon, group: 'treasury' },
  { to: RESOURCES.incomes, labelKey: 'accounting.ledgerMenu.incomes', icon: TrendingUpIcon, group: 'accounting' },
  {
    to: RESOURCES.unidentifiedIncomes,
    labelKey: 'accounting.ledgerMenu.unidentifiedIncomes',
    icon: HelpCenterIcon,
    group: 'accounting',
  },
  { to: RESOURCES.annulledIncomes, labelKey: 'accounting.ledgerMenu.annulments', icon: BlockIcon, group: 'accounting' },
  { to: RESOURCES.receivables, labelKey: 'accounting.ledgerMenu.receivables', icon: ReceiptLongIcon, group: 'accounting' },
  { to: RESOURCES.incomeCategories, labelKey: 'accounting.ledgerMenu.incomeCategories', icon: CategoryIcon, group: 'accounting' },
  { to: RESOURCES.expenseCategories, labelKey: 'accounting.ledgerMenu.expenseCategories', icon: StyleIcon, group: 'accounting' },
];

export const routes: AdminRoute[] = [{ path: PAGES.fundHistory, element: <FundHistory /> }];
