// Stored files, a platform service: plugins save bytes with a row in their own transaction, hand out
// short-lived signed URLs, and read multipart uploads with per-route limits. Bytes live in a FileStorage
// (local disk under <DATA_DIR>/files); reads of personal files (face photos...) are audited.
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  ApiError,
  type ComplexFiles,
  type ComplexRequestContext,
  contentDisposition,
  ERROR_RESPONSES,
  FileResponse,
  type HostFiles,
  isUuid,
  newId,
  notFound,
  type PluginApp,
  type Upload,
  type UploadedFile,
  type WorkDirs,
} from '@conjunto/core';
import type { SqlEntityManager as EntityManager } from '@mikro-orm/sql';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { rolesOnComplex, type UserRow } from '../auth/access.ts';

import type { Orm } from '../db.ts';
import { type AuditActor, recordAudit, recordGroupedRead } from '../platform/audit.ts';
import { contentMatches } from './content-type.ts';
import { type FileStorage, localDiskStorage } from './storage.ts';

const FILE_MESSAGES = {
  tooLarge: 'El archivo es demasiado pesado.',
  tooManyFiles: 'Se enviaron demasiados archivos.',
  tooManyParts: 'El formulario tiene demasiadas partes.',
  tooManyFields: 'El formulario tiene demasiados campos.',
  notMultipart: 'Se esperaba un formulario con archivos.',
  incomplete: 'El archivo no se recibió completo, vuelve a intentarlo.',
  malformed: 'El formulario enviado no es válido.',
  repeated: (name: string) => `El formulario repite el campo ${name}.`,
  nul: 'El formulario contiene caracteres no permitidos.',
  type: 'Tipo de archivo no permitido.',
  invalidLink: 'El enlace no es válido.',
  expiredLink: 'El enlace expiró, vuelve a abrir el archivo.',
};

/** What a file's audit entries call it: its label ('Juan Pérez'), else the user's file name. */
const labelOf = (input: { label?: string | null; filename: string }) => input.label?.trim() || input.filename;

const DEFAULT_URL_TTL = 5 * 60;
const MAX_URL_TTL = 60 * 60;

export interface FileService extends Omit<HostFiles, 'workDirs'> {
  readonly storage: FileStorage;
  /** Temporary files of uploads and writes in progress. */
  readonly tmpDir: string;
  /** The signature of a download URL (exported for the route and the tests). */
  sign(fileId: string, complexId: string, userId: string, exp: number): string;
  readonly workDirs: WorkDirs;
  /** The request-free calls for work done on behalf of `actor` (a job of its complex). */
  forActor(actor: AuditActor): ComplexFiles;
  /** Removes the request's upload temporaries (after the response, or when the client aborts). */
  cleanup(request: FastifyRequest): Promise<void>;
}

/** Key of the download signatures: FILES_SIGNING_KEY, else derived from the JWT secret (never the secret itself). */
export function filesSigningKey(config: { filesSigningKey?: string; jwtSecret: string }): Buffer {
  return config.filesSigningKey
    ? Buffer.from(config.filesSigningKey)
    : createHmac('sha256', config.jwtSecret).update('conjunto:files-signing-key').digest();
}

// A type/subtype token, nothing that could end a header or smuggle parameters.
const MEDIA_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,60}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,60}$/;
const mediaType = (value: string) =>
  MEDIA_TYPE.test(value.trim().toLowerCase()) ? value.trim().toLowerCase() : 'application/octet-stream';

function contextOf(request: FastifyRequest): ComplexRequestContext {
  if (!request.complex) throw new Error('files used outside a complex scope');
  return request.complex;
}

const multipartErrors: Record<string, [number, string, string]> = {
  FST_FILES_LIMIT: [400, 'TOO_MANY_FILES', FILE_MESSAGES.tooManyFiles],
  FST_PARTS_LIMIT: [400, 'TOO_MANY_PARTS', FILE_MESSAGES.tooManyParts],
  FST_FIELDS_LIMIT: [400, 'TOO_MANY_FIELDS', FILE_MESSAGES.tooManyFields],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [400, 'NOT_MULTIPART', FILE_MESSAGES.notMultipart],
};

/** Any failure while reading a multipart body is the client's: 400/413 with a Spanish text, never a 500. */
function uploadError(error: unknown, tooLarge: string): ApiError {
  if (error instanceof ApiError) return error;
  const code = (error as { code?: string })?.code ?? '';
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new ApiError(413, 'TOO_LARGE', tooLarge);
  const known = multipartErrors[code];
  if (known) return new ApiError(...known);
  // busboy: 'Unexpected end of form' (a body cut short); anything else (no boundary, a malformed part header ...)
  // is a body that is not a valid form.
  const message = (error as Error)?.message ?? '';
  return /unexpected end|premature|aborted/i.test(message) || code === 'FST_MP_PREMATURE_CLOSE'
    ? new ApiError(400, 'INCOMPLETE_UPLOAD', FILE_MESSAGES.incomplete)
    : new ApiError(400, 'MALFORMED_UPLOAD', FILE_MESSAGES.malformed);
}

const MULTIPART = 'multipart/form-data';
/** Upload routes declare `schema.consumes: ['multipart/form-data']`: the OpenAPI document, and the walk test of malformed bodies, find them. */
export const isUploadRoute = (schema: { consumes?: readonly string[] } | undefined) =>
  Boolean(schema?.consumes?.includes(MULTIPART));

export function createFileService(
  options: { dataDir: string; signingKey: Buffer },
  orm: Orm,
  log: FastifyBaseLogger,
): FileService {
  const root = join(options.dataDir, 'files');
  const storage = localDiskStorage(root);
  const tmpDir = join(root, 'tmp');
  const uploads = new WeakMap<FastifyRequest, string[]>();
  // Storage keys to delete when a transaction rolls back (saved files) or commits (removed files). Keyed by the
  // transaction's EntityManager, which MikroORM hands to its transaction events.
  const onRollback = new WeakMap<object, string[]>();
  const onCommit = new WeakMap<object, string[]>();
  const later = (map: WeakMap<object, string[]>, em: object, key: string) => {
    const list = map.get(em) ?? [];
    list.push(key);
    map.set(em, list);
  };
  const drop = async (keys: string[] | undefined) => {
    for (const key of keys ?? []) await storage.delete(key).catch((err) => log.error({ err, key }, 'file not deleted'));
  };
  // Nested transactions (savepoints): a savepoint's own rollback drops its saved bytes, but its commit does
  // not hand its keys to the outer transaction (MikroORM does not tell which one it is): bytes saved in a
  // savepoint whose outer transaction rolls back later, or removed in a savepoint, stay on disk as unreferenced
  // orphans. Harmless (never served: every read goes through a row), only space.
  orm.em.getEventManager().registerSubscriber({
    async afterTransactionCommit({ em, transaction }) {
      if (transaction?.savepointName) return;
      onRollback.delete(em);
      const keys = onCommit.get(em);
      onCommit.delete(em);
      await drop(keys);
    },
    async afterTransactionRollback({ em }) {
      onCommit.delete(em);
      const keys = onRollback.get(em);
      onRollback.delete(em);
      await drop(keys);
    },
  });

  async function fileOfComplex(em: EntityManager, complexId: string, fileId: string) {
    const [row] = isUuid(fileId)
      ? await em.execute(
          'select id, storage_key, personal, coalesce(label, original_name) as label from files where id = ? and complex_id = ?',
          [fileId, complexId],
        )
      : [];
    if (!row) throw notFound();
    return row as { id: string; storage_key: string; personal: boolean; label: string };
  }

  // Work folders: <files>/work/<name>, names generated by the plugin (an import's id), never user input.
  const workRoot = join(root, 'work');
  const workPath = (name: string) => {
    if (!/^[A-Za-z0-9_-]{8,100}$/.test(name)) throw new Error(`Invalid work folder name: ${name}`);
    return join(workRoot, name);
  };
  const workDirs: WorkDirs = {
    async open(name) {
      const path = workPath(name);
      await mkdir(path, { recursive: true, mode: 0o700 });
      return path;
    },
    remove: (name) => rm(workPath(name), { recursive: true, force: true }),
  };

  const sign = (fileId: string, complexId: string, userId: string, exp: number) =>
    createHmac('sha256', options.signingKey).update(`files:v1\n${fileId}\n${complexId}\n${userId}\n${exp}`).digest('base64url');

  const service: FileService = {
    storage,
    workDirs,
    tmpDir,
    sign,

    async readUpload(request, limits) {
      if (!isUploadRoute(request.routeOptions.schema as { consumes?: string[] } | undefined))
        throw new Error(`${request.routeOptions.url}: an upload route declares schema.consumes ['${MULTIPART}']`);
      if (!request.isMultipart()) throw new ApiError(400, 'NOT_MULTIPART', FILE_MESSAGES.notMultipart);
      const maxFiles = limits.maxFiles ?? 1;
      const maxFields = limits.maxFields ?? 10;
      const temps = uploads.get(request) ?? [];
      uploads.set(request, temps);
      const files: UploadedFile[] = [];
      const fields: Record<string, string> = Object.create(null);
      const lists: Record<string, string[]> = Object.create(null);
      const repeated = new Set(limits.repeated ?? []);
      const tooLarge = limits.tooLargeMessage ?? FILE_MESSAGES.tooLarge;
      let total = 0;
      // A client that goes away mid-file would leave the write waiting: abort it.
      const abort = new AbortController();
      const onClose = () => {
        if (!request.raw.complete) abort.abort(new ApiError(400, 'INCOMPLETE_UPLOAD', FILE_MESSAGES.incomplete));
      };
      request.raw.once('close', onClose);
      try {
        await mkdir(tmpDir, { recursive: true });
        const parts = request.parts({
          limits: { fileSize: limits.maxFileSize, files: maxFiles, fields: maxFields, parts: maxFiles + maxFields },
        });
        for await (const part of parts) {
          if (
            part.fieldname.includes('\0') ||
            (part.type === 'field' ? String(part.value) : (part.filename ?? '')).includes('\0')
          ) {
            if (part.type === 'file') part.file.resume();
            throw new ApiError(400, 'VALIDATION', FILE_MESSAGES.nul, {
              [part.fieldname.replaceAll('\0', '')]: FILE_MESSAGES.nul,
            });
          }
          if (part.type === 'field') {
            const value = String(part.value);
            if (repeated.has(part.fieldname)) {
              lists[part.fieldname] ??= [];
              lists[part.fieldname].push(value);
            } else if (Object.hasOwn(fields, part.fieldname)) {
              // One value per name unless the route accepts a list: a second one is not silently dropped.
              const message = FILE_MESSAGES.repeated(part.fieldname);
              throw new ApiError(400, 'VALIDATION', message, { [part.fieldname]: message });
            }
            fields[part.fieldname] = value;
            continue;
          }
          const contentType = part.mimetype.toLowerCase();
          const badType = () => {
            const message = limits.typeMessage ?? FILE_MESSAGES.type;
            return new ApiError(400, 'FILE_TYPE', message, { [part.fieldname]: message });
          };
          if (limits.allowedTypes && !limits.allowedTypes.includes(contentType)) {
            part.file.resume();
            throw badType();
          }
          const path = join(tmpDir, `upload-${randomUUID()}`);
          temps.push(path);
          // Large writes (1 MB at a time): a 100 MB upload in a few hundred writes, not thousands.
          await pipeline(part.file, createWriteStream(path, { flags: 'wx', mode: 0o600, highWaterMark: 1024 * 1024 }), {
            signal: abort.signal,
          });
          if (part.file.truncated) throw new ApiError(413, 'TOO_LARGE', tooLarge);
          if (limits.allowedTypes && !(await contentMatches(path, contentType))) throw badType();
          const { size } = await stat(path);
          total += size;
          if (limits.maxTotalSize !== undefined && total > limits.maxTotalSize)
            throw new ApiError(413, 'TOO_LARGE', FILE_MESSAGES.tooLarge);
          files.push({
            fieldname: part.fieldname,
            filename: part.filename,
            contentType,
            size,
            path,
            stream: () => createReadStream(path),
            buffer: () => readFile(path),
          });
        }
        return { files, fields, lists } satisfies Upload;
      } catch (error) {
        await service.cleanup(request);
        throw uploadError(abort.signal.aborted ? abort.signal.reason : error, tooLarge);
      } finally {
        request.raw.off('close', onClose);
      }
    },

    save: (request, em, input) => actorFiles(contextOf(request)).save(em, input),

    async signedUrl(request, fileId, opts = {}) {
      const url = (await service.signedUrls(request, [fileId], opts)).get(fileId);
      if (!url) throw notFound();
      return url;
    },

    async signedUrls(request, fileIds, opts = {}) {
      const ctx = contextOf(request);
      const ids = [...new Set(fileIds)].filter(isUuid);
      const em = (opts.em as EntityManager | undefined) ?? request.em;
      const rows = ids.length
        ? await em.execute('select id from files where complex_id = ? and id in (?)', [ctx.complexId, ids])
        : [];
      const ttl = Math.min(Math.max(Math.floor(opts.ttlSeconds ?? DEFAULT_URL_TTL), 1), MAX_URL_TTL);
      const exp = Math.floor(Date.now() / 1000) + ttl;
      const expiresAt = new Date(exp * 1000).toISOString();
      return new Map(
        rows.map(({ id }) => {
          const query = new URLSearchParams({
            exp: String(exp),
            u: ctx.userId,
            sig: sign(id as string, ctx.complexId, ctx.userId, exp),
          });
          return [id as string, { url: `/api/files/${id}?${query}`, expiresAt }];
        }),
      );
    },

    remove: (request, em, fileId) => actorFiles(contextOf(request)).remove(em, fileId),
    read: (request, fileId, opts = {}) => actorFiles(contextOf(request)).read(fileId, { em: opts.em ?? request.em }),
    async relabel(request, em, fileId, label) {
      const file = await fileOfComplex(em as EntityManager, contextOf(request).complexId, fileId);
      await (em as EntityManager).execute('update files set label = ? where id = ?', [
        label?.trim().slice(0, 200) || null,
        file.id,
      ]);
    },
    forActor: (actor) => actorFiles(actor),

    async cleanup(request) {
      const temps = uploads.get(request);
      if (!temps?.length) return;
      const paths = temps.splice(0);
      await Promise.all(paths.map((p) => unlink(p).catch(() => undefined)));
    },
  };

  /** The calls that need no request: bound to a complex and the user on whose behalf they run (jobs). */
  function actorFiles(ctx: AuditActor): ComplexFiles {
    return {
      workDirs,
      async save(em, input) {
        const tx = em as EntityManager;
        const id = newId();
        // The bytes first: a row never points at nothing.
        const stored = await storage.put(id, input.data);
        try {
          await tx.execute(
            `insert into files (id, complex_id, category, personal, storage_key, original_name, content_type, size, sha256, created_by, label)
             values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
            [
              id,
              ctx.complexId,
              input.category.slice(0, 50),
              input.personal,
              id,
              input.filename.replace(/[\r\n]+/g, ' ').slice(0, 200) || 'archivo',
              mediaType(input.contentType),
              stored.size,
              stored.sha256,
              ctx.userId,
              input.label?.trim().slice(0, 200) || null,
            ],
          );
          recordAudit(tx, ctx, {
            resource: 'files',
            recordId: id,
            action: 'create',
            changes: { category: input.category, size: stored.size },
            description: labelOf(input),
          });
          if (!tx.isInTransaction()) await tx.flush();
        } catch (error) {
          await storage.delete(id);
          throw error;
        }
        if (tx.isInTransaction()) later(onRollback, tx, id);
        return { id, ...stored };
      },

      async remove(em, fileId) {
        const tx = em as EntityManager;
        const file = await fileOfComplex(tx, ctx.complexId, fileId);
        await tx.execute('delete from files where id = ?', [file.id]);
        recordAudit(tx, ctx, { resource: 'files', recordId: file.id, action: 'delete', description: file.label });
        // The bytes go once the delete commits (a rollback keeps them).
        if (tx.isInTransaction()) later(onCommit, tx, file.storage_key);
        else {
          await tx.flush();
          await storage.delete(file.storage_key);
        }
      },

      async read(fileId, opts) {
        const em = opts.em as EntityManager;
        const file = await fileOfComplex(em, ctx.complexId, fileId);
        if (file.personal)
          await recordGroupedRead(em, ctx, { resource: 'files', recordId: file.id, action: 'read', description: file.label });
        const chunks: Uint8Array[] = [];
        for await (const chunk of await storage.get(file.storage_key)) chunks.push(chunk as Uint8Array);
        return Buffer.concat(chunks);
      },
    };
  }
  return service;
}

/** Temporaries left by a previous process that died mid-upload (older than an hour by default). */
async function sweepStaleTemporaries(tmpDir: string, maxAgeMs = 60 * 60 * 1000): Promise<void> {
  const names = await readdir(tmpDir).catch(() => [] as string[]);
  const cutoff = Date.now() - maxAgeMs;
  for (const name of names) {
    const path = join(tmpDir, name);
    const info = await stat(path).catch(() => undefined);
    if (info && info.mtimeMs < cutoff) await rm(path, { force: true, recursive: true });
  }
}

/** Root hooks (add them before any route scope): upload temporaries go after every response or abort. */
export function registerFileHooks(app: FastifyInstance, files: FileService): void {
  app.addHook('onResponse', (request) => files.cleanup(request));
  app.addHook('onRequestAbort', (request) => files.cleanup(request));
  app.addHook('onReady', () => sweepStaleTemporaries(files.tmpDir));
  // A work folder whose job is long gone (jobs are kept 7 days) is an orphan of a crash or a deleted job.
  app.addHook('onReady', () => sweepStaleTemporaries(join(files.tmpDir, '..', 'work'), 8 * 24 * 3600 * 1000));
}

/** The token-less download route GET /api/files/:id?exp&u&sig (the signature is the authorisation). */
export function fileDownloadRoute(app: PluginApp, files: FileService): void {
  app.get(
    '/api/files/:id',
    {
      schema: {
        tags: ['files'],
        summary: 'Downloads a file through a signed URL (from /api/complexes/:complexId/files/:id/url)',
        security: [],
        params: Type.Object({ id: Type.String() }),
        querystring: Type.Object({
          exp: Type.Optional(Type.String()),
          u: Type.Optional(Type.String()),
          sig: Type.Optional(Type.String()),
        }),
        response: { 200: FileResponse, 403: ERROR_RESPONSES[403], 404: ERROR_RESPONSES[404] },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { exp = '', u = '', sig = '' } = request.query;
      const invalid = () => new ApiError(403, 'INVALID_LINK', FILE_MESSAGES.invalidLink);
      if (!isUuid(id)) throw notFound();
      if (!isUuid(u) || !/^\d{1,12}$/.test(exp)) throw invalid();
      // The link's user is re-checked against the file's complex with the tenancy rules (linked and the
      // complex active, its company, or platform staff): a link dies with its user's access, not only its time.
      const [file] = await request.em.execute(
        `select f.id, f.complex_id, f.personal, f.storage_key, f.original_name, f.content_type, f.size,
                usr.id as user_id, usr.is_active as user_active, usr.roles, usr.company_id, usr.residence_complex_id,
                usr.first_name, usr.last_name, coalesce(f.label, f.original_name) as label,
                c.is_active as c_active, c.company_id as c_company_id,
                exists (select 1 from user_complexes uc where uc.user_id = usr.id and uc.complex_id = c.id) as linked
           from files f join complexes c on c.id = f.complex_id left join users usr on usr.id = ?
          where f.id = ?`,
        [u, id],
      );
      if (!file) throw notFound();
      const expected = Buffer.from(files.sign(file.id, file.complex_id, u, Number(exp)));
      const given = Buffer.from(sig);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid();
      const remaining = Number(exp) - Math.floor(Date.now() / 1000);
      if (remaining <= 0) throw new ApiError(403, 'LINK_EXPIRED', FILE_MESSAGES.expiredLink);
      // A disabled user's links die with their session; a user who lost the complex gets nothing (404).
      if (!file.user_id || !file.user_active) throw invalid();
      const roles = rolesOnComplex({ ...file, id: file.user_id, is_active: file.user_active } as UserRow, {
        id: file.complex_id,
        is_active: file.c_active,
        company_id: file.c_company_id,
        linked: file.linked,
      });
      if (roles.length === 0) throw notFound();
      let body: Readable;
      try {
        body = await files.storage.get(file.storage_key);
      } catch {
        throw notFound();
      }
      if (file.personal) {
        // Biometric/personal data: the read is on record before a byte leaves (one entry per file, user and day:
        // a list of thumbnails seen again and again counts its reads instead of flooding the log).
        try {
          await recordGroupedRead(
            request.em,
            { complexId: file.complex_id, userId: u, userName: `${file.first_name ?? ''} ${file.last_name ?? ''}`.trim() || u },
            { resource: 'files', recordId: file.id, action: 'read', description: file.label },
          );
        } catch (error) {
          body.destroy();
          throw error;
        }
      }
      const inline = /^image\/(png|jpeg|gif|webp)$/.test(file.content_type) || file.content_type === 'application/pdf';
      return reply
        .type(file.content_type)
        .header('Content-Length', String(file.size))
        .header('Content-Disposition', contentDisposition(file.original_name, inline ? 'inline' : 'attachment'))
        .header('Cache-Control', `private, max-age=${Math.min(remaining, MAX_URL_TTL)}`)
        .header('X-Content-Type-Options', 'nosniff')
        .send(body);
    },
  );
}

/** GET /api/complexes/:complexId/files/:id/url for administrators (404 for another complex's file). */
export function fileRoutes(app: PluginApp, host: { files: HostFiles }): void {
  app.get(
    '/files/:id/url',
    {
      config: { roles: ['administrador', 'superAdministrador'] },
      schema: {
        tags: ['files'],
        summary: 'A short-lived signed URL of a file of the complex',
        params: Type.Object({ complexId: Type.String(), id: Type.String() }),
        response: { 200: Type.Object({ url: Type.String(), expiresAt: Type.String() }), ...ERROR_RESPONSES },
      },
    },
    async (request) => host.files.signedUrl(request, request.params.id),
  );
}

/** The HostServices face of the service: plugins only get `request`-scoped calls. */
export const hostFiles: HostFiles = {
  readUpload: (request, options) => request.server.files.readUpload(request, options),
  save: (request, em, input) => request.server.files.save(request, em, input),
  signedUrl: (request, fileId, options) => request.server.files.signedUrl(request, fileId, options),
  signedUrls: (request, fileIds, options) => request.server.files.signedUrls(request, fileIds, options),
  remove: (request, em, fileId) => request.server.files.remove(request, em, fileId),
  read: (request, fileId, options) => request.server.files.read(request, fileId, options),
  relabel: (request, em, fileId, label) => request.server.files.relabel(request, em, fileId, label),
  workDirs: (request) => request.server.files.workDirs,
};
