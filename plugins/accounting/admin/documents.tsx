// The document screens: a unit's statement of account, the payment notices by e-mail (with the mail history)
// and the import of charges from Excel. They are pages, not resources; each one is a chunk of its own.
import type { AdminMenuEntry, AdminResource, AdminRoute } from '@conjunto/core';
import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import MarkEmailUnreadIcon from '@mui/icons-material/MarkEmailUnread';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { lazy } from 'react';
import { MANAGE_ROLES, READ_ROLES } from './shared/canManage.ts';
import { PAGES } from './shared/paths.ts';

const StatementPage = lazy(() => import('./documents/StatementPage.tsx'));
const PaymentNotices = lazy(() => import('./documents/PaymentNotices.tsx'));
const ChargesImport = lazy(() => import('./documents/ChargesImport.tsx'));

export const resources: AdminResource[] = [];

export const menu: AdminMenuEntry[] = [
  { to: PAGES.statement, labelKey: 'accounting.documents.menu.statement', icon: AccountBalanceWalletIcon, roles: READ_ROLES },
  { to: PAGES.notices, labelKey: 'accounting.documents.menu.notices', icon: MarkEmailUnreadIcon, roles: MANAGE_ROLES },
  { to: PAGES.chargesImport, labelKey: 'accounting.documents.menu.import', icon: UploadFileIcon, roles: MANAGE_ROLES },
];

export const routes: AdminRoute[] = [
  { path: PAGES.statement, element: <StatementPage />, roles: READ_ROLES },
  { path: PAGES.notices, element: <PaymentNotices />, roles: MANAGE_ROLES },
  { path: PAGES.chargesImport, element: <ChargesImport />, roles: MANAGE_ROLES },
];
