import { definePlugin } from '@conjunto/core';

/**
 * The spec's POST api/bitacora_digital/{complexId}/ has no segment after the complex, so the route's resource
 * (routeAction of '/') is the empty name: its row of the access table.
 */
export const BITACORA_DIGITAL = '';

/** The office (administrators, platform staff) manages everything of the gate. */
const OFFICE = {
  'gate-posts': '*',
  'gate-entries': '*',
  'gate-lists': '*',
  'early-visits': '*',
  'gate-events': '*',
  // Raised by residents only: the office reads, closes and deletes them.
  'panic-alerts': ['list', 'show', 'export', 'close', 'delete'],
  // Cameras: CRUD, the posts that have them, their pictures (server/camera-routes.ts).
  'gate-cameras': '*',
  // Guards (gestionarGuardias), checkpoints (gestionGuardia); shifts and rounds are the guards' own: the office reads
  // them and ends a forgotten one.
  'gate-guards': '*',
  'gate-checkpoints': '*',
  'gate-shifts': ['list', 'show', 'export', 'end'],
  'gate-rounds': ['list', 'show', 'export', 'end'],
  // The timeline, the visit reports and the spec's data_bitacora/ (action 'report' of that path).
  'gate-timeline': '*',
  'gate-reports': '*',
  'gate-daily-visits': '*',
  [BITACORA_DIGITAL]: ['create', 'report'],
  // The spec's qrcode/envia_push/ (push to the complex's users' devices).
  qrcode: ['envia_push'],
} as const;

/**
 * The guard console (spec 002 §2.2 /guardia): guard posts, entries and exits, black and white lists, today's early
 * visits, novedades. Guards are the supervisor role; residents announce early visits; the board reads novedades.
 */
export default definePlugin({
  id: 'gate',
  titleKey: 'gate.title',
  // Not in the spec's catalogue: the gate gets a switch of its own, on by default (every complex has a gate).
  moduleSwitch: { name: 'Garita', label: 'Garita y bitácora digital', default: true },
  roles: ['administrador', 'superAdministrador', 'supervisor', 'residente', 'directiva'],
  resources: [
    'gate-posts',
    'gate-entries',
    'gate-lists',
    'early-visits',
    'gate-events',
    'panic-alerts',
    'gate-guards',
    'gate-shifts',
    'gate-checkpoints',
    'gate-rounds',
    'gate-cameras',
    'gate-timeline',
    'gate-reports',
    'gate-daily-visits',
    'qrcode',
  ],
  // The timeline shows their facts where they are installed (and on); the gate works without them.
  optionalDependsOn: ['biometrics', 'residents', 'reservations'],
  // The one place roles are written: the server derives each route's roles, the admin hides what it denies.
  access: {
    administrador: OFFICE,
    superAdministrador: OFFICE,
    supervisor: {
      'gate-posts': ['list', 'show'],
      // notify: the security e-mail of an entry (and the spec's correo/enviar_correos_seguridad/).
      'gate-entries': ['list', 'show', 'create', 'exit', 'approve', 'reject', 'notify'],
      'gate-lists': ['list', 'show', 'create', 'edit', 'delete'],
      'early-visits': ['list', 'show', 'today', 'approve'],
      'gate-events': ['list', 'show', 'create'],
      'panic-alerts': ['list', 'show', 'export', 'close', 'delete'],
      [BITACORA_DIGITAL]: ['create'],
      // Which posts have cameras and their pictures; not the cameras' addresses or users.
      'gate-cameras': ['posts', 'snapshots'],
      // The complex's guards, shift changes and rounds (hidden by NoFamilyGuard); their own shifts and rounds.
      'gate-guards': ['list', 'show', 'export'],
      'gate-shifts': ['list', 'show', 'export', 'current', 'create', 'end'],
      'gate-checkpoints': ['list', 'show'],
      'gate-rounds': ['list', 'show', 'export', 'current', 'create', 'marks', 'end'],
      'gate-timeline': ['list'],
      qrcode: ['envia_push'],
    },
    // Their own unit's early visits and their own panic alerts (the routes narrow them).
    residente: { 'early-visits': ['list', 'show', 'create', 'cancel'], 'panic-alerts': ['list', 'show', 'create'] },
    // The board reads the gate's novedades, not the visitors' personal data.
    directiva: { 'gate-events': ['list', 'show'] },
  },
});
