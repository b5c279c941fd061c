import { definePlugin } from '@conjunto/core';

/** Floor -> controller pin (spec 001 §3). The selector offers -2..14 (16 pins); 15 is in the table only. */
export const FLOOR_PINS: Readonly<Record<number, number>> = {
  [-2]: 4,
  [-1]: 17,
  1: 18,
  2: 27,
  3: 22,
  4: 23,
  5: 24,
  6: 25,
  7: 5,
  8: 6,
  9: 12,
  10: 13,
  11: 19,
  12: 16,
  13: 26,
  14: 20,
  15: 21,
};
export const SELECTABLE_FLOORS = [-2, -1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14] as const;

export const FACE_TYPES = ['propietario', 'familiar', 'empleado', 'visitante', 'inquilino', 'arrendatario'] as const;
export const FACE_STATES = ['activo', 'bloqueado'] as const;

/** Spec 001 §4: a device is active, unknown or anything else (the status chip, the connection label, the export). */
export const deviceStatusGroup = (status: string) =>
  status === 'active' ? 'active' : status === 'unknown' ? 'unknown' : 'other';

/**
 * What the office (administrators and platform staff) may do: everything, on the REST resources (devices and
 * controllers included) and on the spec's own paths (rostros: create, edit, delete, import; biometricos: status).
 * The admin's faces screen is named 'rostros' too; it maps to 'faces', so the admin asks the same answer either way.
 */
const OFFICE = {
  'biometric-devices': '*',
  'biometric-controllers': '*',
  faces: '*',
  'face-imports': '*',
  rostros: '*',
  biometricos: '*',
} as const;

/** Domain events biometrics emits (the gate's timeline follows them when both are on). */
export const BIOMETRICS_EVENTS = { recognitionRecorded: 'biometrics.recognition.recorded' } as const;

export default definePlugin({
  id: 'biometrics',
  titleKey: 'biometrics.title',
  moduleSwitch: 'RostrosResidentes',
  roles: ['administrador', 'superAdministrador'],
  resources: ['biometric-devices', 'biometric-controllers', 'faces', 'face-imports'],
  // The one place roles are written: the server derives each route's roles from it, the admin hides what it denies.
  access: { administrador: OFFICE, superAdministrador: OFFICE },
  emits: [BIOMETRICS_EVENTS.recognitionRecorded],
});
