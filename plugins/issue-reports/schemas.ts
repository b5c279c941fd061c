// TypeBox schemas of the issue (damage) reports.
import { Nullable } from '@conjunto/core';
import { type Static, Type } from 'typebox';
import { DETAIL_MAX, OBSERVATIONS_MAX, RATING_MAX } from './manifest.ts';

const Category = Type.Integer({ minimum: 1, maximum: 6 });

export const IssueReportSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  unitId: Type.String({ format: 'uuid' }),
  unitNumber: Nullable(Type.String()),
  residentId: Nullable(Type.String()),
  residentName: Nullable(Type.String()),
  /** 1 Quejas, 2 Reclamos, 3 Peticiones, 4 Sugerencias, 5 Felicitaciones, 6 Otros. */
  category: Type.Integer(),
  /** The spec's DetalleUsuario. */
  detail: Type.String(),
  /** The spec's Estado: 0 Pendiente, 1 En progreso, 2 Completado, 3 Calificado. */
  status: Type.Integer(),
  /** The administrator's Observaciones. */
  observations: Nullable(Type.String()),
  /** 0 pending rating, 1 bad, 2 regular, 3 medium, 4 good, 5 excellent. */
  rating: Type.Integer(),
  hasPhoto: Type.Boolean(),
  /** The spec's Imagen: a short-lived URL of the photo. */
  photoUrl: Nullable(Type.String()),
  /** The spec's Fecha. */
  reportedAt: Type.String({ format: 'date-time' }),
  startedAt: Nullable(Type.String({ format: 'date-time' })),
  completedAt: Nullable(Type.String({ format: 'date-time' })),
  ratedAt: Nullable(Type.String({ format: 'date-time' })),
  updatedAt: Type.String({ format: 'date-time' }),
});

export const IssueCreateSchema = Type.Object(
  {
    category: Category,
    detail: Type.String({ minLength: 1, maxLength: DETAIL_MAX }),
    /** The office names the unit; a resident's report is always for their own. */
    unitId: Type.Optional(Type.String({ format: 'uuid' })),
  },
  { additionalProperties: false },
);

/** The administrator edits the observations (and may fix the category). */
export const IssueUpdateSchema = Type.Object(
  {
    category: Type.Optional(Category),
    observations: Type.Optional(Nullable(Type.String({ maxLength: OBSERVATIONS_MAX }))),
  },
  { additionalProperties: false },
);

export const IssueStatusSchema = Type.Object(
  {
    /** Forward only: 1 En progreso, 2 Completado (3 Calificado comes with the resident's rating). */
    status: Type.Integer({ minimum: 1, maximum: 2 }),
    observations: Type.Optional(Nullable(Type.String({ maxLength: OBSERVATIONS_MAX }))),
  },
  { additionalProperties: false },
);

export const IssueRatingSchema = Type.Object(
  { rating: Type.Integer({ minimum: 1, maximum: RATING_MAX }) },
  { additionalProperties: false },
);

export const PendingSchema = Type.Object({
  count: Type.Integer(),
  latest: Type.Array(Type.Object({ id: Type.String(), title: Type.String(), at: Type.String() }), { maxItems: 5 }),
});

export type IssueReport = Static<typeof IssueReportSchema>;
export type Pending = Static<typeof PendingSchema>;
