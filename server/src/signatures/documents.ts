// Documents issued with a verification code (certificates ...): the code is printed with a QR of the public
// address that resolves it (<PUBLIC_URL>/#/verificar/<code>, the admin's public page, which asks
// GET /api/public/verify/:code). The answer says what was certified (complex, kind, unit, dates, whether it still
// holds, the PDF's SHA-256) and nothing personal. Codes: 80 random bits in Crockford's base32 (16 characters, no
// I, L, O or U), typed back with or without dashes, in any case, O read as 0 and I/L as 1.
import { createHash, randomBytes } from 'node:crypto';
import {
  ApiError,
  type AuditEntry,
  type DocumentVerification,
  type IssueDocumentInput,
  type IssuedDocument,
  newId,
} from '@conjunto/core';
import type { SqlEntityManager as EntityManager } from '@mikro-orm/sql';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import QRCode from 'qrcode';
import { Type } from 'typebox';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const VERIFY_PATH = '/#/verificar/';
export const DOCUMENT_MESSAGES = {
  unknownCode: 'El código de verificación no corresponde a ningún documento emitido.',
} as const;

/** 16 base32 characters from 10 random bytes. */
export function newCode(): string {
  const bytes = randomBytes(10);
  let bits = 0n;
  for (const b of bytes) bits = (bits << 8n) | BigInt(b);
  let code = '';
  for (let i = 15; i >= 0; i--) code += ALPHABET[Number((bits >> BigInt(i * 5)) & 31n)];
  return code;
}

export const formatCode = (code: string) => code.match(/.{1,4}/g)?.join('-') ?? code;

/** The stored form of a typed code, or null when it cannot be one. */
export function normalizeCode(typed: string): string | null {
  const code = typed.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  return code.length === 16 && [...code].every((c) => ALPHABET.includes(c)) ? code : null;
}

export const verifyUrl = (publicUrl: string, code: string) => `${publicUrl.replace(/\/+$/, '')}${VERIFY_PATH}${formatCode(code)}`;

export interface DocumentsDeps {
  publicUrl: string;
  /** Signs the PDF with the complex's signature (409 when it has none). */
  signPdf(em: EntityManager, complexId: string, pdf: Uint8Array): Promise<Buffer>;
  /** HostServices.audit: the entry in the write's transaction. */
  audit(request: FastifyRequest, em: EntityManager, entry: AuditEntry): void;
}

/** HostDocuments.issue, for a request of a complex scope. */
export async function issueDocument(
  deps: DocumentsDeps,
  request: FastifyRequest,
  em: EntityManager,
  input: IssueDocumentInput,
): Promise<IssuedDocument> {
  const ctx = request.complex;
  if (!ctx) throw new Error('documents.issue called outside a complex scope');
  const code = newCode();
  const url = verifyUrl(deps.publicUrl, code);
  const qrPng = await QRCode.toBuffer(url, { type: 'png', errorCorrectionLevel: 'M', margin: 1, scale: 4 });
  const verification: DocumentVerification = { code: formatCode(code), url, qrPng };
  let pdf: Buffer = Buffer.from(await input.render(verification));
  if (input.signed) pdf = await deps.signPdf(em, ctx.complexId, pdf);
  const sha256 = createHash('sha256').update(pdf).digest('hex');
  const id = newId();
  await em.execute(
    `insert into issued_documents (id, complex_id, kind, title, code, unit_id, unit_number, signed, sha256, valid_until,
                                   issued_by, issued_by_name)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      id,
      ctx.complexId,
      input.kind.slice(0, 60),
      input.title.slice(0, 150),
      code,
      input.unitId ?? null,
      input.unitNumber?.slice(0, 30) ?? null,
      input.signed,
      sha256,
      input.validUntil ?? null,
      ctx.userId,
      ctx.userName,
    ],
  );
  deps.audit(request, em, {
    resource: 'issued-documents',
    recordId: id,
    action: 'issue',
    changes: { kind: input.kind, code: formatCode(code), unitId: input.unitId ?? null, signed: input.signed, sha256 },
    description: `${input.title}${input.unitNumber ? ` ${input.unitNumber}` : ''}`,
  });
  return { id, code: formatCode(code), url, pdf, sha256, signed: input.signed };
}

export const VerificationSchema = Type.Object(
  {
    code: Type.String(),
    complexName: Type.String(),
    kind: Type.String(),
    title: Type.String(),
    unitNumber: Type.Union([Type.String(), Type.Null()]),
    issuedAt: Type.String(),
    validUntil: Type.Union([Type.String({ format: 'date' }), Type.Null()]),
    /** Not revoked and (when it has one) its last day has not passed (business day of Guayaquil). */
    valid: Type.Boolean(),
    revoked: Type.Boolean(),
    signed: Type.Boolean(),
    sha256: Type.String(),
  },
  { additionalProperties: false },
);

const ErrorBody = Type.Object({ message: Type.String(), code: Type.String() });

/** GET /api/public/verify/:code: no sign-in; the host's stricter 'heavy' rate limit per address. */
export function publicDocumentRoutes(app: FastifyInstance) {
  app.get(
    '/verify/:code',
    {
      config: { rateLimitTier: 'heavy' },
      schema: {
        tags: ['documents'],
        summary:
          'What a verification code printed on a document certifies (public, no sign-in): the complex, the kind, the unit, the dates and whether it still holds; nothing personal',
        security: [],
        params: Type.Object({ code: Type.String({ maxLength: 40 }) }, { additionalProperties: false }),
        response: { 200: VerificationSchema, 404: ErrorBody },
      },
    },
    async (request) => {
      const code = normalizeCode((request.params as { code: string }).code);
      const unknown = () => new ApiError(404, 'UNKNOWN_CODE', DOCUMENT_MESSAGES.unknownCode);
      if (!code) throw unknown();
      const [row] = await request.em.execute(
        `select d.code, c.name as complex_name, d.kind, d.title, d.unit_number, d.issued_at, d.valid_until::text as valid_until,
                d.revoked_at, d.signed, d.sha256,
                (d.revoked_at is null and (d.valid_until is null or d.valid_until >= (now() at time zone 'America/Guayaquil')::date)) as valid
           from issued_documents d join complexes c on c.id = d.complex_id
          where d.code = ?`,
        [code],
      );
      if (!row) throw unknown();
      return {
        code: formatCode(row.code),
        complexName: row.complex_name,
        kind: row.kind,
        title: row.title,
        unitNumber: row.unit_number ?? null,
        issuedAt: new Date(row.issued_at).toISOString(),
        validUntil: row.valid_until ?? null,
        valid: Boolean(row.valid),
        revoked: row.revoked_at != null,
        signed: Boolean(row.signed),
        sha256: String(row.sha256).trim(),
      };
    },
  );
}
