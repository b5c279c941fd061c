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

export default definePlugin({
  id: 'biometrics',
  titleKey: 'biometrics.title',
  moduleSwitch: 'RostrosResidentes',
  roles: ['administrador', 'superAdministrador'],
  resources: ['biometric-devices', 'faces', 'face-imports'],
});
