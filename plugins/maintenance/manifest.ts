import { definePlugin } from '@conjunto/core';

/** Recurrence codes of spec 002 §4 (the original's days: 7 weekly, 30 monthly, 365 annual), or a custom RRULE. */
export const RECURRENCES = ['weekly', 'monthly', 'annual', 'rrule'] as const;
export type Recurrence = (typeof RECURRENCES)[number];
export const RECURRENCE_DAYS: Record<Exclude<Recurrence, 'rrule'>, number> = { weekly: 7, monthly: 30, annual: 365 };

export const TITLE_MAX = 120;
export const DESCRIPTION_MAX = 1000;
export const SUPPLIER_MAX = 120;
export const NOTES_MAX = 500;
export const RRULE_MAX = 300;
/** A custom rule may not repeat more often than daily, nor more than this many times (COUNT). */
export const RRULE_COUNT_MAX = 1000;
/** Occurrences any single computation answers at most (a rule cannot make the server loop through millions). */
export const OCCURRENCE_CAP = 500;
/** Spec 002 §9: the listing shows plans whose recurrence ended within the last 6 months besides the active ones. */
export const ENDED_MONTHS_SHOWN = 6;
/** The live topic of every change (the bell reloads on it). */
export const MAINTENANCE_TOPIC = 'maintenance.changed';

export const MAINTENANCE_MESSAGES = {
  required: '¡Este campo es requerido!',
  rruleInvalid: 'La regla de recurrencia (RRULE) no es válida.',
  rruleFrequency: 'La regla de recurrencia no puede repetirse más de una vez al día.',
  rruleCount: `La regla de recurrencia admite como máximo ${RRULE_COUNT_MAX} repeticiones (COUNT).`,
  rruleEmpty: 'La regla de recurrencia no produce ninguna fecha.',
  rruleMissing: 'Ingrese la regla de recurrencia (RRULE).',
  untilBeforeStart: 'La fecha de fin debe ser igual o posterior a la fecha de inicio.',
  notOccurrence: 'La fecha no corresponde a una ocurrencia del mantenimiento.',
  alreadyDone: 'Esta ocurrencia ya fue marcada como realizada.',
  notDone: 'Esta fecha no está marcada como realizada.',
  doneBeforeStart: 'La fecha no puede ser anterior a la fecha de inicio del mantenimiento.',
  doneAfterEnd: 'La fecha no puede ser posterior al fin de la recurrencia del mantenimiento.',
  doneFuture: 'Solo se pueden marcar como realizadas fechas de hoy o anteriores.',
  cost: 'Solo se aceptan valores con 2 decimales',
} as const;

export default definePlugin({
  id: 'maintenance',
  titleKey: 'maintenance.title',
  // Not in the spec's catalogue: a switch of its own, on by default.
  moduleSwitch: { name: 'Mantenimiento', label: 'Mantenimiento', default: true },
  roles: ['administrador', 'superAdministrador'],
  resources: ['maintenance-plans'],
  access: {
    administrador: {
      'maintenance-plans': ['list', 'show', 'export', 'create', 'edit', 'delete', 'occurrences', 'done', 'pending'],
    },
    superAdministrador: {
      'maintenance-plans': ['list', 'show', 'export', 'create', 'edit', 'delete', 'occurrences', 'done', 'pending'],
    },
  },
});
