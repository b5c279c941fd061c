// The admin half of the accounting plugin: the shell imports this module lazily (the plugin's chunk) and
// each screen is a further chunk. Three groups of screens, in the menu's order: the ledger, the treasury and
// the documents; each one lists its resources, menu entries and pages.
import { defineAdminPlugin, formatMoney } from '@conjunto/core';
import { lazy } from 'react';
import manifest, { ACCOUNTING_TOPICS } from '../manifest.ts';
import es from '../messages/es.ts';
import * as documents from './documents.tsx';
import * as ledger from './ledger.tsx';
import { panels, residentWidgets } from './resident/index.ts';
import { RESOURCES } from './shared/paths.ts';
import * as treasury from './treasury.tsx';
import { widgets } from './widgets.ts';

const CertificatesPanel = lazy(() => import('./documents/CertificatesPanel.tsx'));

const groups = [ledger, treasury, documents];

export default defineAdminPlugin({
  manifest,
  resources: groups.flatMap((g) => g.resources),
  menu: groups.flatMap((g) => g.menu),
  routes: groups.flatMap((g) => g.routes),
  widgets: [...widgets, ...residentWidgets],
  // A unit's certificates (expensas, no adeudar): on the resident's detail, and in the resident's own area.
  panels: [
    ...panels,
    {
      id: 'certificates',
      slot: 'resident',
      titleKey: 'accounting.certificates.title',
      component: CertificatesPanel,
      order: 60,
      access: { resource: 'units', action: 'certificates' },
    },
    {
      id: 'residentCertificates',
      slot: 'residentArea',
      titleKey: 'accounting.certificates.title',
      component: CertificatesPanel,
      order: 60,
      roles: ['residente'],
      access: { resource: 'units', action: 'certificates' },
    },
  ],
  // The office's bell (spec 000 §2.9): transfers residents reported, waiting for review.
  bell: [
    {
      id: 'pendingTransfers',
      titleKey: 'accounting.bell.pendingTransfers',
      resource: RESOURCES.pendingTransfers,
      filter: { status: 'Pendiente' },
      sort: { field: 'createdAt', order: 'DESC' },
      // Read again when a resident reports a transfer or the office reviews one (in any tab).
      topics: [ACCOUNTING_TOPICS.pendingTransfers],
      describe: (t: { unitNumber: string; amount: number; createdAt: string }) => ({
        title: `${t.unitNumber} · ${formatMoney(t.amount)}`,
        at: t.createdAt,
      }),
      roles: ['administrador', 'superAdministrador'],
      access: { resource: 'pending-transfers', action: 'list' },
      order: 30,
    },
  ],
  messages: { es, en: () => import('../messages/en.ts') },
});
