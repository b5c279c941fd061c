// The admin half of the gate plugin (the shell imports it lazily: it is the plugin's chunk): the guard's home (entry
// register, post, notices), panic alerts, the log's screens (each its own lazy chunk), their menu entries and the
// messages.
import {
  type AdminBellGroup,
  type AdminMenuEntry,
  type AdminPanel,
  type AdminResource,
  type AdminRoute,
  defineAdminPlugin,
  formatTime,
} from '@conjunto/core';
import BadgeIcon from '@mui/icons-material/Badge';
import BarChartIcon from '@mui/icons-material/BarChart';
import BlockIcon from '@mui/icons-material/Block';
import EventNoteIcon from '@mui/icons-material/EventNote';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import NotificationImportantIcon from '@mui/icons-material/NotificationImportant';
import ReportIcon from '@mui/icons-material/Report';
import ShieldIcon from '@mui/icons-material/Shield';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import TimelineIcon from '@mui/icons-material/Timeline';
import TourIcon from '@mui/icons-material/Tour';
import VideocamIcon from '@mui/icons-material/Videocam';
import { lazy } from 'react';
import { ResourceContextProvider } from 'react-admin';
import { GATE_TOPICS } from '../gate.ts';
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
  // Not in the spec's menu: after it.
  garitas: 120,
  lineaDeTiempo: 130,
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

/** The office's bell (issue 14): today's early visits still pending, beside maintenance, reports, transfers, bookings. */
const officeBell: AdminBellGroup[] = [
  {
    id: 'earlyVisitsToday',
    titleKey: 'gate.bell.title',
    resource: 'visitasAnticipadas',
    filter: { today: true, status: 'pendiente' },
    sort: { field: 'expectedArrival', order: 'DESC' },
    describe: (v: {
      firstName: string;
      lastName: string;
      unitNumber: string | null;
      place: string | null;
      expectedArrival: string;
    }) => ({
      title: `${formatTime(v.expectedArrival)} · ${v.firstName} ${v.lastName} · ${v.unitNumber ?? v.place ?? ''}`,
    }),
    topics: [GATE_TOPICS.earlyVisitCreated, GATE_TOPICS.earlyVisitChanged],
    roles: OFFICE,
    access: { resource: 'early-visits', action: 'list' },
    order: 50,
  },
];

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

// ---------------------------------------------------------------- the resident's early visits
// Announce, see the pass (QR / PIN), cancel: a section of the resident's area, next to the panic button.
const visitPanels = [
  {
    id: 'earlyVisits',
    slot: 'residentArea',
    titleKey: 'gate.visits.title',
    component: lazy(() => import('./visits/ResidentVisitsPanel.tsx')),
    roles: ['residente'],
    access: { resource: 'early-visits', action: 'create' },
    order: 10,
  },
] as const satisfies readonly AdminPanel[];
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
    // The resident's visits are a section of Mi hogar (ResidentVisitsPanel), not the guard's list.
    roles: GUARD,
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
// ---------------------------------------------------------------- cameras ('Ver Cámaras', 'Garitas y cámaras')
// The guard's top-bar button and the office's posts with their cameras; 'camaras' is data only (no screens).
const cameraPanels = [
  {
    id: 'cameras',
    slot: 'appBar',
    titleKey: 'gateCameras.open',
    component: lazy(() => import('./cameras/CameraButton.tsx')),
    roles: ['supervisor'],
    access: { resource: 'gate-cameras', action: 'posts' },
  },
] as const satisfies readonly AdminPanel[];
const PostList = lazy(() => import('./cameras/PostScreens.tsx').then((m) => ({ default: m.PostList })));
const PostCreate = lazy(() => import('./cameras/PostScreens.tsx').then((m) => ({ default: m.PostCreate })));
const PostEdit = lazy(() => import('./cameras/PostScreens.tsx').then((m) => ({ default: m.PostEdit })));
const cameraMenu: AdminMenuEntry = {
  to: 'garitas',
  labelKey: 'gateCameras.menu',
  icon: VideocamIcon,
  roles: OFFICE,
  group: 'access',
  order: o.garitas,
};
// ---------------------------------------------------------------- end of the screens' block

// ---------------------------------------------------------------- guards, shifts and rounds (admin/rounds)
// The guard's Historial (Cambios de Guardias, Rondas) and Guardias, hidden by NoFamilyGuard (spec 002 §2.2); the
// office's gestionGuardia (checkpoints) and gestionarGuardias. The shell's menu has no submenus: the Historial entries
// sit in the 'access' group under their own names. 'ingresos' (the spec's guard path) is a route onto the
// cambiosGuardia resource: the name 'ingresos' is the accounting plugin's resource in the office's area.
const ShiftList = lazy(() => import('./rounds/ShiftList.tsx'));
const RoundList = lazy(() => import('./rounds/RoundList.tsx'));
const RoundShow = lazy(() => import('./rounds/RoundShow.tsx'));
const GuardList = lazy(() => import('./rounds/GuardList.tsx'));
const GuardCreate = lazy(() => import('./rounds/GuardList.tsx').then((m) => ({ default: m.GuardCreate })));
const CheckpointList = lazy(() => import('./rounds/CheckpointList.tsx'));
const CheckpointCreate = lazy(() => import('./rounds/CheckpointList.tsx').then((m) => ({ default: m.CheckpointCreate })));
const CheckpointEdit = lazy(() => import('./rounds/CheckpointList.tsx').then((m) => ({ default: m.CheckpointEdit })));
const NO_FAMILY = { off: 'NoFamilyGuard' } as const;
const rm = (key: string) => `gate.rounds.menu.${key}`;
const roundsResources: AdminResource[] = [
  { name: 'cambiosGuardia', apiResource: 'gate-shifts', list: ShiftList, icon: SwapHorizIcon, roles: GUARD },
  { name: 'rondas', apiResource: 'gate-rounds', list: RoundList, show: RoundShow, icon: TourIcon, roles: GUARD },
  { name: 'gestionarGuardias', apiResource: 'gate-guards', list: GuardList, create: GuardCreate, icon: BadgeIcon, roles: GUARD },
  {
    name: 'gestionGuardia',
    apiResource: 'gate-checkpoints',
    list: CheckpointList,
    create: CheckpointCreate,
    edit: CheckpointEdit,
    icon: ShieldIcon,
    roles: OFFICE,
  },
];
const roundsMenu: AdminMenuEntry[] = [
  {
    to: 'ingresos',
    labelKey: rm('shifts'),
    icon: SwapHorizIcon,
    roles: ['supervisor'],
    group: 'access',
    when: NO_FAMILY,
    order: o.historial,
  },
  {
    to: 'rondas',
    labelKey: rm('rounds'),
    icon: TourIcon,
    roles: ['supervisor'],
    group: 'access',
    when: NO_FAMILY,
    order: o.historial + 1,
  },
  {
    to: 'gestionarGuardias',
    labelKey: rm('guards'),
    icon: BadgeIcon,
    roles: ['supervisor'],
    group: 'access',
    when: NO_FAMILY,
    order: o.guardias,
  },
  { to: 'gestionGuardia', labelKey: rm('management'), icon: ShieldIcon, roles: OFFICE, group: 'access', order: o.guardias + 1 },
  { to: 'gestionarGuardias', labelKey: rm('guards'), icon: BadgeIcon, roles: OFFICE, group: 'access', order: o.guardias },
  { to: 'cambiosGuardia', labelKey: rm('shifts'), icon: SwapHorizIcon, roles: OFFICE, group: 'access', order: o.historial },
  { to: 'rondas', labelKey: rm('rounds'), icon: TourIcon, roles: OFFICE, group: 'access', order: o.historial + 1 },
];
const roundsRoutes: AdminRoute[] = [
  {
    path: 'ingresos',
    element: (
      <ResourceContextProvider value="cambiosGuardia">
        <ShiftList />
      </ResourceContextProvider>
    ),
    roles: ['supervisor'],
    resource: 'cambiosGuardia',
    when: NO_FAMILY,
  },
];

// ---------------------------------------------------------------- the timeline and the visit reports
// 'Línea de tiempo' for guards and office (live), and the office's reports (spec 000 §2.4: reportes/visitasGuardia,
// reportes/ReporteDiarioVisitas). Each screen its own chunk; recharts only in the reports' charts.
const TimelineList = lazy(() => import('./timeline/TimelineList.tsx'));
const HourlyReport = lazy(() => import('./reports/HourlyReport.tsx'));
const DailyVisits = lazy(() => import('./reports/DailyVisits.tsx'));
const timelineResources: AdminResource[] = [
  { name: 'lineaDeTiempo', apiResource: 'gate-timeline', list: TimelineList, icon: TimelineIcon, roles: GUARD },
  // The daily report's list (its page is a route of its own).
  { name: 'visitasDiarias', apiResource: 'gate-daily-visits', roles: OFFICE },
];
const timelineMenu: AdminMenuEntry[] = [
  {
    to: 'lineaDeTiempo',
    labelKey: 'gateTimeline.menu.timeline',
    icon: TimelineIcon,
    roles: GUARD,
    group: 'access',
    order: o.lineaDeTiempo,
  },
  { to: 'reportes/visitasGuardia', labelKey: 'gateTimeline.menu.hourly', icon: BarChartIcon, roles: OFFICE, group: 'reports' },
  {
    to: 'reportes/ReporteDiarioVisitas',
    labelKey: 'gateTimeline.menu.daily',
    icon: BarChartIcon,
    roles: OFFICE,
    group: 'reports',
  },
];
const timelineRoutes: AdminRoute[] = [
  { path: 'reportes/visitasGuardia', element: <HourlyReport />, roles: OFFICE, resource: 'gate-reports' },
  { path: 'reportes/ReporteDiarioVisitas', element: <DailyVisits />, roles: OFFICE, resource: 'visitasDiarias' },
];

export default defineAdminPlugin({
  manifest,
  resources: [
    {
      name: 'garitas',
      apiResource: 'gate-posts',
      list: PostList,
      create: PostCreate,
      edit: PostEdit,
      icon: VideocamIcon,
      roles: [...OFFICE, 'supervisor'],
    },
    { name: 'camaras', apiResource: 'gate-cameras', roles: [...OFFICE, 'supervisor'] },
    panicResource,
    ...screenResources,
    ...roundsResources,
    ...timelineResources,
  ],
  // Spec 002 §2.2's order: (Registro de Entradas is the home), Alerta, then the log's screens.
  menu: [panicMenu, ...screenMenu, cameraMenu, ...roundsMenu, ...timelineMenu],
  routes: [...roundsRoutes, ...timelineRoutes],
  panels: [...homePanels, ...bellPanels, ...panicPanels, ...visitPanels, ...cameraPanels],
  bell: officeBell,
  platform: platformPanics,
  messages: { es, en: () => import('../messages/en.ts') },
});
