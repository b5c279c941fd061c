import { newId } from '@conjunto/core';
import { defineEntity, p } from '@mikro-orm/core';

export const ArchiveFolderSchema = defineEntity({
  name: 'ArchiveFolder',
  tableName: 'archive_folders',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => newId()),
    complexId: p.uuid(),
    name: p.string().length(100),
    parentId: p.uuid().nullable(),
    documentCount: p
      .formula<number>((cols) => `(select count(*)::int from archive_documents d where d.folder_id = ${cols.id})`)
      .type('integer'),
    folderCount: p
      .formula<number>((cols) => `(select count(*)::int from archive_folders c where c.parent_id = ${cols.id})`)
      .type('integer'),
    createdAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
  },
});
export class ArchiveFolder extends ArchiveFolderSchema.class {}
ArchiveFolderSchema.setClass(ArchiveFolder);

export const ArchiveDocumentSchema = defineEntity({
  name: 'ArchiveDocument',
  tableName: 'archive_documents',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => newId()),
    complexId: p.uuid(),
    folderId: p.uuid().nullable(),
    folderName: p
      .formula<string | null>((cols) => `(select f.name from archive_folders f where f.id = ${cols.folderId})`)
      .type('string'),
    title: p.string().length(150),
    fileId: p.uuid(),
    filename: p.string().length(255),
    contentType: p.string().length(150),
    /** bigint read as a number: files are at most 20 MB. */
    sizeBytes: p.bigint('number'),
    visibleToResidents: p.boolean().default(false),
    uploadedBy: p.uuid().nullable(),
    uploadedByName: p
      .formula<string | null>((cols) => `(select u.name from directory_people u where u.id = ${cols.uploadedBy})`)
      .type('string'),
    createdAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
  },
});
export class ArchiveDocument extends ArchiveDocumentSchema.class {}
ArchiveDocumentSchema.setClass(ArchiveDocument);
