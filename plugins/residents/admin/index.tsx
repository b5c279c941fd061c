// The admin half of the residents plugin (the shell imports it lazily: it is the plugin's chunk).
import { defineAdminPlugin } from '@conjunto/core';
// --- moving and pets
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import PetsIcon from '@mui/icons-material/Pets';
import { lazy } from 'react';
// --- end moving and pets
import manifest from '../manifest.ts';
import en from '../messages/en.ts';
import es from '../messages/es.ts';

// --- moving and pets
const OFFICE = ['administrador', 'superAdministrador'] as const;
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
// --- end moving and pets

export default defineAdminPlugin({
  manifest,
  resources: [
    // --- moving and pets
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
    // --- end moving and pets
  ],
  menu: [
    // --- moving and pets
    { to: 'mudanza', labelKey: 'residents.moving.title', icon: LocalShippingIcon, roles: OFFICE, group: 'community' },
    { to: 'mascotas', labelKey: 'residents.pets.title', icon: PetsIcon, roles: OFFICE, group: 'community' },
    // --- end moving and pets
  ],
  routes: [
    // --- moving and pets (spec 000 §2.4's exact paths)
    { path: 'mudanzaUsuario/:id', element: <ResidentMovingPage />, roles: OFFICE },
    { path: 'bitacoraMudanza/:placa/unidas/:unidadHabitacional', element: <PlateLogPage />, roles: OFFICE },
    // --- end moving and pets
  ],
  panels: [
    // --- moving and pets
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
    // --- end moving and pets
  ],
  messages: { es, en },
});
