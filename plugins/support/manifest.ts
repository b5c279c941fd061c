import { definePlugin } from '@conjunto/core';

export const FAQ_CATEGORY_MAX = 80;
export const FAQ_QUESTION_MAX = 250;
export const FAQ_ANSWER_MAX = 5000;
export const FAQ_ORDER_MAX = 9999;
export const SUBJECT_MAX = 150;
export const DETAIL_MAX = 5000;
export const REPLY_MAX = 5000;
/** Live topic published on the complex when platform staff reply or change a request's state: `{ id }` only. */
export const SUPPORT_TOPIC = 'support.changed';
/** The attachment: one photo (a screenshot) up to 10 MB, stored re-encoded as JPEG. */
export const ATTACHMENT_BYTES_MAX = 10 * 1024 * 1024;

export const SUPPORT_CATEGORIES = ['Consulta', 'Problema', 'Sugerencia'] as const;
export type SupportCategory = (typeof SUPPORT_CATEGORIES)[number];
/** A request's life: filed, being worked on by staff, solved (the office may still write back), closed. */
export const SUPPORT_STATES = ['Abierto', 'En proceso', 'Resuelto', 'Cerrado'] as const;
export type SupportState = (typeof SUPPORT_STATES)[number];

export const SUPPORT_MESSAGES = {
  closed: 'La solicitud está cerrada: no admite más respuestas.',
  fileRequired: 'Seleccione una imagen.',
  fileTooLarge: 'El archivo es demasiado pesado.',
  notImage: 'Solo se aceptan imágenes JPG, PNG o WebP.',
  badImage: 'La imagen está dañada o es demasiado grande.',
  noAttachment: 'La solicitud no tiene un archivo adjunto.',
} as const;

/**
 * The office files and follows its complex's requests; every back-office role reads the FAQ. Platform staff manage the
 * FAQ and answer every complex's requests from their own area (the plugin's platform routes).
 */
const FAQ_READ = { faq: ['list', 'export'] } as const;

export default definePlugin({
  id: 'support',
  titleKey: 'support.title',
  // No switch of the plugin's own: the FAQ is for every complex; the requests follow the catalogue's 'Supports'.
  resourceSwitches: { supports: 'Supports' },
  roles: ['administrador', 'supervisor', 'directiva', 'superAdministrador'],
  resources: ['faq', 'supports'],
  access: {
    administrador: { ...FAQ_READ, supports: ['list', 'show', 'export', 'create', 'replies', 'attachment', 'close'] },
    superAdministrador: { ...FAQ_READ, supports: ['list', 'show', 'export', 'attachment'] },
    supervisor: FAQ_READ,
    directiva: FAQ_READ,
  },
});
