// Part C of the accounting admin (documents): the statement of account, the payment notices and the import of
// charges, as routes of the role area (each screen a lazy chunk). admin/index.tsx spreads them into region C.
import type { AdminMenuEntry, AdminRoute } from '@conjunto/core';
import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import MarkEmailUnreadIcon from '@mui/icons-material/MarkEmailUnread';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { lazy } from 'react';
import { MANAGE_ROLES, READ_ROLES } from '../shared/canManage.ts';

const StatementPage = lazy(() => import('./StatementPage.tsx'));
const PaymentNotices = lazy(() => import('./PaymentNotices.tsx'));
const ChargesImport = lazy(() => import('./ChargesImport.tsx'));

/** Route segments (the spec's 'notificaciones'; the others in its style). */
export const DOCUMENT_ROUTES = { statement: 'estadoCuenta', notices: 'notificaciones', import: 'importarCobros' } as const;

export const documentsMenu: AdminMenuEntry[] = [
  {
    to: DOCUMENT_ROUTES.statement,
    labelKey: 'accounting.documents.menu.statement',
    icon: AccountBalanceWalletIcon,
    roles: READ_ROLES,
  },
  { to: DOCUMENT_ROUTES.notices, labelKey: 'accounting.documents.menu.notices', icon: MarkEmailUnreadIcon, roles: MANAGE_ROLES },
  { to: DOCUMENT_ROUTES.import, labelKey: 'accounting.documents.menu.import', icon: UploadFileIcon, roles: MANAGE_ROLES },
];

export const documentsRoutes: AdminRoute[] = [
  { path: DOCUMENT_ROUTES.statement, element: <StatementPage />, roles: READ_ROLES },
  { path: DOCUMENT_ROUTES.notices, element: <PaymentNotices />, roles: MANAGE_ROLES },
  { path: DOCUMENT_ROUTES.import, element: <ChargesImport />, roles: MANAGE_ROLES },
];
