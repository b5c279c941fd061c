import { definePlugin } from '@conjunto/core';
import { RESERVATION_EVENTS } from './reservations.ts';

/** The office (administrators, platform staff) manages areas and every reservation. */
const OFFICE = {
  'reservation-areas': '*',
  reservations: '*',
  // The spec's qrcode/qr_area paths (002 §7): register, move and delete a reservation's code.
  qr_area: ['create', 'update_code', 'delete_code'],
} as const;

/** Residents (and the board, who live in the complex too): the areas, their free slots, their unit's reservations. */
const RESIDENT = {
  'reservation-areas': ['list', 'show', 'availability', 'month'],
  reservations: ['list', 'show', 'create', 'cancel'],
} as const;

/**
 * Common areas and their reservations (spec 000 §2.4 areascomunales, reservasxaprobar; 002 §3 Common area, §4, §5,
 * §7, §9): residents book free slots, the office approves (a QR code of 8 digits for areas that allow it), guards
 * validate codes and read the day's reservations (the guard's Historial > Reservas).
 */
export default definePlugin({
  id: 'reservations',
  titleKey: 'reservations.title',
  // Not in the spec's catalogue: common areas get a switch of their own, on by default.
  moduleSwitch: { name: 'AreasComunales', label: 'Áreas comunales y reservas', default: true },
  roles: ['administrador', 'superAdministrador', 'supervisor', 'residente', 'directiva'],
  resources: ['reservation-areas', 'reservations'],
  // A reservation's price and deposit are charged to the unit where accounting is installed and on; debts refuse.
  optionalDependsOn: ['accounting'],
  emits: Object.values(RESERVATION_EVENTS),
  access: {
    administrador: OFFICE,
    superAdministrador: OFFICE,
    // Guards: the areas, the approved reservations (without their codes) and a code's validation at the gate.
    // The calendar too (approved ones only), read-only.
    supervisor: {
      'reservation-areas': ['list', 'show'],
      reservations: ['list', 'show', 'export', 'validate', 'calendar'],
    },
    residente: RESIDENT,
    directiva: RESIDENT,
  },
});
