// The admin pieces of plates and tags: two resources on the same screens, their menu entries and panels.
import type { AdminMenuEntry, AdminPanel, AdminResource } from '@conjunto/core';
import DirectionsCarIcon from '@mui/icons-material/DirectionsCar';
import NfcIcon from '@mui/icons-material/Nfc';
import { lazy } from 'react';

const VehicleList = lazy(() => import('./VehicleList.tsx'));
const VehicleCreate = lazy(() => import('./VehicleCreate.tsx'));
const VehicleEdit = lazy(() => import('./VehicleEdit.tsx'));
const panel = (name: 'ResidentPlates' | 'ResidentTags' | 'MyPlates' | 'MyTags') =>
  lazy(() => import('./VehiclePanel.tsx').then((m) => ({ default: m[name] })));

/** The office and the board; residents see theirs on their own area. */
const SCREEN_ROLES = ['administrador', 'superAdministrador', 'directiva'] as const;

export const vehicleResources: AdminResource[] = [
  {
    name: 'placas',
    apiResource: 'plates',
    list: VehicleList,
    create: VehicleCreate,
    edit: VehicleEdit,
    icon: DirectionsCarIcon,
    roles: SCREEN_ROLES,
  },
  {
    name: 'tags',
    apiResource: 'tags',
    list: VehicleList,
    create: VehicleCreate,
    edit: VehicleEdit,
    icon: NfcIcon,
    roles: SCREEN_ROLES,
  },
];

export const vehicleMenu: AdminMenuEntry[] = [
  { to: 'placas', labelKey: 'residents.plates.title', icon: DirectionsCarIcon, roles: SCREEN_ROLES, group: 'access' },
  { to: 'tags', labelKey: 'residents.tags.title', icon: NfcIcon, roles: SCREEN_ROLES, group: 'access' },
];

export const vehiclePanels: AdminPanel[] = [
  {
    id: 'plates',
    slot: 'resident',
    titleKey: 'residents.plates.panel',
    component: panel('ResidentPlates'),
    order: 40,
    access: { resource: 'plates' },
  },
  {
    id: 'tags',
    slot: 'resident',
    titleKey: 'residents.tags.panel',
    component: panel('ResidentTags'),
    order: 41,
    access: { resource: 'tags' },
  },
  {
    id: 'my-plates',
    slot: 'residentArea',
    titleKey: 'residents.plates.panel',
    component: panel('MyPlates'),
    order: 40,
    roles: ['residente'],
    access: { resource: 'plates' },
  },
  {
    id: 'my-tags',
    slot: 'residentArea',
    titleKey: 'residents.tags.panel',
    component: panel('MyTags'),
    order: 41,
    roles: ['residente'],
    access: { resource: 'tags' },
  },
];
