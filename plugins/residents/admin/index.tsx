// The admin half of the residents plugin (the shell imports it lazily: it is the plugin's chunk).
import { type AdminPanel, defineAdminPlugin } from '@conjunto/core';
import { lazy } from 'react';
import manifest from '../manifest.ts';
import en from '../messages/en.ts';
import es from '../messages/es.ts';
import { vehicleMenu, vehiclePanels, vehicleResources } from './vehicles/index.ts';

// family and approvers: sections of the resident's detail (administrator) and of the resident's own area.
const FamilyPanel = lazy(() => import('./household/FamilyPanel.tsx'));
const ApproversPanel = lazy(() => import('./household/ApproversPanel.tsx'));
const OFFICE = ['administrador', 'superAdministrador'] as const;
const householdPanels = [
  {
    id: 'family',
    slot: 'resident',
    titleKey: 'residents.family.title',
    component: FamilyPanel,
    access: { resource: 'family-members' },
    order: 20,
    roles: OFFICE,
  },
  {
    id: 'approvers',
    slot: 'resident',
    titleKey: 'residents.approvers.title',
    component: ApproversPanel,
    access: { resource: 'approvers' },
    order: 21,
    roles: OFFICE,
  },
  {
    id: 'family-own',
    slot: 'residentArea',
    titleKey: 'residents.family.title',
    component: FamilyPanel,
    access: { resource: 'family-members' },
    order: 20,
    roles: ['residente'],
  },
  {
    id: 'approvers-own',
    slot: 'residentArea',
    titleKey: 'residents.approvers.title',
    component: ApproversPanel,
    access: { resource: 'approvers' },
    order: 21,
    roles: ['residente'],
  },
] as const satisfies readonly AdminPanel[];

export default defineAdminPlugin({
  manifest,
  resources: [...vehicleResources],
  menu: [...vehicleMenu],
  panels: [...householdPanels, ...vehiclePanels],
  messages: { es, en },
});
