// The signed-in resident's own unit (/my-unit/..., issue 12): its statement of account (movements, balance, pending
// and future charges) as JSON and PDF. The unit comes from the session's user through the host's directory, never
// from the client; the administrator reads any unit through /units/:unitId/statement (documents.ts).
import { ErrorSchema, notFound, type PluginApp } from '@conjunto/core';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { StatementSchema } from '../../schemas.ts';
import { directory } from '../directory.ts';
import { letterheadOf } from '../documents/pdf.ts';
import { statementDisposition, statementOf, statementPdf } from '../statements.ts';
import type { RouteKit } from './kit.ts';

export function residentRoutes(app: PluginApp, k: RouteKit) {
  const tags = ['accounting'];

  /** The unit the caller lives in (owner or tenant), or 404 for a resident without one. */
  const myUnit = async (request: FastifyRequest) => {
    const { complexId, userId } = k.ctx(request);
    const [me] = await directory(k.em(request), complexId).residents({ ids: [userId], includeInactive: true });
    if (!me?.unitId) throw notFound();
    return { complexId, unitId: me.unitId };
  };

  app.get(
    '/my-unit/statement',
    {
      // Payments part of the API: open to the residents of a locked property (spec 002 §4), as /units/:id/statement.
      config: { payments: true },
      schema: {
        tags,
        summary: "The signed-in resident's unit: statement of account (charges with their due dates, payments, totals)",
        response: { 200: StatementSchema, 404: ErrorSchema },
      },
    },
    async (request) => {
      const { complexId, unitId } = await myUnit(request);
      return statementOf(k.em(request), complexId, unitId);
    },
  );

  app.get(
    '/my-unit/statement.pdf',
    {
      config: { payments: true },
      schema: {
        tags,
        summary: "The signed-in resident's unit: statement of account as PDF",
        response: {
          200: Type.Unsafe<Uint8Array>({ type: 'string', format: 'binary', description: 'application/pdf' }),
          404: ErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { complexId, unitId } = await myUnit(request);
      const statement = await statementOf(k.em(request), complexId, unitId);
      const pdf = await statementPdf(await letterheadOf(k.em(request), complexId), statement);
      return reply
        .type('application/pdf')
        .header('Content-Disposition', statementDisposition(statement))
        .header('Cache-Control', 'no-store')
        .send(pdf);
    },
  );
}
