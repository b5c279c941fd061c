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
import { fileHead, matchesType } from './sniff.ts';

const tags = ['archive'];
const FOLDERS = 'archive-folders';
const DOCUMENTS = 'archive-documents';
const OFFICE: readonly string[] = ['administrador', 'superAdministrador'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const iso = (d: Date | string) => new Date(d).toISOString();

export const toFolder = (f: ArchiveFolder) => ({
  id: f.id,
  name: f.name,
  parentId: f.parentId ?? null,
  documentCount: f.documentCount ?? 0,
  folderCount: f.folderCount ?? 0,
  createdAt: iso(f.createdAt),
});

export const toDocument = (d: ArchiveDocument): DocumentItem => ({
  id: d.id,
  title: d.title,
  folderId: d.folderId ?? null,
  folderName: d.folderName ?? null,
  filename: d.filename,
  contentType: d.contentType,
  sizeBytes: Number(d.sizeBytes),
  size: formatBytes(d.sizeBytes),
  visibleToResidents: d.visibleToResidents,
  uploadedBy: d.uploadedBy ?? null,
  uploadedByName: d.uploadedByName ?? null,
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
/** Two writes that each found the name free: the unique index refuses the second with the same text. */
const nameTaken = onUniqueViolation('archive_folders_name_unique', () =>
  conflict('FOLDER_NAME_TAKEN', 'name', ARCHIVE_MESSAGES.folderTaken),
);

export async function archiveRoutes(app: PluginApp, host: HostServices) {
  const em = (request: FastifyRequest) => host.em(request) as SqlEntityManager;
  const isOffice = (request: FastifyRequest) => host.context(request).roles.some((r) => OFFICE.includes(r));

  /** A folder of the request's complex, or 400 on the named field (a parent or a document's folder). */
  const checkFolder = async (request: FastifyRequest, field: string, id: string | null | undefined) => {
    if (id == null) return null;
    if (!UUID.test(id)) throw invalid(field, ARCHIVE_MESSAGES.folderNotFound);
    const found = await em(request).findOne(ArchiveFolder, { id, complexId: host.context(request).complexId });
    if (!found) throw invalid(field, ARCHIVE_MESSAGES.folderNotFound);
    return found;
  };
  const checkNameFree = async (request: FastifyRequest, name: string, parentId: string | null, exceptId?: string) => {
    const rows = await em(request).execute(
      `select 1 from archive_folders where complex_id = ? and coalesce(parent_id::text, '') = ? and lower(name) = lower(?)
         and id::text <> ? limit 1`,
      [host.context(request).complexId, parentId ?? '', name, exceptId ?? ''],
    );
    if (rows.length) throw conflict('FOLDER_NAME_TAKEN', 'name', ARCHIVE_MESSAGES.folderTaken);
  };
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
    filters: {
      parentId: (value) =>
        value === 'root' || value === null
          ? { $sql: { text: 't.parent_id is null', params: [] } }
          : { $sql: { text: 't.parent_id::text = ?', params: [String(value)] } },
    },
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
      const parent = await checkFolder(request, 'parentId', body.parentId);
      await checkNameFree(request, name, parent?.id ?? null);
      const folder = em(request).create(ArchiveFolder, {
        complexId: host.context(request).complexId,
        name,
        parentId: parent?.id ?? null,
      } as never);
      host.audit(request, em(request), {
        resource: FOLDERS,
        recordId: folder.id,
        action: 'create',
        changes: { name, parentId: parent?.id ?? null },
        description: name,
      });
      await em(request).flush().catch(nameTaken);
      return reply.status(201).send(await reloadFolder(request, folder.id));
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
      const before = toFolder(folder);
      const body = fieldsOf(FolderUpdateSchema, request.body);
      const name = body.name !== undefined ? cleanName(body.name) : folder.name;
      let parentId = folder.parentId ?? null;
      if (body.parentId !== undefined) {
        const parent = await checkFolder(request, 'parentId', body.parentId);
        parentId = parent?.id ?? null;
        // Not into itself or one of its subfolders.
        if (parentId) {
          const [row] = await em(request).execute(
            `with recursive up(id, parent_id) as (
               select id, parent_id from archive_folders where id = ?
               union all select f.id, f.parent_id from archive_folders f join up on f.id = up.parent_id)
             select count(*)::int as n from up where id = ?`,
            [parentId, folder.id],
          );
          if (Number(row.n) > 0) throw invalid('parentId', ARCHIVE_MESSAGES.folderCycle);
        }
      }
      await checkNameFree(request, name, parentId, folder.id);
      folder.name = name;
      folder.parentId = parentId;
      host.audit(request, em(request), {
        resource: FOLDERS,
        recordId: folder.id,
        action: 'update',
        changes: changesOf(before, toFolder(folder)),
        description: name,
      });
      await em(request).flush().catch(nameTaken);
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
      await em(request).transactional(async (tx) => {
        // Serialised with uploads into it: the folder row is locked while it is checked and deleted.
        await tx.execute('select 1 from archive_folders where id = ? for update', [folder.id]);
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
      });
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
    return toDocument(fresh);
  };

  host.listRoute(app, {
    resource: DOCUMENTS,
    tags,
    summary:
      'Documents of the repository (residents: only the visible ones); filters folderId (a folder id, or "root"), visibleToResidents; q searches the title',
    entity: ArchiveDocument,
    filters: {
      folderId: (value) =>
        value === 'root' || value === null
          ? { $sql: { text: 't.folder_id is null', params: [] } }
          : { $sql: { text: 't.folder_id::text = ?', params: [String(value)] } },
      visibleToResidents: 'exact',
    },
    search: ['title'],
    sortable: ['title', 'sizeBytes', 'visibleToResidents', 'createdAt'],
    defaultSort: { field: 'createdAt', order: 'DESC' },
    where: visibleWhere,
    item: DocumentSchema,
    exportColumns: DOCUMENT_EXPORT,
    toItem: (row: ArchiveDocument) => toDocument(row),
  });

  app.get(
    `/${DOCUMENTS}/:id`,
    { schema: { tags, params: IdParams, response: { 200: DocumentSchema, 404: ErrorSchema } } },
    async (request) => toDocument(await loadDocument(request)),
  );

  app.post(
    `/${DOCUMENTS}`,
    {
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
      });
      const file = upload.files.find((f) => f.fieldname === 'file');
      if (!file) throw invalid('file', ARCHIVE_MESSAGES.fileRequired);
      if (!matchesType(file.contentType, await fileHead(file.path))) throw invalid('file', ARCHIVE_MESSAGES.badType);
      // Only the named fields are read; anything else sent is ignored.
      const title = cleanTitle(upload.fields.title);
      const folderField = upload.fields.folderId?.trim() || null;
      const visibleField = upload.fields.visibleToResidents;
      if (visibleField !== undefined && visibleField !== 'true' && visibleField !== 'false')
        throw invalid('visibleToResidents', MESSAGES.invalidInput);
      const visibleToResidents = visibleField === 'true';
      const { complexId, userId } = host.context(request);
      const created = await em(request).transactional(async (tx) => {
        let folderId: string | null = null;
        if (folderField) {
          if (!UUID.test(folderField)) throw invalid('folderId', ARCHIVE_MESSAGES.folderNotFound);
          // Locked: a folder being deleted at the same time is not filled.
          const rows = await tx.execute('select id from archive_folders where id = ? and complex_id = ? for share', [
            folderField,
            complexId,
          ]);
          if (!rows.length) throw invalid('folderId', ARCHIVE_MESSAGES.folderNotFound);
          folderId = folderField;
        }
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
      });
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
      const before = toDocument(document);
      const body = fieldsOf(DocumentUpdateSchema, request.body);
      if (body.title !== undefined) document.title = cleanTitle(body.title);
      if (body.folderId !== undefined) document.folderId = (await checkFolder(request, 'folderId', body.folderId))?.id ?? null;
      if (body.visibleToResidents !== undefined) document.visibleToResidents = body.visibleToResidents;
      const after = toDocument(document);
      host.audit(request, em(request), {
        resource: DOCUMENTS,
        recordId: document.id,
        action: 'update',
        changes: changesOf({ ...before, folderName: null }, { ...after, folderName: null }),
        description: document.title,
      });
      await em(request).flush();
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
      const result = toDocument(document);
      await em(request).transactional(async (tx) => {
        await tx.execute('delete from archive_documents where id = ? and complex_id = ?', [document.id, document.complexId]);
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
