// The spec's POST qrcode/envia_push/ (spec 002 §7: titulo max 60, mensaje, tokens_dispositivo), under the complex:
// POST /api/complexes/:complexId/qrcode/envia_push/. The guard console and the office notify people of the complex
// on their phones through the host's push outbox. The spec's tokens are the app's device tokens (FCM registration
// tokens the app saved with POST /api/push/devices): only those of users of this complex (its residents and its
// staff) receive it; any other token (unknown, stale, another complex's) is left out and only counted, the same
// for all, so that a caller can neither push to nor learn about devices outside its complex.
import { ApiError, blank, CLOSED, ERROR_RESPONSES, fieldsOf, type HostServices, newId, type PluginApp } from '@conjunto/core';
import { type Static, Type } from 'typebox';
import { em, tags } from './common.ts';

/** Spec 002 §7/§9: the title is cut to 60 characters (code points: an emoji is not split). */
export const PUSH_TITLE_MAX = 60;
export const PUSH_BODY_MAX = 500;
/** Tokens of one call: a household, the guards of a shift; not a mass mailing (the outbox caps a call at 10,000 users). */
export const PUSH_TOKENS_MAX = 100;

export const ENVIA_PUSH_MESSAGES = {
  title: 'El título es obligatorio.',
  message: 'El mensaje es obligatorio.',
  tokens: 'Indique al menos un dispositivo.',
  noRecipients: 'Ninguno de los dispositivos pertenece a un usuario de este conjunto.',
} as const;

export const EnviaPushSchema = Type.Object(
  {
    // Longer titles are accepted and cut (the spec cuts, it does not refuse); a bound keeps the request small.
    titulo: Type.String({ minLength: 1, maxLength: 500 }),
    mensaje: Type.String({ minLength: 1, maxLength: PUSH_BODY_MAX }),
    // The app's FCM registration tokens, as POST /api/push/devices accepts them.
    tokens_dispositivo: Type.Array(Type.String({ minLength: 20, maxLength: 1024, pattern: '^[A-Za-z0-9_:.-]+$' }), {
      minItems: 1,
      maxItems: PUSH_TOKENS_MAX,
    }),
  },
  CLOSED,
);

const EnviaPushAnswer = Type.Object({
  /** The title as sent (cut to 60). */
  titulo: Type.String(),
  /** Users notified (each on every browser and device of theirs). */
  enviados: Type.Integer(),
  /** Tokens left out: unknown, stale, or not of a user of this complex. */
  descartados: Type.Integer(),
});

const cut = (text: string, max: number) => Array.from(text.replace(/\s+/g, ' ').trim()).slice(0, max).join('');

export function enviaPushRoutes(app: PluginApp, host: HostServices) {
  app.post(
    '/qrcode/envia_push/',
    {
      // A retried call with the same Idempotency-Key does not notify twice.
      config: { idempotent: true },
      schema: {
        tags,
        summary:
          "The spec's qrcode/envia_push/: a push notification to the app devices of users of this complex (guards and the office). 200 with how many were notified and left out; 422 when no token is of this complex",
        body: EnviaPushSchema,
        // 200: the console's client takes only a 200 as success (spec 002 §7).
        response: { 200: EnviaPushAnswer, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const body = fieldsOf(EnviaPushSchema, request.body) as Static<typeof EnviaPushSchema>;
      const titulo = cut(body.titulo, PUSH_TITLE_MAX);
      if (!titulo) throw new ApiError(400, 'VALIDATION', ENVIA_PUSH_MESSAGES.title, { titulo: ENVIA_PUSH_MESSAGES.title });
      const mensaje = blank(body.mensaje);
      if (!mensaje) throw new ApiError(400, 'VALIDATION', ENVIA_PUSH_MESSAGES.message, { mensaje: ENVIA_PUSH_MESSAGES.message });
      const tokens = [...new Set(body.tokens_dispositivo)];
      const owners = await host.push.deviceOwners(request, tokens);
      const userIds = [...new Set(owners.values())];
      if (!userIds.length) throw new ApiError(422, 'NO_RECIPIENTS', ENVIA_PUSH_MESSAGES.noRecipients);
      const { complexId } = host.context(request);
      await em(host, request).transactional(async (tx) => {
        await host.push.queue(tx, {
          userIds,
          title: titulo,
          body: mensaje,
          complexId,
          category: 'gate.push',
        });
        // Who sent what to how many: the audit log (recipients by count, not by token).
        host.audit(request, tx, {
          resource: 'qrcode',
          recordId: newId(),
          action: 'envia_push',
          changes: { titulo, mensaje, enviados: userIds.length, descartados: tokens.length - owners.size },
          description: `Notificación: ${titulo}`,
        });
      });
      return { titulo, enviados: userIds.length, descartados: tokens.length - owners.size };
    },
  );
}
