// The admin half of the surveys plugin. The shell imports this module lazily, so it is the plugin's chunk;
// the list screen is a further chunk, and the results dialog (with recharts) another one.

import { defineAdminPlugin } from '@conjunto/core';
import PollIcon from '@mui/icons-material/Poll';
import { lazy } from 'react';
import manifest from '../manifest.ts';
import es from '../messages/es.ts';

const ADMIN_ROLES = ['administrador', 'superAdministrador'] as const;

const SurveyList = lazy(() => import('./SurveyList.tsx'));
const ParticipationWidget = lazy(() => import('./ParticipationWidget.tsx'));

export default defineAdminPlugin({
  manifest,
  resources: [{ name: 'encuestas', apiResource: 'surveys', list: SurveyList, icon: PollIcon, roles: ADMIN_ROLES }],
  menu: [{ to: 'encuestas', labelKey: 'surveys.title', icon: PollIcon, roles: ADMIN_ROLES, group: 'community' }],
  widgets: [
    {
      id: 'participation',
      titleKey: 'surveys.dashboard.title',
      component: ParticipationWidget,
      size: 'small',
      order: 30,
      roles: ADMIN_ROLES,
      to: 'encuestas',
      access: { resource: 'surveys', action: 'participation' },
    },
  ],
  messages: { es, en: () => import('../messages/en.ts') },
});
