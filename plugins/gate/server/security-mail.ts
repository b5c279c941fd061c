// Security e-mails (spec 002 §7 correo/enviar_correos_seguridad/, §8): an event at the gate and its people, with up
// to 3 photos as attachments, queued in the host's mail outbox. Two ways in: the spec's path (its fields, the photos
// as base64) and the console's POST gate-entries/:id/notify (the entry's data and up to 3 of its camera pictures).
import {
  ApiError,
  blank,
  EMAIL,
  ERROR_RESPONSES,
  formatDateTime,
  type HostServices,
  IdParams,
  invalid,
  type MailAttachment,
  type PluginApp,
} from '@conjunto/core';
import type { FastifyRequest } from 'fastify';
import type { Static } from 'typebox';
import { MailAnswerSchema, NotifyEntrySchema, PHOTO_TEXT, SecurityMailSchema } from '../camera-schemas.ts';
import { CAMERA_LIMITS, CAMERA_MESSAGES } from '../cameras.ts';
import { entryImageFiles } from './camera-capture.ts';
import { em, tags } from './common.ts';
import { visitorOf } from './entries.ts';
import { visibleEntry } from './entry-routes.ts';

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const PHOTO_TYPES: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };
/** Three photos as base64 text and the fields: the spec path's own body limit (the server's is 1 MB). */
const BODY_LIMIT = CAMERA_LIMITS.photos * PHOTO_TEXT + 64 * 1024;

type SpecMail = Static<typeof SecurityMailSchema>;

/** A photo as the console sends it: base64, or a data: URL; its type told by its first bytes, not by what it says. */
export function photoOf(text: string, index: number): MailAttachment {
  const match = /^data:([\w/+.-]+);base64,(.*)$/s.exec(text);
  const body = (match ? match[2] : text).replace(/\s+/g, '');
  if (!body || !BASE64.test(body)) throw invalid('fotos', CAMERA_MESSAGES.photos);
  const bytes = Buffer.from(body, 'base64');
  if (bytes.length > CAMERA_LIMITS.photoBytes) throw invalid('fotos', CAMERA_MESSAGES.photoTooLarge);
  const type =
    bytes[0] === 0xff && bytes[1] === 0xd8
      ? 'image/jpeg'
      : bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
        ? 'image/png'
        : bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP'
          ? 'image/webp'
          : null;
  if (!type) throw invalid('fotos', CAMERA_MESSAGES.photos);
  return { filename: `foto-${index + 1}.${PHOTO_TYPES[type]}`, contentType: type, content: bytes };
}

function recipient(raw: string | null | undefined): string {
  const email = blank(raw)?.toLowerCase();
  if (!email) throw invalid('correo', CAMERA_MESSAGES.noRecipient);
  if (!EMAIL.test(email)) throw invalid('correo', CAMERA_MESSAGES.recipient);
  return email;
}

/** The mail's text: the spec's fields that were given, one a line, labelled in Spanish. */
function mailText(complexName: string, lines: [string, string | null | undefined][]): string {
  const body = lines.filter(([, v]) => blank(v)).map(([label, v]) => `${label}: ${blank(v)}`);
  return [`Notificación de seguridad de ${complexName}.`, '', ...body].join('\n');
}

export function securityMailRoutes(app: PluginApp, host: HostServices) {
  const queue = async (request: FastifyRequest, to: string, subject: string, text: string, attachments: MailAttachment[]) => {
    try {
      const id = await em(host, request).transactional(async (tx) => {
        const mailId = await host.queueMail(request, tx, { to: [to], subject, text, attachments, category: 'gate.security' });
        host.audit(request, tx, {
          resource: 'gate-entries',
          recordId: mailId,
          action: 'notify',
          changes: { to, subject, photos: attachments.length },
          description: subject,
        });
        return mailId;
      });
      return { message: CAMERA_MESSAGES.mailSent, id, to: [to] };
    } catch (error) {
      if (error instanceof ApiError) throw error;
      request.log.error({ err: (error as Error).message }, 'security mail not queued');
      throw new ApiError(502, 'MAIL_FAILED', CAMERA_MESSAGES.mailError);
    }
  };

  // Spec 002 §7 POST correo/enviar_correos_seguridad/?id_conjunto= (the host rewrites it here: the complex is chosen
  // before the body is read; a body id_conjunto must be the same).
  app.post(
    '/gate-entries/security-mail',
    {
      bodyLimit: BODY_LIMIT,
      config: { access: 'notify' },
      schema: {
        tags,
        summary:
          "Spec 002 §7 correo/enviar_correos_seguridad/ (rewritten here): queue a security e-mail to `correo` with up to 3 photos (base64) as attachments; 'Se envió correo de notificación.'",
        body: SecurityMailSchema,
        response: { 201: MailAnswerSchema, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const body: SpecMail = request.body;
      const { complexId } = host.context(request);
      if (body.id_conjunto && body.id_conjunto.toLowerCase() !== complexId)
        throw invalid('id_conjunto', 'El conjunto del correo no es el de la dirección.');
      const to = recipient(body.correo);
      const attachments = (body.fotos ?? []).map(photoOf);
      const complex = await host.directory(request).complex();
      const subject =
        blank(body.asunto) ?? `Notificación de seguridad: ${blank(body.evento) ?? blank(body.tipo) ?? complex.name}`;
      const text = mailText(complex.name, [
        ['Destinatario', body.destinatario],
        ['Tipo', body.tipo],
        ['Evento', body.evento],
        ['Fecha y hora', body.fecha_hora],
        ['Residente', body.residente_nombre],
        ['Casa', body.residente_casa],
        ['Visitante', body.visitante_nombre],
        ['Cédula', body.visitante_dni],
        ['Placa', body.visitante_placa],
        ['Color del vehículo', body.visitante_placa_color],
        ['Motivo', body.motivo],
        ['Observación', body.observacion],
      ]);
      return reply.status(201).send(await queue(request, to, subject, text, attachments));
    },
  );

  app.post(
    '/gate-entries/:id/notify',
    {
      schema: {
        tags,
        summary:
          "E-mail an entry (security notification) with up to 3 of its camera pictures: to `to`, else the visited resident, else the complex's administrators' first",
        params: IdParams,
        body: NotifyEntrySchema,
        response: { 201: MailAnswerSchema, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const entry = await visibleEntry(host, request);
      const body = request.body;
      const directory = host.directory(request);
      let to = blank(body.to);
      if (!to && entry.residentId) to = (await directory.person(entry.residentId))?.email ?? null;
      if (!to) to = (await directory.staff('administrador'))[0]?.email ?? null;
      const address = recipient(to);
      const files = await entryImageFiles(host, request, entry.id, CAMERA_LIMITS.photos);
      const attachments: MailAttachment[] = [];
      for (const [i, f] of files.entries()) {
        const content = await host.files.read(request, f.fileId);
        attachments.push({ filename: `foto-${i + 1}.${f.extension}`, contentType: f.contentType, content });
      }
      const complex = await directory.complex();
      const visitor = visitorOf(entry);
      const subject =
        blank(body.subject) ?? `Notificación de seguridad: ingreso de ${entry.firstName} ${entry.lastName ?? ''}`.trim();
      const text = mailText(complex.name, [
        ['Tipo', entry.visitType],
        ['Evento', entry.listHit === 'negra' ? 'Visitante en lista negra' : 'Ingreso de visitante'],
        ['Fecha y hora', formatDateTime(new Date(entry.enteredAt).toISOString())],
        ['Garita', entry.postName],
        ['Residente', entry.residentName],
        ['Casa', entry.unitNumber ?? entry.place],
        ['Visitante', visitor],
        ['Placa', entry.plate],
        ['Color del vehículo', entry.vehicleColor],
        ['Motivo', body.reason],
        ['Observación', body.observation ?? entry.observations],
      ]);
      return reply.status(201).send(await queue(request, address, subject, text, attachments));
    },
  );
}
