// TypeBox schemas: request/response validation on the server, OpenAPI, and the admin's types.
import { type Static, Type } from 'typebox';
import { DOCUMENT_TITLE_MAX, FOLDER_NAME_MAX } from './manifest.ts';

const Uuid = Type.String({ format: 'uuid' });

export const FolderSchema = Type.Object({
  id: Uuid,
  name: Type.String(),
  parentId: Type.Union([Uuid, Type.Null()]),
  documentCount: Type.Integer(),
  folderCount: Type.Integer(),
  createdAt: Type.String({ format: 'date-time' }),
});

export const FolderCreateSchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: FOLDER_NAME_MAX }),
    parentId: Type.Optional(Type.Union([Uuid, Type.Null()])),
  },
  { additionalProperties: false },
);

export const FolderUpdateSchema = Type.Partial(FolderCreateSchema, { additionalProperties: false });

export const DocumentSchema = Type.Object({
  id: Uuid,
  title: Type.String(),
  folderId: Type.Union([Uuid, Type.Null()]),
  folderName: Type.Union([Type.String(), Type.Null()]),
  filename: Type.String(),
  contentType: Type.String(),
  sizeBytes: Type.Integer(),
  /** '1.50 MB' */
  size: Type.String(),
  visibleToResidents: Type.Boolean(),
  /** Who uploaded it: only in the office's answers (never to residents or the board). */
  uploadedBy: Type.Optional(Type.Union([Uuid, Type.Null()])),
  uploadedByName: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  createdAt: Type.String({ format: 'date-time' }),
});

export const DocumentUpdateSchema = Type.Object(
  {
    title: Type.Optional(Type.String({ minLength: 1, maxLength: DOCUMENT_TITLE_MAX })),
    folderId: Type.Optional(Type.Union([Uuid, Type.Null()])),
    visibleToResidents: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

export const DownloadSchema = Type.Object({
  url: Type.String(),
  expiresAt: Type.String({ format: 'date-time' }),
  filename: Type.String(),
});

export type Folder = Static<typeof FolderSchema>;
export type ArchiveDocument = Static<typeof DocumentSchema>;
export type Download = Static<typeof DownloadSchema>;
