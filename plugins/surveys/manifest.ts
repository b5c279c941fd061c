import { definePlugin } from '@conjunto/core';

export const SURVEY_TITLE_MAX = 100;
export const SURVEY_DAYS_MIN = 1;
export const SURVEY_DAYS_MAX = 30;
export const SURVEY_DAYS_DEFAULT = 30;
export const SURVEY_PAGE_SIZES = [5, 10, 25] as const;

export const SURVEY_MESSAGES = {
  titleTaken: 'Ya existe una encuesta con ese nombre',
  notActive: 'La encuesta no está activa.',
  alreadyAnswered: 'Ya respondiste esta encuesta.',
  days: `Ingrese un número entero entre ${SURVEY_DAYS_MIN} y ${SURVEY_DAYS_MAX}.`,
} as const;

export default definePlugin({
  id: 'surveys',
  titleKey: 'surveys.title',
  // Not in the spec's catalogue: surveys get a switch of their own, on by default (they were always there).
  moduleSwitch: { name: 'Encuestas', label: 'Encuestas', default: true },
  roles: ['administrador', 'superAdministrador', 'residente'],
  resources: ['surveys'],
  // The one place roles are written: the server derives each route's roles, the admin hides what it denies.
  access: {
    administrador: { surveys: '*' },
    superAdministrador: { surveys: '*' },
    // The residents' app (and the board, who live there too): the active survey, and their answer to it.
    residente: { surveys: ['active', 'answers'] },
    directiva: { surveys: ['active', 'answers'] },
  },
});
