// TypeBox schemas of the gate's timeline and visit reports (validation, OpenAPI, the admin's types).
import { Nullable } from '@conjunto/core';
import { type TEnum, Type } from 'typebox';
import { TIMELINE_KINDS } from './timeline.ts';

const Id = Type.String({ format: 'uuid' });
const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', maxLength: 10 });

export const TimelineItemSchema = Type.Object({
  id: Id,
  occurredAt: Type.String({ format: 'date-time' }),
  kind: Type.Enum(TIMELINE_KINDS as unknown as string[]) as unknown as TEnum<[...typeof TIMELINE_KINDS]>,
  postId: Nullable(Id),
  postName: Nullable(Type.String()),
  place: Nullable(Type.String()),
  subject: Type.String(),
  detail: Nullable(Type.String()),
  unitNumber: Nullable(Type.String()),
  refId: Nullable(Id),
});

/** A report's range: Guayaquil days, both included. */
export const ReportRangeQuery = Type.Object({ from: Day, to: Day, postId: Type.Optional(Id) }, { additionalProperties: false });
export const HourlyReportSchema = Type.Object({
  from: Type.String(),
  to: Type.String(),
  total: Type.Integer(),
  /** 24 buckets, hour 0 to 23 of Guayaquil time. */
  buckets: Type.Array(Type.Object({ hour: Type.Integer(), visits: Type.Integer() })),
});
export const DailyVisitsSchema = Type.Object({
  id: Type.String(),
  day: Type.String(),
  visits: Type.Integer(),
  exits: Type.Integer(),
  warnings: Type.Integer(),
  rejected: Type.Integer(),
});

/** Spec 000 §7 POST data_bitacora/: desde, hasta (YYYY-MM-DD), id_conjunto. */
export const DataBitacoraBodySchema = Type.Object(
  { desde: Day, hasta: Day, id_conjunto: Type.String({ format: 'uuid' }) },
  { additionalProperties: false },
);
export const DataBitacoraSchema = Type.Object({
  data: Type.Object({
    data: Type.Array(
      Type.Object({
        id: Id,
        hora_entrada: Type.String(),
        hora_salida: Nullable(Type.String()),
        cedula_persona_ingreso: Type.String(),
        nombre_persona_ingreso: Type.String(),
        apellido_persona_ingreso: Type.String(),
        tipo_visita: Type.String(),
        casa_destino: Nullable(Type.String()),
      }),
    ),
  }),
});
