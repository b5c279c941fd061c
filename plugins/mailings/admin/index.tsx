// The admin half of the scheduled e-mails (the shell imports it lazily: it is the plugin's chunk).
import { defineAdminPlugin } from '@conjunto/core';
import MailIcon from '@mui/icons-material/Mail';
import ScheduleSendIcon from '@mui/icons-material/ScheduleSend';
import SettingsIcon from '@mui/icons-material/Settings';
import { lazy } from 'react';
import manifest from '../manifest.ts';
import es from '../messages/es.ts';

const ADMIN_ROLES = ['administrador', 'superAdministrador'] as const;
const MailingList = lazy(() => import('./MailingList.tsx'));
const MailingCreate = lazy(() => import('./MailingForm.tsx').then((m) => ({ default: m.MailingCreate })));
const MailingEdit = lazy(() => import('./MailingForm.tsx').then((m) => ({ default: m.MailingEdit })));
const MailHistoryList = lazy(() => import('./MailHistoryList.tsx'));
const MailingSettingsPage = lazy(() => import('./MailingSettingsPage.tsx'));

export default defineAdminPlugin({
  manifest,
  resources: [
    {
      name: 'programados',
      apiResource: 'mailings',
      list: MailingList,
      create: MailingCreate,
      edit: MailingEdit,
      icon: ScheduleSendIcon,
      roles: ADMIN_ROLES,
    },
    // The host's outbox of the complex, read-only (GET /mail-outbox): no copy of it here.
    { name: 'historial-correos', apiResource: 'mail-outbox', list: MailHistoryList, icon: MailIcon, roles: ADMIN_ROLES },
  ],
  menu: [
    {
      to: 'programados',
      labelKey: 'mailings.menu.scheduled',
      icon: ScheduleSendIcon,
      roles: ADMIN_ROLES,
      group: 'administration',
    },
    { to: 'historial-correos', labelKey: 'mailings.menu.history', icon: MailIcon, roles: ADMIN_ROLES, group: 'administration' },
    {
      to: 'configuraciones/correosprogramados',
      labelKey: 'mailings.menu.settings',
      icon: SettingsIcon,
      roles: ADMIN_ROLES,
      group: 'administration',
    },
  ],
  routes: [
    {
      path: 'configuraciones/correosprogramados',
      element: <MailingSettingsPage />,
      roles: ADMIN_ROLES,
      resource: 'mailing-settings',
    },
  ],
  messages: { es, en: () => import('../messages/en.ts') },
});
