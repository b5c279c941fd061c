// Bulk imports (spec 001 §3 "Import job", §7): the live record, the processing of its rows, and the summary
// the spec answers. Small imports run inside the request; large ones run as a job with the same code.
// Every step is idempotent: a row is finished once (its status), a person is created once (the unique
// identificacion, and the face id kept on the row), devices are written with upserts. A job that runs again
// after a crash or a retry picks up the rows left and duplicates nothing.
import { join } from 'node:path';
import { type ComplexFiles, type HostWorkers, newId } from '@conjunto/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { FaceData } from '../rules.ts';
import { type BiometricDriver, DeviceUnavailableError } from './driver.ts';
import { alertsOf, DEVICE_REFS, deviceRef, enrolmentInsert, forgetIfUnheld, insertFace, onDevices, recordOf } from './faces.ts';
import type { StagedImport } from './import-intake.ts';
import { ROW_MESSAGES } from './import-rows.ts';
import { type bulkPhoto, IMPORT_TASKS } from './import-tasks.ts';

export const IMPORT_TOPIC = 'biometrics.import';
export const BLOCKED = 'Ya existe en todos los dispositivos seleccionados';
const PROCESSING_ERROR = 'Error en el procesamiento';
/** Rows in flight at once: overlaps the devices' and the database's latency; photo work stays bounded. */
const ROWS_AT_ONCE = 8;
/** Progress events at most this often (the last row's and the summary's always go out). */
const PROGRESS_MS = 250;

type Row = Record<string, unknown>;

export interface ImportRun {
  em: SqlEntityManager;
  files: ComplexFiles;
  /** The photos are recompressed there, off the event loop that answers requests. */
  workers: HostWorkers;
  driver: BiometricDriver;
  complexId: string;
  importId: string;
  publish(topic: string, payload: unknown, em?: unknown): Promise<void>;
  log?: { error(obj: object, msg?: string): void };
  /** Stops between rows (the server is stopping): the job runs again later. */
  signal?: AbortSignal;
}

export const workDirOf = (importId: string) => `face-import-${importId}`;

/** Runs at most `n` of the calls given to it at once, the others in turn. */
function atMost(n: number): <T>(work: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (work) => {
    if (running >= n) await new Promise<void>((resolve) => waiting.push(resolve));
    else running++;
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}

/** A row's run: the import's, with its own EntityManager and the import's turn at the worker threads. */
type RowRun = ImportRun & { photoTurn: ReturnType<typeof atMost> };

/** Records the import and its rows (rows that broke a rule are failed at once); answers its id. */
export async function createImport(
  tx: SqlEntityManager,
  input: { id: string; complexId: string; userId: string; staged: StagedImport; unitIds: Map<string, string> },
): Promise<void> {
  const { staged } = input;
  const failed = staged.rows.filter((r) => r.errors.length).length;
  await tx.execute(
    `insert into face_imports (id, complex_id, total_rostros, procesados, fallidos, payload_sha256, created_by) values (?, ?, ?, ?, ?, ?, ?)`,
    [input.id, input.complexId, staged.rows.length, failed, failed, staged.sha256, input.userId],
  );
  const columns = 14;
  for (let start = 0; start < staged.rows.length; start += 200) {
    const chunk = staged.rows.slice(start, start + 200);
    const params = chunk.flatMap((r) => [
      input.id,
      r.fila,
      r.identificacion.slice(0, 50),
      r.nombre.slice(0, 200),
      r.destino?.slice(0, 50) ?? null,
      r.destino ? (input.unitIds.get(r.destino.toLowerCase()) ?? null) : null,
      JSON.stringify(r.pisos),
      r.tipo.slice(0, 20),
      r.estado.slice(0, 10),
      r.observaciones,
      JSON.stringify(staged.devices.get(r.fila) ?? []),
      staged.images.get(r.fila) ?? null,
      r.errors.length ? 'failed' : 'pending',
      r.errors.length ? r.errors.join('; ').slice(0, 500) : null,
    ]);
    const values = chunk.map(() => `(${Array(columns).fill('?').join(', ')})`).join(', ');
    await tx.execute(
      `insert into face_import_rows (import_id, fila, identificacion, nombre, destino, unit_id, pisos, tipo, estado, observaciones, devices, image, status, error)
       values ${values}`,
      params,
    );
  }
}

const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

/** The record as the live view shows it (without its rows). */
const COUNTERS = 'id, status, total_rostros, procesados, exitosos, fallidos';
export async function importCounters(em: { execute: SqlEntityManager['execute'] }, importId: string) {
  const [row] = await em.execute(`select ${COUNTERS} from face_imports where id = ?`, [importId]);
  return row as { id: string; status: string; total_rostros: number; procesados: number; exitosos: number; fallidos: number };
}

/** Runs the rows not finished yet, then closes the record with its summary, which it answers. Safe to run again. */
export async function runImport(run: ImportRun): Promise<ImportSummary> {
  const { em, importId } = run;
  await em.execute(
    `update face_imports set status = 'processing', started_at = coalesce(started_at, now()) where id = ? and status = 'pending'`,
    [importId],
  );
  await run.publish(IMPORT_TOPIC, await importCounters(em, importId));
  const rows = await em.execute(
    `select * from face_import_rows where import_id = ? and status in ('pending', 'processing') order by fila`,
    [importId],
  );
  const devices = await em.execute(`${DEVICE_REFS} where d.complex_id = ?`, [run.complexId]);
  const byId = new Map(devices.map((d) => [d.id as string, d]));
  const dir = await run.files.workDirs.open(workDirOf(importId));

  // A row that throws stops the run, but only after the rows in flight have ended: nothing outlives the job.
  // Each row has its own EntityManager: transactions begun concurrently on one would be taken for nested ones
  // (savepoints on another connection), and one kept for many rows would collect every row's entities (the
  // audit records of the photos), which each transaction copies in and merges back: quadratic, 9 ms of the
  // event loop per row by the end of 1,000 rows.
  // One photo per worker thread at a time: the rows' eight at once would put every core on sharp (libuv's
  // threads run it) and leave the event loop that answers requests none.
  const photoTurn = atMost(run.workers.size);
  let next = 0;
  let failure: unknown;
  let lastProgress = 0;
  // A row's progress event goes out with its commit, at most every PROGRESS_MS (the live view needs no more).
  const progressDue = () => {
    const now = Date.now();
    if (now - lastProgress < PROGRESS_MS) return false;
    lastProgress = now;
    return true;
  };
  const worker = async () => {
    while (next < rows.length && failure === undefined) {
      const row = rows[next++];
      try {
        run.signal?.throwIfAborted();
        await processRow({ ...run, em: em.fork(), photoTurn }, row, byId, dir, progressDue);
      } catch (error) {
        failure ??= error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(ROWS_AT_ONCE, rows.length) }, worker));
  if (failure !== undefined) throw failure;
  return finishImport(run, byId);
}

async function processRow(run: RowRun, row: Row, byId: Map<string, Row>, dir: string, progressDue: () => boolean): Promise<void> {
  const { em, importId, complexId } = run;
  const fila = row.fila as number;
  // Two runs of one import can overlap (a retry while a run that lost its claim still ends its rows): a row
  // the other run finished is left as it is. The claim also answers what a resumed row knows, and whether its
  // person exists already (one round trip).
  const [claim] = await em.execute(
    `update face_import_rows r set status = 'processing'
      where r.import_id = ? and r.fila = ? and r.status in ('pending', 'processing')
      returning r.face_id, r.created_face, r.held_before,
                exists (select 1 from faces f where f.complex_id = ? and f.identificacion = r.identificacion) as known`,
    [importId, fila, complexId],
  );
  if (!claim) return;
  let result: EnrolResult;
  try {
    result = await enrolRow(run, row, claim, byId, dir);
  } catch (error) {
    if (run.signal?.aborted) throw error;
    run.log?.error({ err: error, importId, fila }, 'import row failed');
    result = { status: 'failed', error: PROCESSING_ERROR, outcome: { created: [], skipped: [], failed: [] } };
  }
  // One statement ends the row (atomic on its own: no transaction round trips): what the devices took, the row's
  // result and the import's counters. The counters move by increments (rows finish concurrently, and a count read
  // inside one transaction would miss another's uncommitted row); a row already finished counts nothing again.
  // A person no device took is forgotten in the same transaction (files.remove needs one).
  const ok = result.status === 'completed' ? 1 : 0;
  const enrolled = result.enrolled?.deviceIds.length
    ? enrolmentInsert(complexId, result.enrolled.faceId, result.enrolled.deviceIds)
    : undefined;
  const finish = (on: SqlEntityManager) =>
    on.execute(
      `with ${enrolled ? `enrolled as (${enrolled.sql}),` : ''}
       finished as (
         update face_import_rows set status = ?, error = ?, outcome = ?::jsonb
          where import_id = ? and fila = ? and status not in ('completed', 'failed') returning 1)
       update face_imports set procesados = procesados + 1, exitosos = exitosos + ?, fallidos = fallidos + ?
        where id = ? and exists (select 1 from finished) returning ${COUNTERS}`,
      [
        ...(enrolled?.params ?? []),
        result.status,
        result.error,
        JSON.stringify(result.outcome),
        importId,
        fila,
        ok,
        1 - ok,
        importId,
      ],
    );
  const due = (counters: Row | undefined) => counters && (counters.procesados === counters.total_rostros || progressDue());
  if (result.forget) {
    const forget = result.forget;
    await em.transactional(async (tx) => {
      await forget(tx);
      const [counters] = await finish(tx);
      if (due(counters)) await run.publish(IMPORT_TOPIC, counters, tx);
    });
  } else {
    const [counters] = await finish(em);
    // After the commit, as an event published inside the transaction would be.
    if (due(counters)) await run.publish(IMPORT_TOPIC, counters);
  }
}

interface Outcome {
  created: string[];
  skipped: string[];
  failed: string[];
}

interface EnrolResult {
  status: 'completed' | 'failed';
  error: string | null;
  outcome: Outcome;
  /** The devices that took the person, recorded by the statement that finishes the row. */
  enrolled?: { faceId: string; deviceIds: string[] };
  /** Forgets a person this import created and no device took, in the transaction that finishes the row. */
  forget?: (tx: SqlEntityManager) => Promise<void>;
}

/** Puts one row's person on its devices: creates the person (once), or adds an existing one where missing. */
async function enrolRow(run: RowRun, row: Row, claim: Row, byId: Map<string, Row>, dir: string): Promise<EnrolResult> {
  const { em, complexId, importId } = run;
  const fila = row.fila as number;
  const targets = json<string[]>(row.devices).filter((id) => byId.has(id));
  const data: FaceData = {
    identificacion: row.identificacion as string,
    nombre: row.nombre as string,
    destino: (row.destino as string) ?? null,
    tipo: row.tipo as string,
    estado: row.estado as string,
    pisos: json<number[]>(row.pisos),
    observaciones: (row.observaciones as string) ?? null,
  };
  const face = recordOf(data);

  // A resumed row already knows its person; a new one has its photo checked before anything is written.
  let jpeg: Uint8Array | undefined;
  let state = claim.face_id
    ? { faceId: claim.face_id as string, created: claim.created_face as boolean, heldBefore: json<string[]>(claim.held_before) }
    : undefined;
  if (!state) {
    if (!claim.known) {
      const photo = await run.photoTurn(() =>
        run.workers.run<Awaited<ReturnType<typeof bulkPhoto>>>(IMPORT_TASKS, 'bulkPhoto', [join(dir, row.image as string)], {
          signal: run.signal,
        }),
      );
      if ('rejected' in photo)
        return { status: 'failed', error: photo.rejected, outcome: { created: [], skipped: [], failed: [] } };
      jpeg = photo.jpeg;
    }
    state = await em.transactional(async (tx) => {
      // Under the row's lock: an overlapping run may have recorded the person meanwhile. One round trip locks the
      // row and the person (if any) and reads the devices that held them before.
      const [known] = await tx.execute(
        `with r as (select face_id, created_face, held_before from face_import_rows where import_id = ? and fila = ? for update),
              p as (select id from faces where complex_id = ? and identificacion = ? for update)
         select r.face_id, r.created_face, r.held_before, p.id as person_id,
                (select coalesce(json_agg(d.device_id), '[]'::json) from face_devices d where d.face_id = p.id) as held
           from r left join p on true`,
        [importId, fila, complexId, face.identificacion],
      );
      if (known?.face_id)
        return {
          faceId: known.face_id as string,
          created: known.created_face as boolean,
          heldBefore: json<string[]>(known.held_before),
        };
      let faceId = known?.person_id as string | undefined;
      let heldBefore: string[] = [];
      const created = !faceId && jpeg !== undefined;
      if (faceId) {
        heldBefore = json<string[]>(known?.held);
      } else if (jpeg) {
        faceId = newId();
        await insertFace(tx, (file) => run.files.save(tx, file), {
          id: faceId,
          complexId,
          unitId: (row.unit_id as string) ?? null,
          face: data,
          jpeg,
        });
      } else {
        throw new Error('the person vanished while the row ran');
      }
      await tx.execute(
        'update face_import_rows set face_id = ?, created_face = ?, held_before = ?::jsonb where import_id = ? and fila = ?',
        [faceId, created, JSON.stringify(heldBefore), importId, fila],
      );
      return { faceId, created, heldBefore };
    });
  }

  // Devices that already held a person from before the import are skipped (spec: 'Omitido en').
  const skipped = state.created ? [] : targets.filter((id) => state.heldBefore.includes(id));
  const toEnrol = targets.filter((id) => !skipped.includes(id));
  if (toEnrol.length === 0) return { status: 'failed', error: BLOCKED, outcome: { created: [], skipped, failed: [] } };

  const image = jpeg ?? (await photoOf(run, state.faceId));
  const outcomes = await onDevices(
    toEnrol.map((id) => deviceRef(byId.get(id) as Row)),
    (device) => run.driver.enrol(device, face, image),
  );
  const ok = outcomes.filter((o) => o.ok).map((o) => o.device.id);
  const outcome = { created: ok, skipped, failed: outcomes.filter((o) => !o.ok).map((o) => o.device.id) };
  if (ok.length) return { status: 'completed', error: null, outcome, enrolled: { faceId: state.faceId, deviceIds: ok } };
  // A person this import created and no device took is forgotten again.
  const faceId = state.faceId;
  const forget = state.created
    ? async (tx: SqlEntityManager) => void (await forgetIfUnheld(tx, faceId, (fileId) => run.files.remove(tx, fileId)))
    : undefined;
  return { status: 'failed', error: alertsOf(outcomes)[0]?.message ?? PROCESSING_ERROR, outcome, forget };
}

async function photoOf(run: ImportRun, faceId: string): Promise<Uint8Array> {
  const [face] = await run.em.execute('select photo_file_id from faces where id = ?', [faceId]);
  if (!face?.photo_file_id) throw new DeviceUnavailableError('device_offline', PROCESSING_ERROR);
  return run.files.read(face.photo_file_id as string, { em: run.em });
}

/** Closes the record: its summary (the spec's 201/207 body), status completed, the work folder removed. */
async function finishImport(run: ImportRun, byId: Map<string, Row>): Promise<ImportSummary> {
  const { em, importId } = run;
  const rows = await em.execute(
    'select fila, identificacion, nombre, status, error, outcome from face_import_rows where import_id = ? order by fila',
    [importId],
  );
  const result = importSummary(importId, rows, byId);
  // Every row is finished: the staged photos go before the record says 'completed' (a re-run needs none of them).
  await run.files.workDirs.remove(workDirOf(importId));
  await em.transactional(async (tx) => {
    const [counters] = await tx.execute(
      `update face_imports set status = 'completed', finished_at = now(), result = ?::jsonb where id = ? returning ${COUNTERS}`,
      [JSON.stringify(result), importId],
    );
    await run.publish(IMPORT_TOPIC, counters, tx);
  });
  return result;
}

/** A job that gave up: the record says so, and the staged photos go. */
export async function failImport(run: Pick<ImportRun, 'em' | 'files' | 'publish' | 'importId'>, message: string): Promise<void> {
  // The staged photos go first: once the record says failed, nothing is left behind.
  await run.files.workDirs.remove(workDirOf(run.importId));
  await run.em.execute(
    `update face_imports set status = 'failed', finished_at = now(), error = ? where id = ? and status in ('pending', 'processing')`,
    [message.slice(0, 500), run.importId],
  );
  await run.publish(IMPORT_TOPIC, await importCounters(run.em, run.importId));
}

const names = (ids: string[], byId: Map<string, Row>) => ids.map((id) => (byId.get(id)?.name as string) ?? id).join(', ');

/** The spec's import answer (201/207 body; with `conflict` when nothing was imported because of duplicates: 409). */
export function importSummary(importId: string, rows: Row[], byId: Map<string, Row>) {
  const outcomes = rows.map((r) => ({
    fila: r.fila as number,
    identificacion: r.identificacion as string,
    nombre: r.nombre as string,
    status: r.status as string,
    error: (r.error as string | null) ?? null,
    outcome: json<Outcome | null>(r.outcome) ?? { created: [], skipped: [], failed: [] },
  }));
  const ok = outcomes.filter((r) => r.status === 'completed');
  const failed = outcomes.filter((r) => r.status !== 'completed');
  const duplicated = failed.filter((r) => r.error === BLOCKED || r.error === ROW_MESSAGES.duplicate);
  const device = (id: string) => ({ device_id: id, device_name: (byId.get(id)?.name as string) ?? id });
  const perDevice: Record<string, { device_name: string; identificaciones: string[] }> = {};
  const stats: Record<string, { device_name: string; exitosos: number; fallidos: number; omitidos: number }> = {};
  for (const r of outcomes) {
    for (const id of r.outcome.skipped) {
      perDevice[id] ??= { device_name: device(id).device_name, identificaciones: [] };
      perDevice[id].identificaciones.push(r.identificacion);
    }
    for (const [list, key] of [
      [r.outcome.created, 'exitosos'],
      [r.outcome.failed, 'fallidos'],
      [r.outcome.skipped, 'omitidos'],
    ] as const) {
      for (const id of list) {
        stats[id] ??= { device_name: device(id).device_name, exitosos: 0, fallidos: 0, omitidos: 0 };
        stats[id][key]++;
      }
    }
  }
  const conflictOf = (r: (typeof outcomes)[number]) => ({
    fila: r.fila,
    identificacion: r.identificacion,
    nombre: r.nombre,
    mensaje: r.error === BLOCKED ? `Ya existe en: ${names(r.outcome.skipped, byId)}` : (r.error ?? ROW_MESSAGES.duplicate),
  });
  const blocked = failed.filter((r) => r.error === BLOCKED).map(conflictOf);
  const total = rows.length;
  return {
    // 201 only when every row went onto every chosen device; anything skipped or failed answers 207.
    success: failed.length === 0 && outcomes.every((r) => r.outcome.skipped.length === 0 && r.outcome.failed.length === 0),
    conflict: ok.length === 0 && duplicated.length > 0,
    message:
      ok.length === total
        ? `${total} rostros importados`
        : ok.length === 0 && duplicated.length === total
          ? 'Ninguna rostro pudo ser importado. Todas las identificaciones ya existen.'
          : ok.length === 0 && duplicated.length > 0
            ? `${duplicated.length}/${total} rostros tienen identificaciones duplicadas.`
            : `${ok.length}/${total} rostros procesados`,
    job_id: importId,
    total_rostros: total,
    resumen_general: { totalRostrosEnviados: total, importExitosas: ok.length, importFallidas: failed.length },
    importaciones_exitosas: ok.map((r) => ({
      fila: r.fila,
      identificacion: r.identificacion,
      nombre: r.nombre,
      dispositivos: r.outcome.created.map(device),
      omitidos: r.outcome.skipped.map(device),
      mensaje: `Creado en ${names(r.outcome.created, byId)}${r.outcome.skipped.length ? `. Omitido en: ${names(r.outcome.skipped, byId)}` : ''}`,
    })),
    importaciones_fallidas: failed.map((r) => ({
      fila: r.fila,
      identificacion: r.identificacion,
      nombre: r.nombre,
      error: r.error ?? PROCESSING_ERROR,
    })),
    reporte_conflictos: {
      conflictos_encontrados: outcomes.filter((r) => r.outcome.skipped.length > 0).length,
      rostros_completamente_bloqueados: blocked,
      conflictos_por_dispositivo: perDevice,
      estadisticas_dispositivos: stats,
    },
    // The 409 body's fields (spec 001 §7).
    duplicados_encontrados: duplicated.length,
    conflictos_reportados: duplicated.map(conflictOf),
    rostros_completamente_bloqueados: blocked,
    conflictos_por_dispositivo: perDevice,
  };
}

export type ImportSummary = ReturnType<typeof importSummary>;
