// The admin half of the gate plugin (the shell imports it lazily: it is the plugin's chunk). For now it registers
// the resources with their roles and the messages; the guard console's screens come next.
import { defineAdminPlugin } from '@conjunto/core';
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
  messages: { es, en: () => import('../messages/en.ts') },
});
