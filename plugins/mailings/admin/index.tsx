// The admin half of the scheduled e-mails (the shell imports it lazily: it is the plugin's chunk).
import { defineAdminPlugin } from '@conjunto/core';
import ScheduleSendIcon from '@mui/icons-material/ScheduleSend';
import SettingsIcon from '@mui/icons-material/Settings';
import { lazy } from 'react';
import manifest from '../manifest.ts';
import es from '../messages/es.ts';

const ADMIN_ROLES = ['administrador', 'superAdministrador'] as const;
const MailingList = lazy(() => import('./MailingList.tsx'));
const MailingCreate = lazy(() => import('./MailingForm.tsx').then((m) => ({ default: m.MailingCreate })));
const MailingEdit = lazy(() => import('./MailingForm.tsx').then((m) => ({ default: m.MailingEdit })));
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
  ],
  menu: [
    {
      to: 'programados',
      labelKey: 'mailings.menu.scheduled',
      icon: ScheduleSendIcon,
      roles: ADMIN_ROLES,
      group: 'administration',
    },
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
