// /api/complexes/:complexId/archive-folders and /archive-documents (switch Archivo): the complex's document
// repository. The office manages folders and documents; residents and the board list and download only the
// documents marked visible (another one answers 404, as another complex's). The host has checked tenancy, the
// switch and the roles (manifest access table).
import {
  ApiError,
  changesOf,
  ERROR_RESPONSES,
  ErrorSchema,
  fieldsOf,
  formatDateTime,
  type HostServices,
  IdParams,
  invalid,
  isUuid,
  type ListCondition,
  MESSAGES,
  notFound,
  onUniqueViolation,
  type PluginApp,
} from '@conjunto/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { FastifyRequest } from 'fastify';
import { ARCHIVE_MESSAGES, DOCUMENT_BYTES_MAX, DOCUMENT_TITLE_MAX, DOCUMENT_TYPES, FOLDER_NAME_MAX } from '../manifest.ts';
import {
  type ArchiveDocument as DocumentItem,
  DocumentSchema,
  DocumentUpdateSchema,
  DownloadSchema,
  FolderCreateSchema,
  FolderSchema,
  FolderUpdateSchema,
} from '../schemas.ts';
import { formatBytes } from '../size.ts';
import { ArchiveDocument, ArchiveFolder } from './archive.entity.ts';

const tags = ['archive'];
const FOLDERS = 'archive-folders';
const DOCUMENTS = 'archive-documents';
const OFFICE: readonly string[] = ['administrador', 'superAdministrador'];
/**
 * How many parents a move walks up from its new parent. The walk (`union`) already stops at a repeated row, so a
 * corrupted cycle ends it; the cap bounds it whatever the data, and a chain that does not reach the top level
 * within it is refused as a cycle.
 */
const FOLDER_WALK_MAX = 1000;
/** The foreign keys a folder's deletion can race with (a document or a subfolder filed into it meanwhile). */
const DOCUMENT_FOLDER_FK = 'archive_documents_folder_id_fkey';
const FOLDER_PARENT_FK = 'archive_folders_parent_id_fkey';

const iso = (d: Date | string) => new Date(d).toISOString();

export const toFolder = (f: ArchiveFolder) => ({
  id: f.id,
  name: f.name,
  parentId: f.parentId ?? null,
  documentCount: f.documentCount ?? 0,
  folderCount: f.folderCount ?? 0,
  createdAt: iso(f.createdAt),
});

/** A document as the API answers it; the uploader only for the office (residents and the board never see who). */
export const toDocument = (d: ArchiveDocument, office: boolean): DocumentItem => ({
  id: d.id,
  title: d.title,
  folderId: d.folderId ?? null,
  folderName: d.folderName ?? null,
  filename: d.filename,
  contentType: d.contentType,
  sizeBytes: Number(d.sizeBytes),
  size: formatBytes(d.sizeBytes),
  visibleToResidents: d.visibleToResidents,
  ...(office && { uploadedBy: d.uploadedBy ?? null, uploadedByName: d.uploadedByName ?? null }),
  createdAt: iso(d.createdAt),
});

const DOCUMENT_EXPORT = {
  title: 'Título',
  folderName: { header: 'Carpeta', value: (d: DocumentItem) => d.folderName ?? '' },
  filename: 'Archivo',
  size: 'Tamaño',
  visibleToResidents: { header: 'Visible para residentes', value: (d: DocumentItem) => (d.visibleToResidents ? 'Sí' : 'No') },
  uploadedByName: { header: 'Subido por', value: (d: DocumentItem) => d.uploadedByName ?? '' },
  createdAt: { header: 'Fecha de carga', value: (d: DocumentItem) => formatDateTime(d.createdAt) },
};

const conflict = (code: string, field: string, message: string) => new ApiError(409, code, message, { [field]: message });
/** A name already used in the same place: the unique index answers it (also for two writes at once). */
const nameTaken = onUniqueViolation('archive_folders_name_unique', () =>
  conflict('FOLDER_NAME_TAKEN', 'name', ARCHIVE_MESSAGES.folderTaken),
);
// The folder writes lock the rows they depend on, so these foreign keys should never refuse one; if one does
// anyway, the answer is the plugin's text, not the database's. (onUniqueViolation matches any constraint by the
// name the database gives in its message.)
const folderGone = (field: string, fk: string) =>
  onUniqueViolation(fk, () => conflict('FOLDER_GONE', field, ARCHIVE_MESSAGES.folderNotFound));
const stillHolds = (fk: string) =>
  onUniqueViolation(fk, () => conflict('FOLDER_NOT_EMPTY', 'id', ARCHIVE_MESSAGES.folderNotEmpty));
/** A list filter on a folder: 'root' (the top level) or a folder id; anything else is refused. */
const folderFilter = (field: string) => (value: unknown) => {
  if (value === 'root') return { [field]: null };
  if (!isUuid(value)) throw new ApiError(400, 'INVALID_FILTER', 'Filtro no permitido.', { [field]: 'Filtro no permitido.' });
  return { [field]: value };
};

type Tx = SqlEntityManager;
/** Serialises the folder moves of one complex until the transaction ends (two opposite moves would make a cycle). */
const lockMoves = (tx: Tx, complexId: string) =>
  tx.execute("select pg_advisory_xact_lock(hashtextextended('archive.folders:' || ?, 0))", [complexId]);
/**
 * A folder of the complex to file something into, or 400 on the named field. Locked (for share) until the
 * transaction ends: its deletion waits for this write and then finds it not empty, or went first and there is
 * nothing to find.
 */
async function lockedFolder(tx: Tx, complexId: string, field: string, id: string | null | undefined) {
  if (id == null) return null;
  if (!isUuid(id)) throw invalid(field, ARCHIVE_MESSAGES.folderNotFound);
  const rows = await tx.execute('select id from archive_folders where id = ? and complex_id = ? for share', [id, complexId]);
  if (!rows.length) throw invalid(field, ARCHIVE_MESSAGES.folderNotFound);
  return id;
}
/** Whether putting `folderId` inside `parentId` would make a cycle: walks up from the parent (bounded, see above). */
async function makesCycle(tx: Tx, complexId: string, folderId: string, parentId: string) {
  const [row] = await tx.execute(
    `with recursive up(id, parent_id) as (
       select id, parent_id from archive_folders where id = ? and complex_id = ?
       union
       select f.id, f.parent_id from archive_folders f join up on f.id = up.parent_id where f.complex_id = ?)
     select coalesce(bool_or(id = ?), false) as cycle, coalesce(bool_or(parent_id is null), false) as rooted
       from (select id, parent_id from up limit ${FOLDER_WALK_MAX}) chain`,
    [parentId, complexId, complexId, folderId],
  );
  return Boolean(row.cycle) || !row.rooted;
}

export async function archiveRoutes(app: PluginApp, host: HostServices) {
  const em = (request: FastifyRequest) => host.em(request) as SqlEntityManager;
  const isOffice = (request: FastifyRequest) => host.context(request).roles.some((r) => OFFICE.includes(r));

  const cleanName = (name: string | undefined) => {
    const trimmed = (name ?? '').trim();
    if (!trimmed) throw invalid('name', MESSAGES.required);
    if (trimmed.length > FOLDER_NAME_MAX) throw invalid('name', MESSAGES.maxLength(FOLDER_NAME_MAX));
    return trimmed;
  };
  const cleanTitle = (title: string | undefined) => {
    const trimmed = (title ?? '').trim();
    if (!trimmed) throw invalid('title', MESSAGES.required);
    if (trimmed.length > DOCUMENT_TITLE_MAX) throw invalid('title', MESSAGES.maxLength(DOCUMENT_TITLE_MAX));
    return trimmed;
  };

  // ------------------------------------------------------------------------------------------------ folders
  const loadFolder = (request: FastifyRequest) =>
    host.findOr404<ArchiveFolder>(request, ArchiveFolder, (request.params as { id: string }).id);
  const reloadFolder = async (request: FastifyRequest, id: string) => {
    const fresh = await em(request)
      .fork()
      .findOne(ArchiveFolder, { id, complexId: host.context(request).complexId });
    if (!fresh) throw notFound();
    return toFolder(fresh);
  };

  host.listRoute(app, {
    resource: FOLDERS,
    tags,
    summary: 'Folders of the repository; filter parentId (a folder id, or "root" for the top level)',
    entity: ArchiveFolder,
    filters: { parentId: folderFilter('parentId') },
    search: ['name'],
    sortable: ['name', 'createdAt'],
    defaultSort: { field: 'name', order: 'ASC' },
    item: FolderSchema,
    toItem: (row: ArchiveFolder) => toFolder(row),
  });

  app.get(
    `/${FOLDERS}/:id`,
    { schema: { tags, params: IdParams, response: { 200: FolderSchema, 404: ErrorSchema } } },
    async (request) => toFolder(await loadFolder(request)),
  );

  app.post(
    `/${FOLDERS}`,
    {
      config: { idempotent: true },
      schema: {
        tags,
        summary: 'Create a folder (inside parentId, or at the top level)',
        body: FolderCreateSchema,
        response: { 201: FolderSchema, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const body = fieldsOf(FolderCreateSchema, request.body);
      const name = cleanName(body.name);
      const { complexId } = host.context(request);
      const id = await em(request)
        .transactional(async (tx) => {
          const parentId = await lockedFolder(tx, complexId, 'parentId', body.parentId);
          const folder = tx.create(ArchiveFolder, { complexId, name, parentId } as never);
          host.audit(request, tx, {
            resource: FOLDERS,
            recordId: folder.id,
            action: 'create',
            changes: { name, parentId },
            description: name,
          });
          await tx.flush();
          return folder.id;
        })
        .catch(nameTaken)
        .catch(folderGone('parentId', FOLDER_PARENT_FK));
      return reply.status(201).send(await reloadFolder(request, id));
    },
  );

  app.put(
    `/${FOLDERS}/:id`,
    {
      schema: {
        tags,
        summary: 'Rename or move a folder',
        params: IdParams,
        body: FolderUpdateSchema,
        response: { 200: FolderSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const folder = await loadFolder(request);
      const body = fieldsOf(FolderUpdateSchema, request.body);
      const name = body.name !== undefined ? cleanName(body.name) : undefined;
      const { complexId } = host.context(request);
      await em(request)
        .transactional(async (tx) => {
          const moving = body.parentId !== undefined;
          // Moves take turns per complex: each one checks for a cycle after the one before it committed.
          if (moving) await lockMoves(tx, complexId);
          const [current] = await tx.execute<{ name: string; parent_id: string | null }[]>(
            'select name, parent_id from archive_folders where id = ? and complex_id = ? for update',
            [folder.id, complexId],
          );
          if (!current) throw notFound();
          const before = { name: current.name, parentId: current.parent_id };
          const after = { ...before, name: name ?? before.name };
          if (moving) {
            after.parentId = await lockedFolder(tx, complexId, 'parentId', body.parentId);
            // Not into itself or one of its subfolders.
            if (after.parentId && (await makesCycle(tx, complexId, folder.id, after.parentId)))
              throw invalid('parentId', ARCHIVE_MESSAGES.folderCycle);
          }
          await tx.execute('update archive_folders set name = ?, parent_id = ? where id = ?', [
            after.name,
            after.parentId,
            folder.id,
          ]);
          host.audit(request, tx, {
            resource: FOLDERS,
            recordId: folder.id,
            action: 'update',
            changes: changesOf(before, after),
            description: after.name,
          });
        })
        .catch(nameTaken)
        .catch(folderGone('parentId', FOLDER_PARENT_FK));
      return reloadFolder(request, folder.id);
    },
  );

  app.delete(
    `/${FOLDERS}/:id`,
    {
      schema: {
        tags,
        summary: 'Delete an empty folder (409 while it holds documents or subfolders)',
        params: IdParams,
        response: { 200: FolderSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const folder = await loadFolder(request);
      const result = toFolder(folder);
      await em(request)
        .transactional(async (tx) => {
          // Serialised with the writes into it (they lock it for share): the row is locked while checked and deleted;
          // a delete that went first left nothing to lock (404).
          const locked = await tx.execute('select 1 from archive_folders where id = ? and complex_id = ? for update', [
            folder.id,
            folder.complexId,
          ]);
          if (!locked.length) throw notFound();
          const [row] = await tx.execute(
            `select (select count(*)::int from archive_documents where folder_id = ?)
                + (select count(*)::int from archive_folders where parent_id = ?) as n`,
            [folder.id, folder.id],
          );
          if (Number(row.n) > 0) throw conflict('FOLDER_NOT_EMPTY', 'id', ARCHIVE_MESSAGES.folderNotEmpty);
          await tx.execute('delete from archive_folders where id = ? and complex_id = ?', [folder.id, folder.complexId]);
          host.audit(request, tx, {
            resource: FOLDERS,
            recordId: folder.id,
            action: 'delete',
            changes: result,
            description: folder.name,
          });
        })
        .catch(stillHolds(DOCUMENT_FOLDER_FK))
        .catch(stillHolds(FOLDER_PARENT_FK));
      return result;
    },
  );

  // ---------------------------------------------------------------------------------------------- documents
  /** Residents and the board read only the documents marked visible. */
  const visibleWhere = (request: FastifyRequest): ListCondition =>
    isOffice(request) ? {} : { $sql: { text: 't.visible_to_residents', params: [] } };

  const loadDocument = async (request: FastifyRequest) => {
    const found = await host.findOr404<ArchiveDocument>(request, ArchiveDocument, (request.params as { id: string }).id);
    if (!isOffice(request) && !found.visibleToResidents) throw notFound();
    return found;
  };
  const reloadDocument = async (request: FastifyRequest, id: string) => {
    const fresh = await em(request)
      .fork()
      .findOne(ArchiveDocument, { id, complexId: host.context(request).complexId });
    if (!fresh) throw notFound();
    return toDocument(fresh, isOffice(request));
  };

  host.listRoute(app, {
    resource: DOCUMENTS,
    tags,
    summary:
      'Documents of the repository (residents: only the visible ones); filters folderId (a folder id, or "root"), visibleToResidents; q searches the title',
    entity: ArchiveDocument,
    filters: { folderId: folderFilter('folderId'), visibleToResidents: 'exact' },
    search: ['title'],
    sortable: ['title', 'sizeBytes', 'visibleToResidents', 'createdAt'],
    defaultSort: { field: 'createdAt', order: 'DESC' },
    where: visibleWhere,
    item: DocumentSchema,
    exportColumns: DOCUMENT_EXPORT,
    // By request (the page and the export alike): the uploader only for the office.
    toItems: async (request, rows: ArchiveDocument[]) => rows.map((row) => toDocument(row, isOffice(request))),
  });

  app.get(
    `/${DOCUMENTS}/:id`,
    { schema: { tags, params: IdParams, response: { 200: DocumentSchema, 404: ErrorSchema } } },
    async (request) => toDocument(await loadDocument(request), isOffice(request)),
  );

  app.post(
    `/${DOCUMENTS}`,
    {
      // A retried upload (same Idempotency-Key) answers the first document instead of storing the file twice.
      config: { idempotent: true },
      schema: {
        tags,
        summary: `Upload a document (multipart: one file "file" up to ${DOCUMENT_BYTES_MAX / 1024 / 1024} MB, PDF, image, Office or ZIP; fields title, folderId, visibleToResidents)`,
        consumes: ['multipart/form-data'],
        response: { 201: DocumentSchema, ...ERROR_RESPONSES, 413: ErrorSchema },
      },
    },
    async (request, reply) => {
      const upload = await host.files.readUpload(request, {
        maxFileSize: DOCUMENT_BYTES_MAX,
        maxFiles: 1,
        maxFields: 6,
        tooLargeMessage: ARCHIVE_MESSAGES.fileTooLarge,
        allowedTypes: DOCUMENT_TYPES,
        typeMessage: ARCHIVE_MESSAGES.badType,
      });
      const file = upload.files.find((f) => f.fieldname === 'file');
      if (!file) throw invalid('file', ARCHIVE_MESSAGES.fileRequired);
      // Only the named fields are read; anything else sent is ignored.
      const title = cleanTitle(upload.fields.title);
      const folderField = upload.fields.folderId?.trim() || null;
      const visibleField = upload.fields.visibleToResidents;
      if (visibleField !== undefined && visibleField !== 'true' && visibleField !== 'false')
        throw invalid('visibleToResidents', MESSAGES.invalidInput);
      const visibleToResidents = visibleField === 'true';
      const { complexId, userId } = host.context(request);
      const created = await em(request)
        .transactional(async (tx) => {
          // Locked: a folder being deleted at the same time is not filled.
          const folderId = await lockedFolder(tx, complexId, 'folderId', folderField);
          const saved = await host.files.save(request, tx, {
            category: 'document',
            personal: false,
            filename: file.filename,
            label: title,
            contentType: file.contentType,
            data: file.stream(),
          });
          const document = tx.create(ArchiveDocument, {
            complexId,
            folderId,
            title,
            fileId: saved.id,
            filename: file.filename.slice(0, 255),
            contentType: file.contentType.slice(0, 150),
            sizeBytes: saved.size,
            visibleToResidents,
            uploadedBy: userId,
          } as never);
          host.audit(request, tx, {
            resource: DOCUMENTS,
            recordId: document.id,
            action: 'create',
            changes: { title, folderId, filename: file.filename, sizeBytes: saved.size, visibleToResidents },
            description: title,
          });
          await tx.flush();
          return document.id;
        })
        .catch(folderGone('folderId', DOCUMENT_FOLDER_FK));
      return reply.status(201).send(await reloadDocument(request, created));
    },
  );

  app.put(
    `/${DOCUMENTS}/:id`,
    {
      schema: {
        tags,
        summary: 'Edit a document: its title, folder and visibility to residents (the file stays)',
        params: IdParams,
        body: DocumentUpdateSchema,
        response: { 200: DocumentSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const document = await loadDocument(request);
      const body = fieldsOf(DocumentUpdateSchema, request.body);
      const title = body.title !== undefined ? cleanTitle(body.title) : undefined;
      const { complexId } = host.context(request);
      await em(request)
        .transactional(async (tx) => {
          const [current] = await tx.execute<{ title: string; folder_id: string | null; visible_to_residents: boolean }[]>(
            'select title, folder_id, visible_to_residents from archive_documents where id = ? and complex_id = ? for update',
            [document.id, complexId],
          );
          if (!current) throw notFound();
          const before = { title: current.title, folderId: current.folder_id, visibleToResidents: current.visible_to_residents };
          const after = {
            title: title ?? before.title,
            // Locked: a folder being deleted at the same time is not filled.
            folderId:
              body.folderId !== undefined ? await lockedFolder(tx, complexId, 'folderId', body.folderId) : before.folderId,
            visibleToResidents: body.visibleToResidents ?? before.visibleToResidents,
          };
          await tx.execute('update archive_documents set title = ?, folder_id = ?, visible_to_residents = ? where id = ?', [
            after.title,
            after.folderId,
            after.visibleToResidents,
            document.id,
          ]);
          host.audit(request, tx, {
            resource: DOCUMENTS,
            recordId: document.id,
            action: 'update',
            changes: changesOf(before, after),
            description: after.title,
          });
        })
        .catch(folderGone('folderId', DOCUMENT_FOLDER_FK));
      return reloadDocument(request, document.id);
    },
  );

  app.delete(
    `/${DOCUMENTS}/:id`,
    {
      schema: {
        tags,
        summary: 'Delete a document and its stored file',
        params: IdParams,
        response: { 200: DocumentSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const document = await loadDocument(request);
      const result = toDocument(document, true);
      await em(request).transactional(async (tx) => {
        // A delete that went first (the same document twice at once) leaves nothing: 404, and the file is not touched.
        const deleted = await tx.execute('delete from archive_documents where id = ? and complex_id = ? returning id', [
          document.id,
          document.complexId,
        ]);
        if (!deleted.length) throw notFound();
        await host.files.remove(request, tx, document.fileId);
        host.audit(request, tx, {
          resource: DOCUMENTS,
          recordId: document.id,
          action: 'delete',
          changes: result,
          description: document.title,
        });
      });
      return result;
    },
  );

  app.get(
    `/${DOCUMENTS}/:id/download`,
    {
      schema: {
        tags,
        summary: 'A short-lived signed URL that downloads the document (residents: only a visible one)',
        params: IdParams,
        response: { 200: DownloadSchema, 404: ErrorSchema },
      },
    },
    async (request) => {
      const document = await loadDocument(request);
      const signed = await host.files.signedUrl(request, document.fileId, { ttlSeconds: 300 });
      return { url: signed.url, expiresAt: signed.expiresAt, filename: document.filename };
    },
  );
}
