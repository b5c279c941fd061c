import { definePlugin } from '@conjunto/core';

/** Who receives a scheduled e-mail. 'arrears' only while accounting answers (its service), else it is refused. */
export const AUDIENCES = ['all', 'owners', 'tenants', 'arrears', 'units'] as const;
export type Audience = (typeof AUDIENCES)[number];
/** How it repeats: once at its date-time, or every day, week (the start's weekday) or month (the start's day). */
export const RECURRENCES = ['once', 'daily', 'weekly', 'monthly'] as const;
export type MailingRecurrence = (typeof RECURRENCES)[number];

export const SUBJECT_MAX = 150;
export const BODY_MAX = 5000;
export const UNITS_MAX = 500;
export const SENDER_NAME_MAX = 100;
/** Recipients of one run at most (one e-mail each). */
export const RECIPIENTS_MAX = 5000;
/** Scheduled e-mails of one complex at most. */
export const MAILINGS_MAX = 200;
export const MAILINGS_TOPIC = 'mailings.changed';

export const MAILING_MESSAGES = {
  required: '¡Este campo es requerido!',
  startPast: 'La fecha y hora de envío debe ser futura.',
  startInvalid: 'La fecha y hora de envío no es válida.',
  unitsRequired: 'Seleccione al menos una unidad.',
  unitUnknown: 'Una de las unidades no existe.',
  arrearsUnavailable: 'La contabilidad no está activa: no se puede elegir unidades con deudas.',
  tooMany: `No se puede crear más de ${MAILINGS_MAX} correos programados.`,
  email: '¡Correo inválido!',
  time: 'La hora no es válida (HH:mm).',
  inactive: 'El correo programado está inactivo.',
} as const;

const ACTIONS = ['list', 'show', 'export', 'create', 'edit', 'delete', 'send', 'options'] as const;

export default definePlugin({
  id: 'mailings',
  titleKey: 'mailings.title',
  // Not in the spec's catalogue: a switch of its own, off by default (the demo turns it on).
  moduleSwitch: { name: 'CorreosProgramados', label: 'Correos programados', default: false },
  roles: ['administrador', 'superAdministrador'],
  resources: ['mailings', 'mailing-settings'],
  // The overdue-debts audience asks accounting, when it is installed and on.
  optionalDependsOn: ['accounting'],
  access: {
    administrador: { mailings: ACTIONS, 'mailing-settings': ['list', 'show', 'edit'] },
    superAdministrador: { mailings: ACTIONS, 'mailing-settings': ['list', 'show', 'edit'] },
  },
});
