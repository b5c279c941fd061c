// The admin half of the gate plugin (the shell imports it lazily: it is the plugin's chunk). For now it registers
// the resources with their roles and the messages; the guard console's screens come next.
import { type AdminPanel, defineAdminPlugin } from '@conjunto/core';
import NotificationImportantIcon from '@mui/icons-material/NotificationImportant';
import { lazy } from 'react';
import manifest from '../manifest.ts';
import es from '../messages/es.ts';

const OFFICE = ['administrador', 'superAdministrador'] as const;

// Panic alerts: the guard's live dialog and siren (top bar), the list ('Alerta'), the resident's button.
const PanicList = lazy(() => import('./panic/PanicList.tsx'));
const panicAccess = { resource: 'panic-alerts' } as const;
const panicPanels = [
  {
    id: 'panicWatcher',
    slot: 'appBar',
    titleKey: 'gate.panic.dialog',
    component: lazy(() => import('./panic/PanicWatcher.tsx')),
    roles: ['supervisor'],
    access: panicAccess,
  },
  {
    id: 'panicButton',
    slot: 'home',
    titleKey: 'gate.panic.button',
    component: lazy(() => import('./panic/PanicButton.tsx')),
    roles: ['residente'],
    access: { resource: 'panic-alerts', action: 'create' },
    // An emergency is never locked out (the lock is about debts; the route says the same).
    payments: true,
  },
] as const satisfies readonly AdminPanel[];

export default defineAdminPlugin({
  manifest,
  resources: [
    { name: 'garitas', apiResource: 'gate-posts', roles: [...OFFICE, 'supervisor'] },
    { name: 'bitacoraDigital', apiResource: 'gate-entries', roles: [...OFFICE, 'supervisor'] },
    { name: 'listas', apiResource: 'gate-lists', roles: [...OFFICE, 'supervisor'] },
    { name: 'visitasAnticipadas', apiResource: 'early-visits', roles: [...OFFICE, 'supervisor', 'residente'] },
    { name: 'eventos', apiResource: 'gate-events', roles: [...OFFICE, 'supervisor', 'directiva'] },
    {
      name: 'alerta',
      apiResource: 'panic-alerts',
      list: PanicList,
      icon: NotificationImportantIcon,
      roles: [...OFFICE, 'supervisor'],
    },
  ],
  menu: [
    {
      to: 'alerta',
      labelKey: 'gate.panic.menu',
      icon: NotificationImportantIcon,
      roles: [...OFFICE, 'supervisor'],
      group: 'access',
    },
  ],
  panels: panicPanels,
  messages: { es, en: () => import('../messages/en.ts') },
});
