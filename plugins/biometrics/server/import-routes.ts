// The bulk import's routes: the spec's POST …/rostros/import/ (compatibility surface) and the import records
// the admin follows (GET /api/complexes/:complexId/face-imports[/:id]), plus the job that runs large imports.
import {
  ApiError,
  ERROR_RESPONSES,
  type HostDirectory,
  type HostServices,
  IdParams,
  type JobHandler,
  newId,
  notFound,
  type PluginApp,
} from '@conjunto/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { FastifyRequest } from 'fastify';
import type { Static } from 'typebox';
import { FaceImportSchema as FaceImportRecord } from '../schemas.ts';
import { requireAvailable } from './devices.ts';
import type { BiometricDriver } from './driver.ts';
import { devicesOf } from './faces.ts';
import { FACE_IMAGE, IMAGE_TOO_LARGE } from './images.ts';
import { FaceImport } from './import.entity.ts';
import { IMPORT_LIMITS, IMPORT_MESSAGES, type StagedImport, stageImport } from './import-intake.ts';
import { ROW_MESSAGES } from './import-rows.ts';
import { createImport, failImport, runImport, workDirOf } from './imports.ts';

const tags = ['biometrics'];
/** Attempts of an import job (pg-boss retries after the first); the last one that fails marks the record failed. */
const IMPORT_RETRIES = 3;

const iso = (d: unknown) => (d ? new Date(d as string).toISOString() : null);
const toImport = (i: FaceImport) => ({
  id: i.id,
  status: i.status,
  total_rostros: i.totalRostros,
  procesados: i.procesados,
  exitosos: i.exitosos,
  fallidos: i.fallidos,
  error: i.error ?? null,
  createdAt: iso(i.createdAt) as string,
  startedAt: iso(i.startedAt),
  finishedAt: iso(i.finishedAt),
});

/**
 * Checks devices and units of a staged import: a device must be of the complex and available now (422 names those
 * that are not: inactive, or behind a disconnected controller); rows with an unknown unit fail. Answers unit ids
 * by number.
 */
async function checkReferences(
  em: SqlEntityManager,
  driver: BiometricDriver,
  directory: HostDirectory,
  complexId: string,
  staged: StagedImport,
): Promise<Map<string, string>> {
  const deviceIds = [...new Set([...staged.devices.values()].flat())];
  if (deviceIds.length === 0 || staged.rows.some((r) => r.errors.length === 0 && !staged.devices.get(r.fila)?.length))
    throw new ApiError(400, 'VALIDATION', IMPORT_MESSAGES.noDevices, { dispositivos_biometricos: IMPORT_MESSAGES.noDevices });
  await devicesOf(em, complexId, deviceIds);
  await requireAvailable(em, driver, complexId, deviceIds);
  const numbers = [...new Set(staged.rows.flatMap((r) => (r.destino ? [r.destino.toLowerCase()] : [])))];
  const units = numbers.length ? await directory.units({ numbers, includeInactive: true }) : [];
  const unitIds = new Map(units.map((u) => [u.number.toLowerCase(), u.id]));
  for (const row of staged.rows)
    if (row.destino && !unitIds.has(row.destino.toLowerCase())) row.errors.push(ROW_MESSAGES.unit(row.destino));
  return unitIds;
}

export const importRoutes = (app: PluginApp, host: HostServices) => {
  host.listRoute(app, {
    resource: 'face-imports',
    tags,
    summary: 'Bulk imports of faces, newest first; filter status, or active=true (pending or processing)',
    entity: FaceImport,
    filters: {
      status: 'exact',
      active: (value) => (value === true || value === 'true' ? { status: { $in: ['pending', 'processing'] } } : {}),
    },
    sortable: ['createdAt', 'status'],
    defaultSort: { field: 'createdAt', order: 'DESC' },
    item: FaceImportRecord,
    toItem: (row: FaceImport) => toImport(row),
  });

  app.get(
    '/face-imports/:id',
    {
      schema: {
        tags,
        summary: 'The live record of an import: counters, rows started so far, and its summary once finished',
        params: IdParams,
        response: { 200: FaceImportRecord, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const record = await host.findOr404<FaceImport>(request, FaceImport, request.params.id);
      const em = host.em(request) as SqlEntityManager;
      const [{ result }] = await em.execute('select result from face_imports where id = ?', [record.id]);
      const rows = await em.execute<NonNullable<Static<typeof FaceImportRecord>['rostros']>>(
        `select fila, identificacion, nombre, status, error from face_import_rows where import_id = ? and status <> 'pending' order by fila`,
        [record.id],
      );
      return { ...toImport(record), rostros: rows, result: typeof result === 'string' ? JSON.parse(result) : (result ?? null) };
    },
  );
};

/** POST /api/biometrics/conjuntos/:complexId/rostros/import/ (spec 001 §7). */
export const importCompatRoute = (driver: BiometricDriver) => (app: PluginApp, host: HostServices) => {
  app.post(
    '/rostros/import/',
    {
      config: { rateLimitTier: 'heavy' },
      schema: {
        tags,
        summary:
          'Bulk import: multipart rostros (JSON list) + imagen_<index> files, or archivo (the template ZIP) + dispositivos_biometricos. Up to 20 rows: 201/207, or 409 when all were duplicates; more: 202 with job_id.',
        consumes: ['multipart/form-data'],
      },
    },
    async (request: FastifyRequest, reply) => {
      const { complexId, userId } = host.context(request);
      const em = host.em(request) as SqlEntityManager;
      const upload = await host.files.readUpload(request, {
        maxFileSize: IMPORT_LIMITS.zipBytes,
        maxFiles: 1000,
        maxFields: 4,
        maxTotalSize: IMPORT_LIMITS.totalBytes,
      });
      if (upload.files.some((f) => f.fieldname !== 'archivo' && f.size > FACE_IMAGE.maxBytes))
        throw new ApiError(413, 'TOO_LARGE', IMAGE_TOO_LARGE);
      const importId = newId();
      const workDirs = host.files.workDirs(request);
      const dir = await workDirs.open(workDirOf(importId));
      let existing: string | undefined;
      try {
        const staged = await stageImport(upload, dir, host);
        const unitIds = await checkReferences(em, driver, host.directory({ complexId, em }), complexId, staged);
        const valid = staged.rows.filter((r) => r.errors.length === 0);
        if (valid.length === 0)
          throw new ApiError(400, 'VALIDATION', IMPORT_MESSAGES.noValidRows, {
            rostros: IMPORT_MESSAGES.noValidRows,
            ...Object.fromEntries(staged.rows.slice(0, 10).map((r) => [`fila_${r.fila}`, r.errors.join('; ')])),
          });
        existing = await em.transactional(async (tx) => {
          // The same upload while its import is still queued or running is that import (idempotent re-send).
          const [running] = await tx.execute(
            `select id from face_imports where complex_id = ? and payload_sha256 = ? and status in ('pending', 'processing')`,
            [complexId, staged.sha256],
          );
          if (running) return running.id as string;
          await createImport(tx, { id: importId, complexId, userId, staged, unitIds });
          return undefined;
        });
        if (!existing && valid.length <= IMPORT_LIMITS.syncRows) {
          const files = {
            save: (tx: unknown, input: Parameters<HostServices['files']['save']>[2]) => host.files.save(request, tx, input),
            read: (fileId: string, options: { em: unknown }) => host.files.read(request, fileId, options),
            remove: (tx: unknown, fileId: string) => host.files.remove(request, tx, fileId),
            workDirs,
          };
          // Answered in this request: no live progress to follow (the events are for jobs, which the badge tracks).
          const summary = await runImport({
            em,
            files,
            workers: host.workers,
            driver,
            complexId,
            importId,
            publish: async () => {},
            log: request.log,
          });
          return reply.status(summary.conflict ? 409 : summary.success ? 201 : 207).send(summary);
        }
      } catch (error) {
        await workDirs.remove(workDirOf(importId));
        throw error;
      }
      if (existing) await workDirs.remove(workDirOf(importId));
      const jobId = existing ?? importId;
      // Queued after the commit: the job must find its record.
      await host.submitJob(request, 'import', { importId: jobId }, { singletonKey: jobId, retryLimit: IMPORT_RETRIES });
      const [{ total_rostros }] = await em.execute('select total_rostros from face_imports where id = ?', [jobId]);
      return reply.status(202).send({ success: true, job_id: jobId, total_rostros, message: 'Importación en progreso' });
    },
  );
};

/** The job of a large import. It may run again (retry, restart): runImport skips the rows already done. */
export const importJob =
  (driver: BiometricDriver): JobHandler<{ importId: string }> =>
  async (job, ctx) => {
    const run = {
      em: ctx.em as SqlEntityManager,
      files: ctx.files,
      workers: ctx.workers,
      driver,
      complexId: job.complexId,
      importId: job.data.importId,
      publish: ctx.publish,
      log: ctx.log,
      signal: ctx.signal,
    };
    const [record] = await run.em.execute('select status from face_imports where id = ? and complex_id = ?', [
      run.importId,
      job.complexId,
    ]);
    if (!record) throw notFound();
    if (record.status === 'completed' || record.status === 'failed') return { importId: run.importId, status: record.status };
    try {
      await runImport(run);
    } catch (error) {
      // The last attempt closes the record as failed; earlier ones leave it for the retry.
      if (job.attempt >= IMPORT_RETRIES && !ctx.signal.aborted) await failImport(run, 'Error en el procesamiento');
      throw error;
    }
    return { importId: run.importId, status: 'completed' };
  };
