import { defineEntity, p } from '@mikro-orm/core';

/** A bulk import's live record (spec 001 §3 "Import job"); its rows are in face_import_rows. */
export const FaceImportSchema = defineEntity({
  name: 'FaceImport',
  tableName: 'face_imports',
  properties: {
    id: p.uuid().primary(),
    complexId: p.uuid(),
    status: p.string().length(12).default('pending'),
    totalRostros: p.integer(),
    procesados: p.integer().default(0),
    exitosos: p.integer().default(0),
    fallidos: p.integer().default(0),
    error: p.string().length(500).nullable(),
    createdBy: p.uuid().nullable(),
    createdAt: p.datetime().defaultRaw('now()'),
    startedAt: p.datetime().nullable(),
    finishedAt: p.datetime().nullable(),
  },
});
export class FaceImport extends FaceImportSchema.class {}
FaceImportSchema.setClass(FaceImport);
