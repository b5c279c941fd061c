// TypeBox schemas of moving requests and pets: request/response validation, OpenAPI, the admin's types.
import { DateOnly, Nullable } from '@conjunto/core';
import { type TEnum, Type } from 'typebox';
import { MOVING_LIMITS, MOVING_STATUSES, MOVING_TYPES, PET_LIMITS, PET_SPECIES, VACCINATION_STATES } from './moving.ts';

const Id = Type.String({ format: 'uuid' });
const Literals = <const T extends readonly string[]>(values: T) =>
  Type.Enum(values as unknown as string[]) as unknown as TEnum<[...T]>;

// ------------------------------------------------------------------ moving requests

export const MovingRequestSchema = Type.Object({
  id: Id,
  unitId: Id,
  unitNumber: Nullable(Type.String()),
  residentId: Nullable(Id),
  residentName: Nullable(Type.String()),
  type: Literals(MOVING_TYPES),
  date: Type.String(),
  startTime: Nullable(Type.String()),
  endTime: Nullable(Type.String()),
  plate: Type.String(),
  notes: Nullable(Type.String()),
  status: Literals(MOVING_STATUSES),
  rejectReason: Nullable(Type.String()),
  decidedByName: Nullable(Type.String()),
  decidedAt: Nullable(Type.String()),
  entryCount: Type.Integer(),
  createdAt: Type.String(),
});

const movingFields = {
  type: Literals(MOVING_TYPES),
  date: DateOnly(),
  startTime: Type.Optional(Nullable(Type.String({ maxLength: 5 }))),
  endTime: Type.Optional(Nullable(Type.String({ maxLength: 5 }))),
  plate: Type.String({ minLength: 1, maxLength: 10 }),
  notes: Type.Optional(Nullable(Type.String({ maxLength: MOVING_LIMITS.notes }))),
};

/** A new request: an administrator names the unit (and the resident asking); a resident asks for their own unit. */
export const MovingRequestCreateSchema = Type.Object(
  { ...movingFields, unitId: Type.Optional(Id), residentId: Type.Optional(Nullable(Id)) },
  { additionalProperties: false },
);
export const MovingRequestUpdateSchema = Type.Object(
  {
    type: Type.Optional(movingFields.type),
    date: Type.Optional(movingFields.date),
    startTime: movingFields.startTime,
    endTime: movingFields.endTime,
    plate: Type.Optional(movingFields.plate),
    notes: movingFields.notes,
    residentId: Type.Optional(Nullable(Id)),
  },
  { additionalProperties: false },
);
export const MovingRejectSchema = Type.Object(
  { reason: Type.String({ minLength: 1, maxLength: MOVING_LIMITS.reason }) },
  { additionalProperties: false },
);

export const MovingEntrySchema = Type.Object({
  id: Id,
  requestId: Id,
  unitId: Id,
  unitNumber: Nullable(Type.String()),
  plate: Type.String(),
  enteredAt: Type.String(),
  exitedAt: Nullable(Type.String()),
  registeredByName: Nullable(Type.String()),
  notes: Nullable(Type.String()),
});
export const MovingEntryCreateSchema = Type.Object(
  {
    enteredAt: Type.String({ format: 'date-time' }),
    exitedAt: Type.Optional(Nullable(Type.String({ format: 'date-time' }))),
    notes: Type.Optional(Nullable(Type.String({ maxLength: MOVING_LIMITS.entryNotes }))),
  },
  { additionalProperties: false },
);
export const MovingEntryUpdateSchema = Type.Object(
  {
    exitedAt: Type.Optional(Nullable(Type.String({ format: 'date-time' }))),
    notes: Type.Optional(Nullable(Type.String({ maxLength: MOVING_LIMITS.entryNotes }))),
  },
  { additionalProperties: false },
);
export const EntryParams = Type.Object({ id: Type.String(), entryId: Type.String() });

// ------------------------------------------------------------------ pets

export const PetSchema = Type.Object({
  id: Id,
  unitId: Id,
  unitNumber: Nullable(Type.String()),
  ownerId: Nullable(Id),
  ownerName: Nullable(Type.String()),
  name: Type.String(),
  species: Literals(PET_SPECIES),
  breed: Nullable(Type.String()),
  color: Nullable(Type.String()),
  vaccinatedOn: Nullable(Type.String()),
  vaccination: Literals(VACCINATION_STATES),
  notes: Nullable(Type.String()),
  hasPhoto: Type.Boolean(),
  /** A signed URL of the photo, valid for a few minutes (null in exports and without a photo). */
  photoUrl: Nullable(Type.String()),
  createdAt: Type.String(),
});

const petFields = {
  name: Type.String({ minLength: 1, maxLength: PET_LIMITS.name }),
  species: Literals(PET_SPECIES),
  breed: Type.Optional(Nullable(Type.String({ maxLength: PET_LIMITS.breed }))),
  color: Type.Optional(Nullable(Type.String({ maxLength: PET_LIMITS.color }))),
  vaccinatedOn: Type.Optional(Nullable(DateOnly())),
  notes: Type.Optional(Nullable(Type.String({ maxLength: PET_LIMITS.notes }))),
  ownerId: Type.Optional(Nullable(Id)),
};
export const PetCreateSchema = Type.Object({ ...petFields, unitId: Type.Optional(Id) }, { additionalProperties: false });
export const PetUpdateSchema = Type.Object(
  {
    name: Type.Optional(petFields.name),
    species: Type.Optional(petFields.species),
    breed: petFields.breed,
    color: petFields.color,
    vaccinatedOn: petFields.vaccinatedOn,
    notes: petFields.notes,
    ownerId: petFields.ownerId,
  },
  { additionalProperties: false },
);
