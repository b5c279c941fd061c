// The admin half of the reservations plugin (the shell imports it lazily: it is the plugin's chunk): the office's
// areas (areascomunales, with the spec's form paths), reservasxaprobar and every reservation; the guard's Historial >
// Reservas with the code check; the resident's section to book and see their pass.
import { type AdminPanel, type AdminResource, type AdminRoute, defineAdminPlugin } from '@conjunto/core';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import EventNoteIcon from '@mui/icons-material/EventNote';
import PendingActionsIcon from '@mui/icons-material/PendingActions';
import { lazy } from 'react';
import manifest from '../manifest.ts';
import es from '../messages/es.ts';
import { RESERVATION_TOPICS } from '../reservations.ts';
import type { Reservation } from '../schemas.ts';
import { AREAS, CALENDAR, PENDING, RESERVATIONS } from './shared.tsx';

const OFFICE = ['administrador', 'superAdministrador'] as const;
/** The guard's Historial entries sit after Cambios de Guardias (80) and Rondas (81) in the gate's order. */
const GUARD_HISTORY_ORDER = 82;
const NO_FAMILY = { off: 'NoFamilyGuard' } as const;

const AreaList = lazy(() => import('./AreaList.tsx'));
const AreaCreate = lazy(() => import('./AreaForm.tsx').then((m) => ({ default: m.AreaCreate })));
const AreaEdit = lazy(() => import('./AreaForm.tsx').then((m) => ({ default: m.AreaEdit })));
const PendingList = lazy(() => import('./PendingList.tsx'));
const ReservationList = lazy(() => import('./ReservationList.tsx'));
const CalendarPage = lazy(() => import('./CalendarPage.tsx'));

const resources: AdminResource[] = [
  // The residents read the areas too (their booking dialog), without a screen.
  {
    name: AREAS,
    apiResource: 'reservation-areas',
    list: AreaList,
    icon: EventAvailableIcon,
    roles: [...OFFICE, 'residente', 'directiva'],
  },
  { name: PENDING, apiResource: 'reservations', list: PendingList, icon: PendingActionsIcon, roles: OFFICE },
  {
    name: RESERVATIONS,
    apiResource: 'reservations',
    list: ReservationList,
    icon: EventNoteIcon,
    roles: [...OFFICE, 'supervisor', 'residente', 'directiva'],
  },
];

const routes: AdminRoute[] = [
  { path: `${AREAS}/areacomunal`, element: <AreaCreate />, roles: OFFICE, resource: AREAS },
  { path: `${AREAS}/areacomunal/:areaId`, element: <AreaEdit />, roles: OFFICE, resource: AREAS },
  // The month's calendar: the office's under its areas, the guard's (approved ones, read only) under its list.
  { path: CALENDAR, element: <CalendarPage />, roles: OFFICE, resource: AREAS },
  { path: `${RESERVATIONS}/calendario`, element: <CalendarPage />, roles: ['supervisor'], resource: RESERVATIONS },
];

const panels = [
  {
    id: 'reservations',
    slot: 'residentArea',
    titleKey: 'reservations.resident.title',
    component: lazy(() => import('./ResidentReservationsPanel.tsx')),
    roles: ['residente'],
    access: { resource: 'reservations', action: 'create' },
    order: 20,
  },
] as const satisfies readonly AdminPanel[];

export default defineAdminPlugin({
  manifest,
  resources,
  menu: [
    { to: AREAS, labelKey: 'reservations.menu.areas', icon: EventAvailableIcon, roles: OFFICE, group: 'community' },
    { to: PENDING, labelKey: 'reservations.menu.pending', icon: PendingActionsIcon, roles: OFFICE, group: 'community' },
    { to: RESERVATIONS, labelKey: 'reservations.menu.all', icon: EventNoteIcon, roles: OFFICE, group: 'community' },
    {
      to: RESERVATIONS,
      labelKey: 'reservations.menu.guard',
      icon: EventNoteIcon,
      roles: ['supervisor'],
      group: 'access',
      when: NO_FAMILY,
      order: GUARD_HISTORY_ORDER,
    },
  ],
  routes,
  panels,
  // The office's bell (spec 000 §2.9): requests waiting for approval, newest first.
  bell: [
    {
      id: 'pending',
      titleKey: 'reservations.menu.pending',
      resource: PENDING,
      filter: { pending: true },
      sort: { field: 'createdAt', order: 'DESC' },
      describe: (r: Reservation) => ({ title: [r.areaName, r.unitNumber].filter(Boolean).join(' · '), at: r.startsAt }),
      topics: [RESERVATION_TOPICS.changed],
      roles: OFFICE,
      access: { resource: 'reservations', action: 'approve' },
      order: 40,
    },
  ],
  messages: { es, en: () => import('../messages/en.ts') },
});
