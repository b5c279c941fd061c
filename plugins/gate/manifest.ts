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
  [BITACORA_DIGITAL]: ['create'],
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
  resources: ['gate-posts', 'gate-entries', 'gate-lists', 'early-visits', 'gate-events', 'panic-alerts', 'qrcode'],
  // The one place roles are written: the server derives each route's roles, the admin hides what it denies.
  access: {
    administrador: OFFICE,
    superAdministrador: OFFICE,
    supervisor: {
      'gate-posts': ['list', 'show'],
      'gate-entries': ['list', 'show', 'create', 'exit', 'approve', 'reject'],
      'gate-lists': ['list', 'show', 'create', 'edit', 'delete'],
      'early-visits': ['list', 'show', 'today', 'approve'],
      'gate-events': ['list', 'show', 'create'],
      'panic-alerts': ['list', 'show', 'export', 'close', 'delete'],
      [BITACORA_DIGITAL]: ['create'],
      qrcode: ['envia_push'],
    },
    // Their own unit's early visits and their own panic alerts (the routes narrow them).
    residente: { 'early-visits': ['list', 'show', 'create', 'cancel'], 'panic-alerts': ['list', 'show', 'create'] },
    // The board reads the gate's novedades, not the visitors' personal data.
    directiva: { 'gate-events': ['list', 'show'] },
  },
});
