// The admin half of the gate plugin (the shell imports it lazily: it is the plugin's chunk). For now it registers
// the resources with their roles and the messages; the guard console's screens come next.
import { defineAdminPlugin } from '@conjunto/core';
import { lazy } from 'react';
import manifest from '../manifest.ts';
import es from '../messages/es.ts';

const OFFICE = ['administrador', 'superAdministrador'] as const;

export default defineAdminPlugin({
  manifest,
  resources: [
    { name: 'garitas', apiResource: 'gate-posts', roles: [...OFFICE, 'supervisor'] },
    { name: 'bitacoraDigital', apiResource: 'gate-entries', roles: [...OFFICE, 'supervisor'] },
    { name: 'listas', apiResource: 'gate-lists', roles: [...OFFICE, 'supervisor'] },
    { name: 'visitasAnticipadas', apiResource: 'early-visits', roles: [...OFFICE, 'supervisor', 'residente'] },
    { name: 'eventos', apiResource: 'gate-events', roles: [...OFFICE, 'supervisor', 'directiva'] },
  ],
  menu: [],
  // The guard's home (issue 13): the entry register, the guard post in the top bar and the entry notices.
  panels: [
    {
      id: 'entries',
      slot: 'home',
      titleKey: 'gate.home.title',
      component: lazy(() => import('./home/EntryPanel.tsx')),
      roles: ['supervisor'],
      access: { resource: 'gate-entries', action: 'create' },
    },
    {
      id: 'post',
      slot: 'appBar',
      titleKey: 'gate.home.post',
      component: lazy(() => import('./home/GuardBar.tsx')),
      roles: ['supervisor'],
    },
  ],
  // End of the guard's home.
  messages: { es, en: () => import('../messages/en.ts') },
});
