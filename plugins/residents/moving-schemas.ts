// Moving requests (mudanza) and pets (mascotas): the schemas of their routes, their limits and rules, and the
// texts users read. Isomorphic (the admin's validators use the same rules).
import { DateOnly, Nullable } from '@conjunto/core';
import { type TEnum, Type } from 'typebox';

const Id = Type.String({ format: 'uuid' });
const Literals = <const T extends readonly string[]>(values: T) =>
  Type.Enum(values as unknown as string[]) as unknown as TEnum<[...T]>;

export const MOVING_TYPES = ['ingreso', 'salida'] as const;
export const MOVING_STATUSES = ['pendiente', 'aprobada', 'rechazada', 'completada', 'cancelada'] as const;
export type MovingStatus = (typeof MOVING_STATUSES)[number];
export const PET_SPECIES = ['perro', 'gato', 'otro'] as const;
/** The vaccination indicator: a date older than VACCINATION_VALID_MONTHS is 'vencida'; no date, 'sinRegistro'. */
export const VACCINATION_STATES = ['vigente', 'vencida', 'sinRegistro'] as const;
export const VACCINATION_VALID_MONTHS = 12;

export const MOVING_LIMITS = { notes: 500, reason: 300, entryNotes: 300 } as const;
export const PET_LIMITS = { name: 60, breed: 60, color: 40, notes: 500 } as const;

/** Spec 002 §3/§5: plates AAA1234 or AAA123 (dashes and spaces removed, upper case). */
export const PLATE_FORMAT = /^[A-Z]{3}[0-9]{3,4}$/;
export const normalisePlate = (value: string) => value.replace(/[-\s]/g, '').toUpperCase();
/** A time of day 'HH:MM' (24 h). */
export const TIME_FORMAT = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;

/** The state changes a request allows: from -> to. */
export const MOVING_TRANSITIONS: Record<MovingStatus, readonly MovingStatus[]> = {
  pendiente: ['aprobada', 'rechazada', 'cancelada'],
  aprobada: ['completada', 'rechazada', 'cancelada'],
  rechazada: [],
  completada: [],
  cancelada: [],
};
export const canMove = (from: MovingStatus, to: MovingStatus) => MOVING_TRANSITIONS[from]?.includes(to) ?? false;

export const MOVING_MESSAGES = {
  plate: 'Formato de placa incorrecto: use AAA1234 o AAA123.',
  time: 'Hora inválida (HH:MM).',
  timeOrder: 'La hora de fin debe ser posterior a la hora de inicio.',
  unit: 'Seleccione una U.H.',
  unitMissing: 'La unidad no existe en este conjunto.',
  resident: 'El residente no pertenece a la unidad.',
  noUnit: 'No tiene una unidad asignada.',
  pastDate: 'La fecha no puede ser anterior a hoy.',
  reason: 'Indique el motivo del rechazo.',
  transition: (from: string, to: string) => `No se puede pasar una solicitud ${from} a ${to}.`,
  edit: 'Solo se pueden editar solicitudes pendientes o aprobadas.',
  entryNeedsApproval: 'Solo se registran ingresos de mudanzas aprobadas.',
  exitOrder: 'La salida debe ser posterior al ingreso.',
  openEntry: 'El vehículo ya tiene un ingreso sin salida registrada.',
} as const;

export const PET_MESSAGES = {
  owner: 'El propietario no pertenece a la unidad.',
  photoRequired: 'Debe cargar una foto.',
  photoTooLarge: 'La imagen es demasiado grande (máximo 5MB)',
  notImage: 'Solo se permiten archivos de imagen',
  badImage: 'Error al cargar la imagen',
  vaccinationFuture: 'La fecha de vacunación no puede ser futura.',
} as const;

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
