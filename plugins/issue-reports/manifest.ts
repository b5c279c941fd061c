import { definePlugin } from '@conjunto/core';

/** Spec 002 §4: the report's Estado. */
export const ISSUE_STATUSES = [0, 1, 2, 3] as const;
export type IssueStatus = (typeof ISSUE_STATUSES)[number];
export const STATUS = { pending: 0, inProgress: 1, completed: 2, rated: 3 } as const;
/** Spec 002 §4: complaint categories 1 Quejas ... 6 Otros. */
export const ISSUE_CATEGORIES = [1, 2, 3, 4, 5, 6] as const;
/** Spec 002 §4: satisfaction 0 pending rating, 1 bad ... 5 excellent. */
export const RATING_MAX = 5;
export const DETAIL_MAX = 1000;
export const OBSERVATIONS_MAX = 1000;
/** The live topic of every change (the bell reloads on it). */
export const ISSUES_TOPIC = 'issue-reports.changed';

export const STATUS_LABELS: Record<IssueStatus, string> = { 0: 'Pendiente', 1: 'En progreso', 2: 'Completado', 3: 'Calificado' };
export const CATEGORY_LABELS: Record<number, string> = {
  1: 'Quejas',
  2: 'Reclamos',
  3: 'Peticiones',
  4: 'Sugerencias',
  5: 'Felicitaciones',
  6: 'Otros',
};
export const RATING_LABELS: Record<number, string> = {
  0: 'Pendiente de calificación',
  1: 'Malo',
  2: 'Regular',
  3: 'Medio',
  4: 'Bueno',
  5: 'Excelente',
};

export const ISSUE_MESSAGES = {
  required: '¡Este campo es requerido!',
  /** Spec 000 §8. */
  loadError: 'Error al cargar los reportes de daños',
  forwardOnly: 'El estado del reporte solo puede avanzar: Pendiente, En progreso, Completado.',
  rateNotCompleted: 'Solo se puede calificar un reporte completado.',
  alreadyRated: 'Este reporte ya fue calificado.',
  photoLocked: 'La foto solo se puede cambiar mientras el reporte está pendiente.',
  noUnit: 'No tienes una unidad habitacional asignada.',
  unit: 'Seleccione la unidad habitacional.',
  unitMissing: 'La unidad habitacional no existe.',
  photoRequired: 'Seleccione una foto.',
  photoTooLarge: 'La foto no puede superar 5 MB.',
  notImage: 'El archivo no es una imagen JPEG, PNG o WebP.',
  badImage: 'La imagen está dañada o es demasiado grande.',
} as const;

export default definePlugin({
  id: 'issue-reports',
  titleKey: 'issueReports.title',
  moduleSwitch: { name: 'InformeProblemas', label: 'Informe de problemas', default: true },
  roles: ['administrador', 'superAdministrador', 'residente'],
  resources: ['issue-reports'],
  access: {
    administrador: {
      'issue-reports': ['list', 'show', 'export', 'create', 'edit', 'delete', 'status', 'photo', 'pending'],
    },
    superAdministrador: {
      'issue-reports': ['list', 'show', 'export', 'create', 'edit', 'delete', 'status', 'photo', 'pending'],
    },
    // A resident files reports for their unit, adds the photo while pending, and rates them once completed.
    residente: { 'issue-reports': ['list', 'show', 'create', 'photo', 'rating'] },
  },
});
