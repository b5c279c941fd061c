// The admin half of the residents plugin (the shell imports it lazily: it is the plugin's chunk).
import { type AdminPanel, defineAdminPlugin } from '@conjunto/core';
import FamilyRestroomIcon from '@mui/icons-material/FamilyRestroom';
import GroupsIcon from '@mui/icons-material/Groups';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import PetsIcon from '@mui/icons-material/Pets';
import { lazy } from 'react';
import manifest from '../manifest.ts';
import es from '../messages/es.ts';
import { vehicleMenu, vehiclePanels, vehicleResources } from './vehicles/index.ts';

// family and approvers: sections of the resident's detail (administrator) and of the resident's own area.
const FamilyPanel = lazy(() => import('./household/FamilyPanel.tsx'));
const GuardApproverList = lazy(() => import('./household/GuardApproverList.tsx'));
/** The guard's list of approvers (spec 002 §2.2, §6): the complex's residents, while 'Aprobadores' is on. */
const guardApprovers = { roles: ['supervisor'], when: { on: 'Aprobadores' } } as const;
const GuardFamilyList = lazy(() => import('./household/GuardFamilyList.tsx'));
/** The guard's 'Familia/Inquilinos' (spec 002 §2.2, §6): hidden while 'NoFamilyGuard' is on. */
const guardFamily = { roles: ['supervisor'], when: { off: 'NoFamilyGuard' } } as const;
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

// moving and pets
const MovingList = lazy(() => import('./moving/MovingList.tsx'));
const MovingCreate = lazy(() => import('./moving/MovingCreate.tsx'));
const MovingEdit = lazy(() => import('./moving/MovingEdit.tsx'));
const MovingShow = lazy(() => import('./moving/MovingShow.tsx'));
const ResidentMovingPage = lazy(() => import('./moving/ResidentMovingPage.tsx'));
const PlateLogPage = lazy(() => import('./moving/PlateLogPage.tsx'));
const MovingPanel = lazy(() => import('./moving/MovingPanel.tsx'));
const PetList = lazy(() => import('./pets/PetList.tsx'));
const PetCreate = lazy(() => import('./pets/PetCreate.tsx'));
const PetEdit = lazy(() => import('./pets/PetEdit.tsx'));
const PetsPanel = lazy(() => import('./pets/PetsPanel.tsx'));

export default defineAdminPlugin({
  manifest,
  resources: [
    ...vehicleResources,
    {
      name: 'mudanza',
      apiResource: 'moving-requests',
      list: MovingList,
      create: MovingCreate,
      edit: MovingEdit,
      show: MovingShow,
      icon: LocalShippingIcon,
      roles: OFFICE,
    },
    // The trucks' log (moving-requests/entries): read by the moving screens, no screen of its own.
    { name: 'mudanzaBitacora', apiResource: 'moving-requests/entries', roles: OFFICE },
    {
      name: 'mascotas',
      apiResource: 'pets',
      list: PetList,
      create: PetCreate,
      edit: PetEdit,
      icon: PetsIcon,
      roles: [...OFFICE, 'directiva'],
    },
    { name: 'aprobadores', apiResource: 'residents', list: GuardApproverList, icon: GroupsIcon, ...guardApprovers },
    { name: 'familia', apiResource: 'family-members', list: GuardFamilyList, icon: FamilyRestroomIcon, ...guardFamily },
    // The units' tenants (the host's residents), read by the same screen's second tab.
    { name: 'inquilinos', apiResource: 'residents', ...guardFamily },
  ],
  menu: [
    ...vehicleMenu,
    { to: 'mudanza', labelKey: 'residents.moving.title', icon: LocalShippingIcon, roles: OFFICE, group: 'community' },
    { to: 'mascotas', labelKey: 'residents.pets.title', icon: PetsIcon, roles: OFFICE, group: 'community' },
    {
      to: 'familia',
      labelKey: 'residents.family.guard.menu',
      icon: FamilyRestroomIcon,
      group: 'access',
      order: 90,
      ...guardFamily,
    },
    {
      to: 'aprobadores',
      labelKey: 'residents.approvers.guard.menu',
      icon: GroupsIcon,
      group: 'access',
      order: 100,
      ...guardApprovers,
    },
  ],
  routes: [
    // spec 000 §2.4's exact paths
    { path: 'mudanzaUsuario/:id', element: <ResidentMovingPage />, roles: OFFICE, resource: 'mudanza' },
    {
      path: 'bitacoraMudanza/:placa/unidas/:unidadHabitacional',
      element: <PlateLogPage />,
      roles: OFFICE,
      resource: 'mudanza',
    },
  ],
  panels: [
    ...householdPanels,
    ...vehiclePanels,
    {
      id: 'moving',
      slot: 'resident',
      titleKey: 'residents.moving.panel.title',
      component: MovingPanel,
      order: 60,
      roles: OFFICE,
      access: { resource: 'moving-requests' },
    },
    {
      id: 'pets',
      slot: 'resident',
      titleKey: 'residents.pets.panel.title',
      component: PetsPanel,
      order: 70,
      roles: OFFICE,
      access: { resource: 'pets' },
    },
    {
      id: 'moving-own',
      slot: 'residentArea',
      titleKey: 'residents.moving.panel.title',
      component: MovingPanel,
      order: 60,
      roles: ['residente'],
      access: { resource: 'moving-requests' },
    },
    {
      id: 'pets-own',
      slot: 'residentArea',
      titleKey: 'residents.pets.panel.title',
      component: PetsPanel,
      order: 70,
      roles: ['residente'],
      access: { resource: 'pets' },
    },
  ],
  messages: { es, en: () => import('../messages/en.ts') },
});
