// What the complex's routes and the platform staff's share: items, export columns, text checks and the e-mails.
import { formatDateTime, invalid, MESSAGES } from '@conjunto/core';
import type { Faq, SupportReply as ReplyItem, Support } from '../schemas.ts';
import type { FaqEntry, SupportReply, SupportRequest } from './support.entity.ts';

export const FAQ = 'faq';
export const SUPPORTS = 'supports';
export const tags = ['support'];

const iso = (d: Date | string) => new Date(d).toISOString();
const isoOrNull = (d: Date | string | null | undefined) => (d ? iso(d) : null);

export const toFaq = (f: FaqEntry): Faq => ({
  id: f.id,
  category: f.category,
  question: f.question,
  answer: f.answer,
  sortOrder: Number(f.sortOrder),
  published: f.published,
  createdAt: iso(f.createdAt),
  updatedAt: iso(f.updatedAt),
});

export const toSupport = (s: SupportRequest, complexName?: string | null): Support => ({
  id: s.id,
  complexId: s.complexId,
  ...(complexName !== undefined ? { complexName } : {}),
  subject: s.subject,
  category: s.category,
  detail: s.detail,
  state: s.state,
  hasAttachment: Boolean(s.attachmentFileId),
  requesterId: s.requesterId ?? null,
  requesterName: s.requesterName,
  replyCount: Number(s.replyCount ?? 0),
  lastReplyAt: isoOrNull(s.lastReplyAt),
  createdAt: iso(s.createdAt),
  updatedAt: iso(s.updatedAt),
});

export const toReply = (r: SupportReply): ReplyItem => ({
  id: r.id,
  authorName: r.authorName,
  fromStaff: r.fromStaff,
  message: r.message,
  state: r.state ?? null,
  createdAt: iso(r.createdAt),
});

export const FAQ_EXPORT = {
  category: 'Categoría',
  question: 'Pregunta',
  answer: 'Respuesta',
  sortOrder: 'Orden',
  published: { header: 'Publicada', value: (f: Faq) => (f.published ? 'Sí' : 'No') },
};

export const SUPPORT_EXPORT = {
  createdAt: { header: 'Fecha', value: (s: Support) => formatDateTime(s.createdAt) },
  subject: 'Asunto',
  category: 'Categoría',
  state: 'Estado',
  requesterName: 'Solicitante',
  detail: 'Detalle',
  replyCount: 'Respuestas',
  lastReplyAt: { header: 'Última respuesta', value: (s: Support) => (s.lastReplyAt ? formatDateTime(s.lastReplyAt) : '') },
};

/** A required text, trimmed: blank or longer than `max` is a 400 on `field` (the schema already bounds the raw length). */
export function requiredText(field: string, value: string | undefined, max: number): string {
  const trimmed = (value ?? '').trim();
  if (!trimmed) throw invalid(field, MESSAGES.required);
  if (trimmed.length > max) throw invalid(field, MESSAGES.maxLength(max));
  return trimmed;
}

/** What one request is, for the audit log and the e-mails' subject. */
export const describe = (s: Pick<SupportRequest, 'subject' | 'category'>) => `${s.category}: ${s.subject}`.slice(0, 200);

export function newRequestMail(to: readonly string[], complexName: string, s: SupportRequest) {
  return {
    to,
    category: 'support.new-request',
    subject: `Nueva solicitud de soporte de ${complexName}: ${s.subject}`.slice(0, 250),
    text: [
      `${s.requesterName} (${complexName}) envió una solicitud de soporte.`,
      '',
      `Categoría: ${s.category}`,
      `Asunto: ${s.subject}`,
      '',
      s.detail,
      '',
      'Respóndala desde Feedback: Sugerencias en el área de superadministración.',
    ].join('\n'),
  };
}

export function staffReplyMail(to: string, s: SupportRequest, message: string | null, state: string | null) {
  const lines = [`Hola ${s.requesterName},`, '', `El equipo de soporte respondió su solicitud «${s.subject}».`, ''];
  if (message) lines.push(message, '');
  if (state) lines.push(`Estado de la solicitud: ${state}.`, '');
  lines.push('Puede ver la conversación completa en Soporte, en el menú de administración.');
  return {
    to: [to],
    category: 'support.staff-reply',
    subject: `Respuesta a su solicitud de soporte: ${s.subject}`.slice(0, 250),
    text: lines.join('\n'),
  };
}
