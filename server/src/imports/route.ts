// The host's one import mechanism (core/plugin.ts ImportDeclaration): template, preview with the row errors
// ({ fila, errores }), and the confirm that writes every row in ONE transaction, in the request for small files
// and in a background job ('imports.run', with live progress) above IMPORT_JOB_THRESHOLD rows.
// The confirm takes the same file again rather than a token of the preview: nothing is kept between the two calls
// (no parsed rows to store, expire or scope to a user), the rows are checked again against the database as it is
// at the confirm, and a retried confirm is covered by its Idempotency-Key like every creating POST.
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  ApiError,
  type AuditEntry,
  ErrorSchema,
  FileResponse,
  IMPORT_CHUNK_ROWS,
  IMPORT_FILE_BYTES,
  IMPORT_JOB_THRESHOLD,
  IMPORT_ROW_LIMIT,
  type ImportContext,
  type ImportDeclaration,
  type ImportRowError,
  type ImportSourceRow,
  type JobHandler,
  newId,
  type ServerPlugin,
  type Upload,
} from '@conjunto/core';
import type { SqlEntityManager as EntityManager } from '@mikro-orm/sql';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { hostFiles } from '../files/service.ts';
import { hostSheets } from '../files/sheet.ts';
import { markCommitted } from '../idempotency.ts';
import type { MailService } from '../mail.ts';
import { recordAudit } from '../platform/audit.ts';
import { badFile, IMPORT_MESSAGES, readImportFile } from './read.ts';

export { IMPORT_MESSAGES };

/** Row errors an answer lists at most (the counts are always exact): 10,000 rows of junk stay a small answer. */
export const ERRORS_SHOWN = 1000;
const JOB_SCOPE = 'imports';
const JOB = 'run';

const RowErrorSchema = Type.Object({ fila: Type.Integer(), errores: Type.Array(Type.String()) });
export const ImportPreviewSchema = Type.Object({
  total: Type.Integer(),
  valid: Type.Integer(),
  invalid: Type.Integer(),
  errores: Type.Array(RowErrorSchema),
});
const ImportRefusedSchema = Type.Object({
  message: Type.String(),
  code: Type.String(),
  errors: Type.Optional(Type.Record(Type.String(), Type.String())),
  total: Type.Optional(Type.Integer()),
  valid: Type.Optional(Type.Integer()),
  invalid: Type.Optional(Type.Integer()),
  errores: Type.Optional(Type.Array(RowErrorSchema)),
});
const ImportResultSchema = Type.Object({ created: Type.Integer(), total: Type.Integer() });
const JobQueuedSchema = Type.Object({ jobId: Type.String() });

/** Declarations by route (prefix + resource): the job finds the one it runs. */
const registry = new Map<string, ImportDeclaration<unknown>>();

type Checked = { rows: { fila: number; row: unknown }[]; errores: ImportRowError[]; total: number };

/** The rows' errors: required columns first (host), then the declaration's checks on the rows that have them. */
export async function analyze(
  declaration: ImportDeclaration<unknown>,
  rows: ImportSourceRow[],
  ctx: ImportContext,
): Promise<Checked> {
  const byRow = new Map<number, string[]>();
  const complete: ImportSourceRow[] = [];
  for (const row of rows) {
    const missing = declaration.columns
      .filter((c) => c.required && !row.values[c.key])
      .map((c) => IMPORT_MESSAGES.required(c.header));
    if (missing.length) byRow.set(row.fila, missing);
    else complete.push(row);
  }
  const checked = await declaration.check(complete, ctx);
  for (const { fila, errores } of checked.errores) byRow.set(fila, [...(byRow.get(fila) ?? []), ...errores]);
  const errores = [...byRow.entries()].sort((a, b) => a[0] - b[0]).map(([fila, list]) => ({ fila, errores: list }));
  const bad = new Set(byRow.keys());
  return { rows: checked.rows.filter((r) => !bad.has(r.fila)), errores, total: rows.length };
}

/** A write refused by a rule or the database: every row rolled back, the answer names the row. */
export class ImportConflict extends Error {
  readonly fila: number;
  readonly reason: string;
  readonly status: number;
  constructor(fila: number, reason: string, status: number) {
    super(IMPORT_MESSAGES.conflict(fila, reason));
    this.fila = fila;
    this.reason = reason;
    this.status = status;
  }
}

const isConstraint = (error: unknown) => {
  for (
    let e = error as { name?: unknown; code?: unknown; cause?: unknown } | undefined, d = 0;
    e && d < 4;
    e = e.cause as typeof e, d++
  )
    if ((typeof e.name === 'string' && e.name.endsWith('ConstraintViolationException')) || /^2[23]/.test(String(e.code ?? '')))
      return true;
  return false;
};

/** A refusal of the rules (a 4xx ApiError) or of the database (a constraint), as opposed to a defect. */
const isRefusal = (error: unknown) => (error instanceof ApiError && error.statusCode < 500) || isConstraint(error);

/** Writes the rows one by one with writeRow; the first refusal becomes an ImportConflict naming its row. */
async function writeEach(
  declaration: ImportDeclaration<unknown>,
  rows: Checked['rows'],
  ctx: ImportContext,
  progress?: (done: number) => Promise<void>,
): Promise<number> {
  const em = ctx.em as EntityManager;
  let done = 0;
  for (const { fila, row } of rows) {
    try {
      await declaration.writeRow(row, ctx);
      // Each row's entities (audit entries) written and let go: kept in the transaction's identity map, every
      // later flush would compare them all again, each row slower than the last (10,000 rows: hours).
      await em.flush();
      em.clear();
    } catch (error) {
      if (error instanceof ApiError && error.statusCode < 500)
        throw new ImportConflict(fila, error.message, error.statusCode === 400 ? 422 : error.statusCode);
      if (isConstraint(error)) throw new ImportConflict(fila, IMPORT_MESSAGES.dbConflict, 409);
      throw error;
    }
    done++;
    if (progress) await progress(done);
  }
  return done;
}

/**
 * Writes the rows in the caller's transaction: with the declaration's writeRows, IMPORT_CHUNK_ROWS at a time, each
 * chunk under a savepoint; a chunk refused is taken back and written again row by row (writeRow, the reference),
 * whose first refusal names the row. Else row by row. The first refusal becomes an ImportConflict (the caller's
 * rollback).
 */
export async function writeRows(
  declaration: ImportDeclaration<unknown>,
  rows: Checked['rows'],
  ctx: ImportContext,
  progress?: (done: number) => Promise<void>,
): Promise<number> {
  const writeChunk = declaration.writeRows?.bind(declaration);
  if (!writeChunk) return writeEach(declaration, rows, ctx, progress);
  const em = ctx.em as EntityManager;
  let done = 0;
  for (let start = 0; start < rows.length; start += IMPORT_CHUNK_ROWS) {
    const chunk = rows.slice(start, start + IMPORT_CHUNK_ROWS);
    await em.execute('savepoint import_chunk');
    try {
      await writeChunk(
        chunk.map((r) => r.row),
        ctx,
      );
      await em.flush();
      await em.execute('release savepoint import_chunk');
    } catch (error) {
      if (!isRefusal(error)) throw error;
      em.clear();
      await em.execute('rollback to savepoint import_chunk');
      // Throws the row's ImportConflict; rows that all pass one by one stay written by the reference.
      await writeEach(declaration, chunk, ctx);
      await em.execute('release savepoint import_chunk');
    }
    em.clear();
    done += chunk.length;
    if (progress) await progress(done);
  }
  return done;
}

const summaryAudit = (resource: string, recordId: string, filename: string, created: number): AuditEntry => ({
  resource,
  recordId,
  action: 'import',
  changes: { file: filename, created },
  description: `Importación: ${created} fila(s) de ${filename}`.slice(0, 200),
});

const shown = (errores: ImportRowError[]) => errores.slice(0, ERRORS_SHOWN);

interface ImportUpload {
  filename: string;
  bytes: Uint8Array;
  skipInvalid: boolean;
}

async function readImportUpload(request: FastifyRequest): Promise<ImportUpload> {
  let upload: Upload;
  try {
    // maxFiles 2 so that a second file is seen and refused with its own text rather than cut off.
    upload = await hostFiles.readUpload(request, {
      maxFileSize: IMPORT_FILE_BYTES,
      maxFiles: 2,
      maxFields: 5,
      tooLargeMessage: IMPORT_MESSAGES.tooLarge,
    });
  } catch (error) {
    if (error instanceof ApiError && error.code === 'NOT_MULTIPART') throw badFile(IMPORT_MESSAGES.fileRequired);
    if (error instanceof ApiError && error.code === 'TOO_MANY_FILES') throw badFile(IMPORT_MESSAGES.oneFile);
    throw error;
  }
  if (upload.files.length === 0) throw badFile(IMPORT_MESSAGES.fileRequired);
  if (upload.files.length > 1) throw badFile(IMPORT_MESSAGES.oneFile);
  const [file] = upload.files;
  return { filename: file.filename ?? '', bytes: await file.buffer(), skipInvalid: upload.fields.skipInvalid === 'true' };
}

/** The request's import context on `em` (the write's transaction, or the request's for the checks). */
function requestContext(request: FastifyRequest, em: EntityManager): ImportContext {
  const actor = request.complex;
  if (!actor) throw new Error('importRoute() outside a complex scope');
  return {
    complexId: actor.complexId,
    userId: actor.userId,
    userName: actor.userName,
    em,
    audit: (entry) => {
      recordAudit(em, actor, entry);
      markCommitted(request, em);
    },
    queueMail: (message) => request.server.mail.queue(em, actor, message),
    queueMails: (messages) => request.server.mail.queueMany(em, actor, messages),
  };
}

/** Registers GET /<resource>/import/template, POST /<resource>/import/preview and POST /<resource>/import on `app`. */
export function importRoute<Row>(app: FastifyInstance, declaration: ImportDeclaration<Row>): void {
  const decl = declaration as ImportDeclaration<unknown>;
  const key = `${app.prefix}/${decl.resource}`;
  registry.set(key, decl);
  const maxRows = Math.min(decl.maxRows ?? IMPORT_ROW_LIMIT, IMPORT_ROW_LIMIT);
  const tags = [decl.resource];
  const config = { ...(decl.roles ? { roles: decl.roles } : {}), access: 'import' };
  const refused = (reply: FastifyReply, checked: Checked, message: string) =>
    reply.status(422).send({
      message,
      code: 'IMPORT_ROWS_INVALID',
      errors: { file: message },
      total: checked.total,
      valid: checked.rows.length,
      invalid: checked.errores.length,
      errores: shown(checked.errores),
    });

  app.get(
    `/${decl.resource}/import/template`,
    {
      config,
      schema: {
        tags,
        summary: `The template of the ${decl.resource} import: its columns' headers and an example row`,
        querystring: Type.Object({ format: Type.Optional(Type.Union([Type.Literal('xlsx'), Type.Literal('csv')])) }),
        response: { 200: FileResponse, ...{ 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema } },
      },
    },
    async (request, reply) => {
      const { format = 'xlsx' } = request.query as { format?: 'xlsx' | 'csv' };
      const example = decl.columns.some((c) => c.example !== undefined)
        ? [Object.fromEntries(decl.columns.map((c) => [c.key, c.example ?? '']))]
        : [];
      return hostSheets.send(reply, {
        name: decl.name,
        file: `plantilla-${decl.resource}`,
        format,
        columns: decl.columns.map((c) => ({ header: c.header, value: (row) => row[c.key] })),
        rows: example,
      });
    },
  );

  const uploadSchema = (summary: string, ok: Record<number, unknown>) => ({
    tags,
    summary,
    consumes: ['multipart/form-data'],
    response: {
      ...ok,
      400: ErrorSchema,
      401: ErrorSchema,
      403: ErrorSchema,
      404: ErrorSchema,
      409: ImportRefusedSchema,
      413: ErrorSchema,
      415: ErrorSchema,
      422: ImportRefusedSchema,
    },
  });

  app.post(
    `/${decl.resource}/import/preview`,
    {
      config: { ...config, rateLimitTier: 'heavy' },
      schema: uploadSchema(
        `Check a ${decl.resource} file (multipart: file, .xlsx or .csv) and answer its row errors ({ fila, errores }); writes nothing`,
        { 200: ImportPreviewSchema },
      ),
    },
    async (request) => {
      const upload = await readImportUpload(request);
      const rows = await readImportFile(upload.filename, upload.bytes, decl.columns, maxRows);
      const checked = await analyze(decl, rows, requestContext(request, request.em));
      return {
        total: checked.total,
        valid: checked.rows.length,
        invalid: checked.errores.length,
        errores: shown(checked.errores),
      };
    },
  );

  app.post(
    `/${decl.resource}/import`,
    {
      config: { ...config, idempotent: true, rateLimitTier: 'heavy' },
      schema: uploadSchema(
        `Import a ${decl.resource} file (multipart: file, skipInvalid): every row in one transaction (all or nothing). Rows with errors -> 422 unless skipInvalid=true; a refusal while writing -> 409/422 naming the row; above ${IMPORT_JOB_THRESHOLD} rows 202 { jobId } (GET /jobs/:id: progress, then output { created, total } or { message, errores })`,
        { 200: ImportResultSchema, 202: JobQueuedSchema },
      ),
    },
    async (request, reply) => {
      const upload = await readImportUpload(request);
      const rows = await readImportFile(upload.filename, upload.bytes, decl.columns, maxRows);
      const checked = await analyze(decl, rows, requestContext(request, request.em));
      if (checked.errores.length && !upload.skipInvalid) return refused(reply, checked, IMPORT_MESSAGES.rowsInvalid);
      if (!checked.rows.length) return refused(reply, checked, IMPORT_MESSAGES.noValid);
      const actor = request.complex!;
      if (checked.rows.length > IMPORT_JOB_THRESHOLD) {
        // The file waits in a private work folder (it survives a restart) until the job has run.
        const dir = `import-${newId()}`;
        await writeFile(join(await hostFiles.workDirs(request).open(dir), 'file'), upload.bytes);
        const hash = createHash('sha256').update(upload.bytes).digest('hex');
        const jobId = await request.server.jobs.submit(
          JOB_SCOPE,
          { complexId: actor.complexId, userId: actor.userId, userName: actor.userName },
          JOB,
          { key, dir, filename: upload.filename, skipInvalid: upload.skipInvalid, userName: actor.userName },
          { singletonKey: `${key}:${hash}:${upload.skipInvalid}`, retryLimit: 2 },
        );
        return (reply as FastifyReply).status(202).send({ jobId });
      }
      try {
        const created = await request.em.transactional(async (em) => {
          const ctx = requestContext(request, em);
          const n = await writeRows(decl, checked.rows, ctx);
          ctx.audit(summaryAudit(decl.resource, newId(), upload.filename, n));
          return n;
        });
        return { created, total: checked.total };
      } catch (error) {
        if (!(error instanceof ImportConflict)) throw error;
        return (reply as FastifyReply).status(error.status).send({
          message: error.message,
          code: 'IMPORT_CONFLICT',
          errors: { file: error.message },
          errores: [{ fila: error.fila, errores: [error.reason] }],
        });
      }
    },
  );
}

/**
 * The job of large imports: reads the stored file again, checks it on the job's EntityManager and writes every row
 * in one transaction. Progress: the checks, then the rows written (live on PostgreSQL; on the embedded database,
 * one connection, the rows' figures go out with the commit). Idempotent: the commit records an audit entry keyed by
 * the job's id, and a retry that finds it answers done.
 */
export function importJobs(options: { embedded: boolean; mail: MailService }): ServerPlugin {
  const run: JobHandler<{ key: string; dir: string; filename: string; skipInvalid: boolean; userName?: string }> = async (
    job,
    jctx,
  ) => {
    const { key, dir, filename, skipInvalid, userName } = job.data;
    const decl = registry.get(key);
    if (!decl) return { message: 'Importación desconocida.', code: 'IMPORT_UNKNOWN' };
    const em = jctx.em as EntityManager;
    const [done] = await em.execute(
      `select changes from audit_logs where complex_id = ? and record_id = ? and action = 'import'`,
      [job.complexId, job.id],
    );
    if (done)
      return {
        created: Number((done.changes as { created?: number })?.created ?? 0),
        total: Number((done.changes as { created?: number })?.created ?? 0),
      };
    const path = join(await jctx.files.workDirs.open(dir), 'file');
    const ctxOn = (on: EntityManager): ImportContext => ({
      complexId: job.complexId,
      userId: job.userId,
      userName: userName ?? 'Importación',
      em: on,
      audit: (entry) => jctx.audit(on, entry),
      queueMail: (message) => jctx.queueMail(on, message),
      // As jctx.queueMail, whose actor is the job's (its submitter), with one insert.
      queueMails: (messages) =>
        options.mail.queueMany(on, { complexId: job.complexId, userId: job.userId, userName: userName ?? null }, messages),
    });
    const bytes = await readFile(path).catch(() => null);
    if (!bytes) return { message: IMPORT_MESSAGES.invalid, code: 'IMPORT_FILE_GONE' };
    const maxRows = Math.min(decl.maxRows ?? IMPORT_ROW_LIMIT, IMPORT_ROW_LIMIT);
    const rows = await readImportFile(filename, bytes, decl.columns, maxRows);
    await jctx.progress(0, rows.length, 'Validando filas');
    const checked = await analyze(decl, rows, ctxOn(em));
    const finish = async (output: Record<string, unknown>) => {
      await jctx.files.workDirs.remove(dir);
      return output;
    };
    if ((checked.errores.length && !skipInvalid) || !checked.rows.length)
      return finish({
        message: checked.rows.length ? IMPORT_MESSAGES.rowsInvalid : IMPORT_MESSAGES.noValid,
        code: 'IMPORT_ROWS_INVALID',
        created: 0,
        total: checked.total,
        errores: shown(checked.errores),
      });
    const total = checked.rows.length;
    try {
      const created = await em.transactional(async (tx) => {
        const ctx = ctxOn(tx);
        const n = await writeRows(decl, checked.rows, ctx, (d) =>
          jctx.progress(d, total, 'Guardando filas', options.embedded ? tx : undefined),
        );
        ctx.audit(summaryAudit(decl.resource, job.id, filename, n));
        return n;
      });
      return finish({ created, total: checked.total });
    } catch (error) {
      if (!(error instanceof ImportConflict)) throw error;
      return finish({
        message: error.message,
        code: 'IMPORT_CONFLICT',
        created: 0,
        total: checked.total,
        errores: [{ fila: error.fila, errores: [error.reason] }],
      });
    }
  };
  return {
    manifest: { id: JOB_SCOPE, titleKey: 'imports', roles: [], resources: [] },
    entities: [],
    migrations: [],
    routes: () => {},
    jobs: { [JOB]: run },
  };
}
