// The document screens: a unit's statement of account, the payment notices by e-mail (with the mail history)
// and the import of charges from Excel. They are pages, not resources; each one is a chunk of its own.
import type { AdminMenuEntry, AdminResource, AdminRoute } from '@conjunto/core';
import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import MarkEmailUnreadIcon from '@mui/icons-material/MarkEmailUnread';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { lazy } from 'react';
import { rolesFor } from './shared/access.ts';
import { PAGES } from './shared/paths.ts';

const StatementPage = lazy(() => import('./documents/StatementPage.tsx'));
const PaymentNotices = lazy(() => import('./documents/PaymentNotices.tsx'));
const ChargesImport = lazy(() => import('./documents/ChargesImport.tsx'));

export const resources: AdminResource[] = [];

// Who uses each page, from the access table: reading a statement, reading notices (the board: their state, no
// sending; the page shows the forms to who may send), importing charges.
const readers = rolesFor('units', 'statement');
const noticeReaders = rolesFor('notices', 'list');
const importers = rolesFor('receivables', 'import');

export const menu: AdminMenuEntry[] = [
  {
    to: PAGES.statement,
    labelKey: 'accounting.documents.menu.statement',
    icon: AccountBalanceWalletIcon,
    roles: readers,
    group: 'reports',
  },
  {
    to: PAGES.notices,
    labelKey: 'accounting.documents.menu.notices',
    icon: MarkEmailUnreadIcon,
    roles: noticeReaders,
    group: 'accounting',
  },
  {
    to: PAGES.chargesImport,
    labelKey: 'accounting.documents.menu.import',
    icon: UploadFileIcon,
    roles: importers,
    group: 'accounting',
  },
];

export const routes: AdminRoute[] = [
  { path: PAGES.statement, element: <StatementPage />, roles: readers },
  { path: PAGES.notices, element: <PaymentNotices />, roles: noticeReaders },
  { path: PAGES.chargesImport, element: <ChargesImport />, roles: importers },
];
