// A unit's certificates as PDF (certificates.ts): POST /units/:unitId/certificates { kind, signed } answers the PDF
// and records it with its verification code (host.documents). Administrators for any unit of the complex; a
// resident only for the unit they live in or hold (another unit answers 404, as another complex's does).
import { contentDisposition, ErrorSchema, type HostServices, notFound, type PluginApp } from '@conjunto/core';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { CERTIFICATE_KINDS, type CertificateKind, certificatePdf, certificateValidUntil, checkNoDebt } from '../certificates.ts';
import { directory } from '../directory.ts';
import { letterheadOf } from '../documents/pdf.ts';
import { statementOf } from '../statements.ts';
import type { RouteKit } from './kit.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const OFFICE = ['administrador', 'superAdministrador'];

export const CertificateRequestSchema = Type.Object(
  {
    kind: Type.Union([Type.Literal('expensas'), Type.Literal('no-adeudar')], {
      description: "'expensas' (certificado de expensas) or 'no-adeudar' (certificado de no adeudar)",
    }),
    signed: Type.Optional(
      Type.Boolean({ description: "Signed with the complex's electronic signature (PAdES)", default: false }),
    ),
  },
  { additionalProperties: false },
);

const slug = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();

export function certificateRoutes(app: PluginApp, k: RouteKit, host: HostServices) {
  /** The unit of the path, when the caller may have its certificates; 404 otherwise. */
  async function unitFor(request: FastifyRequest): Promise<string> {
    const { unitId } = request.params as { unitId: string };
    if (!UUID.test(unitId)) throw notFound();
    const { complexId, userId, roles } = k.ctx(request);
    if (roles.some((r) => OFFICE.includes(r))) return unitId;
    const dir = directory(k.em(request), complexId);
    const [me] = await dir.residents({ ids: [userId] });
    if (me?.unitId === unitId) return unitId;
    if ((await dir.units({ ids: [unitId], holders: [userId] })).length) return unitId;
    throw notFound();
  }

  app.post(
    '/units/:unitId/certificates',
    {
      config: { access: 'certificates' },
      schema: {
        tags: ['accounting'],
        summary:
          "A unit's certificate as PDF: 'expensas' (its fees and account) or 'no-adeudar' (422 when it owes something past due); signed=true signs it with the complex's electronic signature (409 when the complex has none). Each one carries a verification code and QR that GET /api/public/verify/:code resolves",
        params: Type.Object({ unitId: Type.String() }),
        body: CertificateRequestSchema,
        response: {
          200: Type.Unsafe<Uint8Array>({ type: 'string', format: 'binary', description: 'application/pdf' }),
          400: ErrorSchema,
          404: ErrorSchema,
          409: ErrorSchema,
          422: ErrorSchema,
          503: ErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const unitId = await unitFor(request);
      const kind = request.body.kind as CertificateKind;
      const signed = request.body.signed === true;
      const { complexId } = k.ctx(request);
      const issued = await k.em(request).transactional(async (tx) => {
        const statement = await statementOf(tx, complexId, unitId);
        if (kind === 'no-adeudar') checkNoDebt(statement);
        const complex = await letterheadOf(tx, complexId);
        const validUntil = certificateValidUntil(statement);
        return host.documents.issue(request, tx, {
          kind: CERTIFICATE_KINDS[kind].kind,
          title: CERTIFICATE_KINDS[kind].title,
          unitId,
          unitNumber: statement.unit.number,
          validUntil,
          signed,
          render: (verification) => certificatePdf(complex, statement, kind, verification, { signed, validUntil }),
        });
      });
      const [unit] = await directory(k.em(request), complexId).units({ ids: [unitId], includeInactive: true });
      const file = `${slug(CERTIFICATE_KINDS[kind].title)}-${slug(unit?.number ?? '') || 'unidad'}${signed ? '-firmado' : ''}.pdf`;
      return reply
        .type('application/pdf')
        .header('Content-Disposition', contentDisposition(file))
        .header('X-Verification-Code', issued.code)
        .header('Cache-Control', 'no-store')
        .send(issued.pdf);
    },
  );
}
