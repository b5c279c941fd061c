// TypeBox schemas of guards, shifts, checkpoints and rounds: request/response validation, OpenAPI, the admin's types.
import { Nullable } from '@conjunto/core';
import { type Static, type TEnum, Type } from 'typebox';
import { ROUNDS_LIMITS as L, ROUND_STATUSES } from './rounds.ts';

const Id = Type.String({ format: 'uuid' });
const CLOSED = { additionalProperties: false } as const;
const OptionalText = (max: number) => Type.Optional(Nullable(Type.String({ maxLength: max })));

// ------------------------------------------------------------------ guards (gestionarGuardias)

export const GuardSchema = Type.Object({
  id: Id,
  firstName: Type.String(),
  lastName: Type.String(),
  name: Type.String(),
  email: Type.String(),
  phone: Nullable(Type.String()),
  idNumber: Nullable(Type.String()),
  isActive: Type.Boolean(),
  /** On duty now: the post of their open shift (null: no open shift, or a shift without post). */
  onDuty: Type.Boolean(),
  onDutyPostName: Nullable(Type.String()),
});
export type GuardItem = Static<typeof GuardSchema>;

export const GuardCreateSchema = Type.Object(
  {
    firstName: Type.String({ minLength: 1, maxLength: 100 }),
    lastName: Type.String({ minLength: 1, maxLength: 100 }),
    email: Type.String({ minLength: 3, maxLength: 100 }),
    phone: Type.Optional(Nullable(Type.String({ maxLength: 20 }))),
    idNumber: Type.Optional(Nullable(Type.String({ maxLength: 20 }))),
  },
  CLOSED,
);

// ------------------------------------------------------------------ shifts (Cambios de Guardias)

export const ShiftSchema = Type.Object({
  id: Id,
  guardId: Nullable(Id),
  guardName: Type.String(),
  postId: Nullable(Id),
  postName: Nullable(Type.String()),
  startedAt: Type.String(),
  endedAt: Nullable(Type.String()),
  startObservation: Nullable(Type.String()),
  endObservation: Nullable(Type.String()),
  open: Type.Boolean(),
});
export type ShiftItem = Static<typeof ShiftSchema>;

export const ShiftStartSchema = Type.Object(
  { postId: Type.Optional(Nullable(Id)), observation: OptionalText(L.observation) },
  CLOSED,
);
export const ShiftEndSchema = Type.Object({ observation: Type.String({ maxLength: L.observation }) }, CLOSED);
/** The guard's open shift, or null. */
export const CurrentShiftSchema = Type.Object({ shift: Nullable(ShiftSchema) });

// ------------------------------------------------------------------ checkpoints (gestionGuardia)

export const CheckpointSchema = Type.Object({
  id: Id,
  postId: Id,
  postName: Nullable(Type.String()),
  name: Type.String(),
  position: Type.Integer(),
  code: Nullable(Type.String()),
  isActive: Type.Boolean(),
});
export type CheckpointItem = Static<typeof CheckpointSchema>;

export const CheckpointWriteSchema = Type.Object(
  {
    postId: Id,
    name: Type.String({ minLength: 1, maxLength: L.checkpointName }),
    position: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000 })),
    code: Type.Optional(Nullable(Type.String({ maxLength: L.checkpointCode, pattern: '^[A-Za-z0-9._:-]*$' }))),
    isActive: Type.Optional(Type.Boolean()),
  },
  CLOSED,
);

// ------------------------------------------------------------------ rounds (rondas)

const Literals = <const T extends readonly string[]>(values: T) =>
  Type.Enum(values as unknown as string[]) as unknown as TEnum<[...T]>;

export const RoundMarkSchema = Type.Object({
  checkpointId: Nullable(Id),
  checkpointName: Type.String(),
  position: Type.Integer(),
  markedAt: Nullable(Type.String()),
  note: Nullable(Type.String()),
});

export const RoundSchema = Type.Object({
  id: Id,
  guardId: Nullable(Id),
  guardName: Type.String(),
  postId: Nullable(Id),
  postName: Nullable(Type.String()),
  shiftId: Nullable(Id),
  status: Literals(ROUND_STATUSES),
  checkpointCount: Type.Integer(),
  markedCount: Type.Integer(),
  startedAt: Type.String(),
  endedAt: Nullable(Type.String()),
  observation: Nullable(Type.String()),
  /** In order; only in the record's own answers (show, start, mark, end), not in the list. */
  marks: Type.Optional(Type.Array(RoundMarkSchema)),
});
export type RoundItem = Static<typeof RoundSchema>;

export const RoundStartSchema = Type.Object({ postId: Id }, CLOSED);
/** A checkpoint by its id (the guard's touch) or by its tag's code (a QR/NFC scan). */
export const RoundMarkWriteSchema = Type.Object(
  {
    checkpointId: Type.Optional(Id),
    code: Type.Optional(Type.String({ minLength: 1, maxLength: L.checkpointCode })),
    note: OptionalText(L.note),
  },
  CLOSED,
);
export const RoundEndSchema = Type.Object({ observation: OptionalText(L.observation) }, CLOSED);
export const CurrentRoundSchema = Type.Object({ round: Nullable(RoundSchema) });
