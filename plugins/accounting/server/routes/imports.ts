// Import of charges from Excel (spec 002 §2.5 screen 9): the template, and the upload in two steps. With
// dryRun=true the server answers a preview (every row, the row errors, the units found) and writes nothing;
// without it, it imports the rows of the selected units (unitIds, at least one), all or nothing: if any row
// of the file has errors it answers 422 with them and creates no charge.
import { ApiError, contentDisposition, ERROR_RESPONSES, fromCents, MESSAGES, toCents } from '@conjunto/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ImportDoneSchema, ImportPreviewSchema, ImportRowsInvalidSchema } from '../../schemas.ts';
import {
  badFile,
  IMPORT_LIMITS,
  IMPORT_MESSAGES,
  type ImportRow,
  importCharges,
  importTemplate,
  type RowError,
  readCharges,
  validateCharges,
} from '../charges-import.ts';
import { MANAGE, type RouteKit } from './kit.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

interface Upload {
  filename: string;
  buffer: Buffer;
  dryRun: boolean;
  unitIds: string[];
}

/** Reads the multipart body: exactly one file, and the fields dryRun and unitIds (JSON array or repeated). */
async function readUpload(request: FastifyRequest): Promise<Upload> {
  if (!request.isMultipart()) throw badFile(IMPORT_MESSAGES.fileRequired);
  const upload: Upload = { filename: '', buffer: Buffer.alloc(0), dryRun: false, unitIds: [] };
  let files = 0;
  try {
    // files: 2 so that a second file is seen and refused with the spec's message rather than cut off.
    for await (const part of request.parts({ limits: { fileSize: IMPORT_LIMITS.fileSize, files: 2, fields: 10, parts: 12 } })) {
      if (part.type === 'file') {
        files++;
        if (files > 1) {
          part.file.resume();
          continue;
        }
        upload.filename = part.filename ?? '';
        upload.buffer = await part.toBuffer();
      } else if (part.fieldname === 'dryRun') {
        upload.dryRun = String(part.value) === 'true';
      } else if (part.fieldname === 'unitIds') {
        const value = String(part.value).trim();
        const ids: unknown = value.startsWith('[') ? JSON.parse(value) : value ? [value] : [];
        if (!Array.isArray(ids) || ids.some((id) => typeof id !== 'string')) throw badFile('unitIds');
        upload.unitIds.push(...(ids as string[]));
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw badFile(IMPORT_MESSAGES.tooLarge, 413);
    if (code === 'FST_FILES_LIMIT') throw badFile(IMPORT_MESSAGES.oneFile);
    if (error instanceof SyntaxError || (error instanceof ApiError && error.message === 'unitIds'))
      throw new ApiError(400, 'VALIDATION', MESSAGES.invalidInput, { unitIds: 'Valor inválido.' });
    throw error;
  }
  if (files === 0) throw badFile(IMPORT_MESSAGES.fileRequired);
  if (files > 1) throw badFile(IMPORT_MESSAGES.oneFile);
  return upload;
}

function unitsOf(rows: ImportRow[]) {
  const units = new Map<string, { unitId: string; casa: string; residente: string | null; rows: number; cents: number }>();
  for (const r of rows) {
    if (!r.unitId) continue;
    const u = units.get(r.unitId) ?? { unitId: r.unitId, casa: r.casa, residente: r.residente, rows: 0, cents: 0 };
    u.rows++;
    u.cents += toCents(r.valor ?? 0);
    units.set(r.unitId, u);
  }
  return [...units.values()].map(({ cents, ...u }) => ({ ...u, total: fromCents(cents) }));
}

export function importRoutes(app: FastifyInstance, k: RouteKit) {
  const tags = ['accounting'];

  app.get(
    '/receivables/import-template.xlsx',
    {
      config: { roles: MANAGE },
      schema: {
        tags,
        summary: 'The Excel template of the import of charges (sheets Cobros, Rubros, Casas, Instrucciones)',
        response: { 200: Type.Unsafe<Uint8Array>({ type: 'string', format: 'binary' }) },
      },
    },
    async (request, reply) =>
      reply
        .type(XLSX)
        .header('Content-Disposition', contentDisposition('plantilla-importacion-cobros.xlsx'))
        .header('Cache-Control', 'no-store')
        .send(await importTemplate(k.em(request), k.ctx(request).complexId)),
  );

  app.post(
    '/receivables/import',
    {
      config: { roles: MANAGE, rateLimitTier: 'heavy' },
      schema: {
        tags,
        summary:
          'Import charges from one .xlsx file (multipart: file, dryRun, unitIds). dryRun=true answers a preview; otherwise the rows of the selected units are created (kind imported), or none if any row has errors (422).',
        consumes: ['multipart/form-data'],
        response: {
          200: Type.Union([ImportPreviewSchema, ImportDoneSchema]),
          413: ERROR_RESPONSES[400],
          415: ERROR_RESPONSES[400],
          422: ImportRowsInvalidSchema,
          ...ERROR_RESPONSES,
        },
      },
    },
    async (request, reply) => {
      const upload = await readUpload(request);
      const raw = await readCharges(upload.buffer, upload.filename, k.zip);
      const complexId = k.ctx(request).complexId;
      if (upload.dryRun) {
        const { rows, errors } = await validateCharges(k.em(request), complexId, raw);
        return { fileName: upload.filename, rows, rowErrors: errors, units: unitsOf(rows) };
      }
      const outcome = await k.write(
        request,
        async (tx, audit): Promise<{ rowErrors: RowError[] } | { created: number; total: number; ids: string[] }> => {
          const { rows, errors } = await validateCharges(tx, complexId, raw);
          if (errors.length) return { rowErrors: errors };
          const created = await importCharges(tx, complexId, rows, upload.unitIds);
          for (const { id, row } of created) {
            audit({
              resource: 'receivables',
              recordId: id,
              action: 'import',
              changes: { fileName: upload.filename, ...row, unitId: row.unitId, userId: row.userId },
            });
          }
          const cents = created.reduce((sum, c) => sum + toCents(c.row.valor ?? 0), 0);
          return { created: created.length, total: fromCents(cents), ids: created.map((c) => c.id) };
        },
      );
      if ('rowErrors' in outcome) {
        return reply.status(422).send({
          message: IMPORT_MESSAGES.rowsInvalid,
          code: 'IMPORT_ROWS_INVALID',
          errors: { file: IMPORT_MESSAGES.rowsInvalid },
          rowErrors: outcome.rowErrors,
        });
      }
      return outcome;
    },
  );
}
