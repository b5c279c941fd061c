// Import of charges from Excel (spec 002 §2.5 screen 9): the template, and the upload in two steps. With
// dryRun=true the server answers a preview (every row, the row errors, the units found) and writes nothing;
// without it, it checks every row and the selected units (unitIds, at least one): if any row of the file has
// errors it answers 422 with them and creates no charge; else it stores the file and answers 202 with the job
// ('accounting.importCharges') that reads it again and creates the selected units' rows, with its progress.
import {
  ApiError,
  contentDisposition,
  ERROR_RESPONSES,
  fromCents,
  type HostFiles,
  MESSAGES,
  type PluginApp,
  toCents,
  type Upload,
} from '@conjunto/core';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ACCOUNTING_JOBS } from '../../manifest.ts';
import { ImportPreviewSchema, ImportRowsInvalidSchema, JobQueuedSchema } from '../../schemas.ts';
import {
  badFile,
  chosenRows,
  IMPORT_LIMITS,
  IMPORT_MESSAGES,
  type ImportRow,
  importTemplate,
  readCharges,
  validateCharges,
} from '../charges-import.ts';
import type { RouteKit } from './kit.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

interface ChargesUpload {
  filename: string;
  buffer: Buffer;
  dryRun: boolean;
  unitIds: string[];
}

const invalidUnitIds = () => new ApiError(400, 'VALIDATION', MESSAGES.invalidInput, { unitIds: 'Valor inválido.' });

/** The multipart body, read by the host: exactly one file, and the fields dryRun and unitIds (JSON array or repeated). */
async function readChargesUpload(request: FastifyRequest, files: HostFiles): Promise<ChargesUpload> {
  let upload: Upload;
  try {
    // maxFiles 2 so that a second file is seen and refused with the spec's message rather than cut off.
    upload = await files.readUpload(request, {
      maxFileSize: IMPORT_LIMITS.fileSize,
      maxFiles: 2,
      maxFields: 10,
      repeated: ['unitIds'],
      tooLargeMessage: IMPORT_MESSAGES.tooLarge,
    });
  } catch (error) {
    if (error instanceof ApiError && error.code === 'NOT_MULTIPART') throw badFile(IMPORT_MESSAGES.fileRequired);
    if (error instanceof ApiError && error.code === 'TOO_MANY_FILES') throw badFile(IMPORT_MESSAGES.oneFile);
    throw error;
  }
  if (upload.files.length === 0) throw badFile(IMPORT_MESSAGES.fileRequired);
  if (upload.files.length > 1) throw badFile(IMPORT_MESSAGES.oneFile);
  const unitIds: string[] = [];
  for (const raw of upload.lists.unitIds ?? []) {
    const value = raw.trim();
    let ids: unknown;
    try {
      ids = value.startsWith('[') ? JSON.parse(value) : value ? [value] : [];
    } catch {
      throw invalidUnitIds();
    }
    if (!Array.isArray(ids) || ids.some((id) => typeof id !== 'string')) throw invalidUnitIds();
    unitIds.push(...(ids as string[]));
  }
  const [file] = upload.files;
  return {
    filename: file.filename ?? '',
    buffer: Buffer.from(await file.buffer()),
    dryRun: upload.fields.dryRun === 'true',
    unitIds,
  };
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

export function importRoutes(app: PluginApp, k: RouteKit) {
  const tags = ['accounting'];

  app.get(
    '/receivables/import-template.xlsx',
    {
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
      config: { idempotent: true, rateLimitTier: 'heavy' },
      schema: {
        tags,
        summary:
          'Import charges from one .xlsx file (multipart: file, dryRun, unitIds). dryRun=true answers a preview (200); otherwise, if any row has errors, 422 and nothing is created; else 202 with the id of the background job that creates the rows of the selected units (kind imported). GET /jobs/:jobId gives its progress (done of total rows) and, once completed, its output: { created, total, ids }, or { message, code, rowErrors } if the rows no longer pass.',
        consumes: ['multipart/form-data'],
        response: {
          200: ImportPreviewSchema,
          202: JobQueuedSchema,
          413: ERROR_RESPONSES[400],
          415: ERROR_RESPONSES[400],
          422: ImportRowsInvalidSchema,
          ...ERROR_RESPONSES,
        },
      },
    },
    async (request, reply) => {
      const upload = await readChargesUpload(request, k.files);
      const raw = await readCharges(upload.buffer, upload.filename, k.sheets);
      const complexId = k.ctx(request).complexId;
      const { rows, errors } = await validateCharges(k.em(request), complexId, raw);
      if (upload.dryRun) return { fileName: upload.filename, rows, rowErrors: errors, units: unitsOf(rows) };
      if (errors.length)
        return reply.status(422).send({
          message: IMPORT_MESSAGES.rowsInvalid,
          code: 'IMPORT_ROWS_INVALID',
          errors: { file: IMPORT_MESSAGES.rowsInvalid },
          rowErrors: errors,
        });
      const chosen = chosenRows(rows, upload.unitIds);
      const file = await k.write(request, async (tx, audit) => {
        const saved = await k.files.save(request, tx, {
          category: 'accounting-import',
          personal: false,
          filename: upload.filename,
          contentType: XLSX,
          data: upload.buffer,
        });
        audit({
          resource: 'receivables',
          recordId: saved.id,
          action: 'import-queued',
          changes: { fileName: upload.filename, rows: chosen.length, unitIds: upload.unitIds },
        });
        return saved;
      });
      // After the commit: the job must find the stored file. Its rows are keyed by the file: a retry repeats none.
      const jobId = await k.submitJob(
        request,
        ACCOUNTING_JOBS.importCharges,
        { fileId: file.id, fileName: upload.filename, unitIds: upload.unitIds },
        { singletonKey: `import-${file.id}` },
      );
      return reply.status(202).send({ jobId });
    },
  );
}
