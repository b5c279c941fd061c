// The admin half of the gate plugin (the shell imports it lazily: it is the plugin's chunk): the guard's home (entry
// register, post, notices), panic alerts, the log's screens (each its own lazy chunk), their menu entries and the
// messages.
import { type AdminMenuEntry, type AdminPanel, type AdminResource, defineAdminPlugin } from '@conjunto/core';
import BlockIcon from '@mui/icons-material/Block';
import EventNoteIcon from '@mui/icons-material/EventNote';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import NotificationImportantIcon from '@mui/icons-material/NotificationImportant';
import ReportIcon from '@mui/icons-material/Report';
import { lazy } from 'react';
import manifest from '../manifest.ts';
import es from '../messages/es.ts';

const OFFICE = ['administrador', 'superAdministrador'] as const;

/**
 * The guard's drawer in spec 002 §2.2's order (Registro de Entradas is the home, always first). Gaps of 10 leave room
 * for the entries of other parts: Historial 80, Familia/Inquilinos 90 and Lista de Aprobadores 100 (residents
 * plugin), Guardias 110. The office's 'access' group follows the same order.
 */
export const GUARD_MENU_ORDER = {
  alerta: 20,
  bitacoraDigital: 30,
  eventos: 40,
  bitacoraRechazada: 50,
  visitasAnticipadas: 60,
  listas: 70,
  historial: 80,
  familia: 90,
  aprobadores: 100,
  guardias: 110,
} as const;

// ---------------------------------------------------------------- the guard's home
// The entry register (the guard's Inicio), the guard post in the top bar and the entry notices.
const homePanels = [
  {
    id: 'entries',
    slot: 'home',
    titleKey: 'gate.home.title',
    component: lazy(() => import('./home/EntryPanel.tsx')),
    roles: ['supervisor'],
    access: { resource: 'gate-entries', action: 'create' },
    // The guard's drawer starts with 'Registro de Entradas' (spec 002 §2.2), the home.
    namesHome: true,
  },
  {
    id: 'post',
    slot: 'appBar',
    titleKey: 'gate.home.post',
    component: lazy(() => import('./home/GuardBar.tsx')),
    roles: ['supervisor'],
  },
] as const satisfies readonly AdminPanel[];

// ---------------------------------------------------------------- the early-visits bell (top bar)
const bellPanels = [
  {
    id: 'earlyVisitBell',
    slot: 'appBar',
    titleKey: 'gate.bell.title',
    component: lazy(() => import('./bell/EarlyVisitBell.tsx')),
    roles: ['supervisor'],
    access: { resource: 'early-visits', action: 'today' },
  },
] as const satisfies readonly AdminPanel[];

// ---------------------------------------------------------------- the platform staff's every-complex alerts
// /superAdmin/allPanics (spec 000 §2.2), read from /api/platform/gate/panic-alerts.
const platformPanics = {
  resources: [
    {
      name: 'allPanics',
      apiResource: 'panic-alerts',
      list: lazy(() => import('./platform/AllPanicList.tsx')),
      icon: NotificationImportantIcon,
    },
  ],
  menu: [{ to: 'allPanics', labelKey: 'gate.allPanics.menu', icon: NotificationImportantIcon }],
};

// ---------------------------------------------------------------- panic alerts
// The guard's live dialog and siren (top bar), the list ('Alerta'), the resident's button (their Inicio).
const PanicList = lazy(() => import('./panic/PanicList.tsx'));
const panicPanels = [
  {
    id: 'panicWatcher',
    slot: 'appBar',
    titleKey: 'gate.panic.dialog',
    component: lazy(() => import('./panic/PanicWatcher.tsx')),
    roles: ['supervisor'],
    access: { resource: 'panic-alerts' },
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
const PANIC_ROLES = [...OFFICE, 'supervisor'] as const;
const panicResource: AdminResource = {
  name: 'alerta',
  apiResource: 'panic-alerts',
  list: PanicList,
  icon: NotificationImportantIcon,
  roles: PANIC_ROLES,
};
const panicMenu: AdminMenuEntry = {
  to: 'alerta',
  labelKey: 'gate.panic.menu',
  icon: NotificationImportantIcon,
  roles: PANIC_ROLES,
  group: 'access',
  order: GUARD_MENU_ORDER.alerta,
};

// ---------------------------------------------------------------- the log, novedades, visits and lists screens
// Spec 002 §2.2's guard menu, in its order and names: Bitácora Digital, Novedades, Bitácoras Rechazadas, Visitas
// anticipadas, Listas B/N (the office reads and manages the same screens; the board reads the novedades).
const GUARD = [...OFFICE, 'supervisor'] as const;
const DigitalLogList = lazy(() => import('./screens/EntryList.tsx'));
const EntryShow = lazy(() => import('./screens/EntryShow.tsx'));
const RejectedList = lazy(() => import('./screens/RejectedList.tsx'));
const ListsList = lazy(() => import('./screens/ListsList.tsx'));
const ListCreate = lazy(() => import('./screens/ListForm.tsx').then((m) => ({ default: m.ListCreate })));
const ListEdit = lazy(() => import('./screens/ListForm.tsx').then((m) => ({ default: m.ListEdit })));
const EventList = lazy(() => import('./screens/EventList.tsx'));
const EventCreate = lazy(() => import('./screens/EventCreate.tsx'));
const EarlyVisitList = lazy(() => import('./screens/EarlyVisitList.tsx'));

const screenResources: AdminResource[] = [
  {
    name: 'bitacoraDigital',
    apiResource: 'gate-entries',
    list: DigitalLogList,
    show: EntryShow,
    icon: MenuBookIcon,
    roles: GUARD,
  },
  { name: 'bitacoraRechazada', apiResource: 'gate-entries', list: RejectedList, icon: BlockIcon, roles: GUARD },
  {
    name: 'listas',
    apiResource: 'gate-lists',
    list: ListsList,
    create: ListCreate,
    edit: ListEdit,
    icon: FactCheckIcon,
    roles: GUARD,
  },
  {
    name: 'visitasAnticipadas',
    apiResource: 'early-visits',
    list: EarlyVisitList,
    icon: EventNoteIcon,
    roles: [...GUARD, 'residente'],
  },
  {
    name: 'eventos',
    apiResource: 'gate-events',
    list: EventList,
    create: EventCreate,
    icon: ReportIcon,
    roles: [...GUARD, 'directiva'],
  },
];
const m = (key: string) => `gateScreens.menu.${key}`;
const o = GUARD_MENU_ORDER;
const screenMenu: AdminMenuEntry[] = [
  { to: 'bitacoraDigital', labelKey: m('entries'), icon: MenuBookIcon, roles: GUARD, group: 'access', order: o.bitacoraDigital },
  { to: 'eventos', labelKey: m('events'), icon: ReportIcon, roles: [...GUARD, 'directiva'], group: 'access', order: o.eventos },
  {
    to: 'bitacoraRechazada',
    labelKey: m('rejected'),
    icon: BlockIcon,
    roles: GUARD,
    group: 'access',
    order: o.bitacoraRechazada,
  },
  {
    to: 'visitasAnticipadas',
    labelKey: m('visits'),
    icon: EventNoteIcon,
    roles: GUARD,
    group: 'access',
    order: o.visitasAnticipadas,
  },
  { to: 'listas', labelKey: m('lists'), icon: FactCheckIcon, roles: GUARD, group: 'access', order: o.listas },
];
// ---------------------------------------------------------------- end of the screens' block

export default defineAdminPlugin({
  manifest,
  resources: [
    { name: 'garitas', apiResource: 'gate-posts', roles: [...OFFICE, 'supervisor'] },
    panicResource,
    ...screenResources,
  ],
  // Spec 002 §2.2's order: (Registro de Entradas is the home), Alerta, then the log's screens.
  menu: [panicMenu, ...screenMenu],
  panels: [...homePanels, ...bellPanels, ...panicPanels],
  platform: platformPanics,
  messages: { es, en: () => import('../messages/en.ts') },
});
