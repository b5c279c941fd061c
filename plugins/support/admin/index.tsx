// The admin half of the support plugin: the FAQ every back-office role reads (/<area>/faq) and the office's support
// requests (/administrador/supports, switch Supports); in the platform staff's area, 'Feedback: Sugerencias'
// (/superAdministrador/sugerencias) and 'FAQ' (/superAdministrador/FAQ).
import { defineAdminPlugin } from '@conjunto/core';
import FeedbackIcon from '@mui/icons-material/Feedback';
import HelpIcon from '@mui/icons-material/HelpCenter';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import { type ComponentType, lazy } from 'react';
import manifest from '../manifest.ts';
import es from '../messages/es.ts';

const READERS = ['administrador', 'supervisor', 'directiva'] as const;
const OFFICE = ['administrador'] as const;

const lazyNamed = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(() => load().then((m) => ({ default: m[name] })));
const faqAdmin = () => import('./platform/FaqAdmin.tsx');

export default defineAdminPlugin({
  manifest,
  resources: [
    { name: 'faq', list: lazy(() => import('./FaqPage.tsx')), icon: HelpIcon, roles: READERS },
    {
      name: 'supports',
      list: lazy(() => import('./SupportList.tsx')),
      create: lazy(() => import('./SupportCreate.tsx')),
      show: lazy(() => import('./SupportShow.tsx')),
      icon: SupportAgentIcon,
      roles: OFFICE,
    },
  ],
  menu: [
    { to: 'faq', labelKey: 'support.menu.faq', icon: HelpIcon, roles: READERS, group: 'administration' },
    { to: 'supports', labelKey: 'support.menu.supports', icon: SupportAgentIcon, roles: OFFICE, group: 'administration' },
  ],
  platform: {
    resources: [
      {
        name: 'sugerencias',
        apiResource: 'supports',
        list: lazy(() => import('./platform/StaffSupportList.tsx')),
        show: lazy(() => import('./platform/StaffSupportShow.tsx')),
        icon: FeedbackIcon,
      },
      {
        name: 'FAQ',
        apiResource: 'faq',
        list: lazyNamed(faqAdmin, 'FaqAdminList'),
        create: lazyNamed(faqAdmin, 'FaqAdminCreate'),
        edit: lazyNamed(faqAdmin, 'FaqAdminEdit'),
        icon: HelpIcon,
      },
    ],
    menu: [
      { to: 'sugerencias', labelKey: 'support.menu.staffSupports', icon: FeedbackIcon },
      { to: 'FAQ', labelKey: 'support.menu.staffFaq', icon: HelpIcon },
    ],
  },
  messages: { es, en: () => import('../messages/en.ts') },
});
