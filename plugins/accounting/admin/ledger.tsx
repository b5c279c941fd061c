// Part A of the accounting screens (the ledger): accounts and cash boxes, fund history, incomes (all,
// unidentified, annulled), receivables and rubros. Each screen is a chunk of its own.
import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import BlockIcon from '@mui/icons-material/Block';
import CategoryIcon from '@mui/icons-material/Category';
import HelpCenterIcon from '@mui/icons-material/HelpCenter';
import PointOfSaleIcon from '@mui/icons-material/PointOfSale';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import StyleIcon from '@mui/icons-material/Style';
import TimelineIcon from '@mui/icons-material/Timeline';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import type { AdminMenuEntry, AdminResource, AdminRoute } from '@conjunto/core';
import { lazy } from 'react';
import { BANK_ACCOUNTS, CASH_BOXES } from './accounts/accountKind.ts';
import { EXPENSE_CATEGORIES, INCOME_CATEGORIES } from './categories/categoryKind.ts';
import { ANNULLED_INCOMES, INCOMES, UNIDENTIFIED_INCOMES } from './incomes/incomeResources.ts';
import { READ_ROLES } from './shared/canManage.ts';

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

const RECEIVABLES = 'cuentasPorCobrar';
const FUND_HISTORY = 'historicoFondos';
// Create and edit screens send the board (directiva) back to the list; their buttons are hidden for it.
const roles = READ_ROLES;

export const ledgerResources: AdminResource[] = [
  {
    name: BANK_ACCOUNTS,
    apiResource: 'bank-accounts',
    list: AccountList,
    create: AccountCreate,
    edit: AccountEdit,
    show: AccountShow,
    icon: AccountBalanceIcon,
    roles,
  },
  {
    name: CASH_BOXES,
    apiResource: 'bank-accounts',
    list: AccountList,
    create: AccountCreate,
    edit: AccountEdit,
    show: AccountShow,
    icon: PointOfSaleIcon,
    roles,
  },
  {
    name: INCOMES,
    apiResource: 'incomes',
    list: IncomeList,
    create: IncomeCreate,
    show: IncomeShow,
    icon: TrendingUpIcon,
    roles,
  },
  {
    name: UNIDENTIFIED_INCOMES,
    apiResource: 'incomes',
    list: UnidentifiedIncomeList,
    create: IncomeCreate,
    show: IncomeShow,
    icon: HelpCenterIcon,
    roles,
  },
  { name: ANNULLED_INCOMES, apiResource: 'incomes', list: AnnulledIncomeList, show: IncomeShow, icon: BlockIcon, roles },
  {
    name: RECEIVABLES,
    apiResource: 'receivables',
    list: ReceivableList,
    create: ReceivableCreate,
    edit: ReceivableEdit,
    icon: ReceiptLongIcon,
    roles,
  },
  {
    name: INCOME_CATEGORIES,
    apiResource: 'categories',
    list: CategoryList,
    create: CategoryCreate,
    edit: CategoryEdit,
    icon: CategoryIcon,
    roles,
  },
  {
    name: EXPENSE_CATEGORIES,
    apiResource: 'categories',
    list: CategoryList,
    create: CategoryCreate,
    edit: CategoryEdit,
    icon: StyleIcon,
    roles,
  },
];

export const ledgerMenu: AdminMenuEntry[] = [
  { to: BANK_ACCOUNTS, labelKey: 'accounting.ledgerMenu.bankAccounts', icon: AccountBalanceIcon, roles },
  { to: CASH_BOXES, labelKey: 'accounting.ledgerMenu.cashBoxes', icon: PointOfSaleIcon, roles },
  { to: FUND_HISTORY, labelKey: 'accounting.ledgerMenu.fundHistory', icon: TimelineIcon, roles },
  { to: INCOMES, labelKey: 'accounting.ledgerMenu.incomes', icon: TrendingUpIcon, roles },
  { to: UNIDENTIFIED_INCOMES, labelKey: 'accounting.ledgerMenu.unidentifiedIncomes', icon: HelpCenterIcon, roles },
  { to: ANNULLED_INCOMES, labelKey: 'accounting.ledgerMenu.annulments', icon: BlockIcon, roles },
  { to: RECEIVABLES, labelKey: 'accounting.ledgerMenu.receivables', icon: ReceiptLongIcon, roles },
  { to: INCOME_CATEGORIES, labelKey: 'accounting.ledgerMenu.incomeCategories', icon: CategoryIcon, roles },
  { to: EXPENSE_CATEGORIES, labelKey: 'accounting.ledgerMenu.expenseCategories', icon: StyleIcon, roles },
];

export const ledgerRoutes: AdminRoute[] = [{ path: FUND_HISTORY, element: <FundHistory />, roles }];
