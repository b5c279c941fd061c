// TypeBox schemas of the gate: request/response validation, OpenAPI, and the admin's types.
import { Nullable } from '@conjunto/core';
import { type Static, type TEnum, Type } from 'typebox';
import { EntryImageSchema } from './camera-schemas.ts';
import { EARLY_VISIT_STATUSES, GATE_LIMITS as L, LIST_KINDS, NOTICE_TYPES, VISIT_TIME_VALUES, VISIT_TYPE_NAMES } from './gate.ts';

const Id = Type.String({ format: 'uuid' });
const Literals = <const T extends readonly string[]>(values: T) =>
  Type.Enum(values as unknown as string[]) as unknown as TEnum<[...T]>;
const Text = (max: number) => Type.String({ maxLength: max });
const OptionalText = (max: number) => Type.Optional(Nullable(Text(max)));
const Time = Type.String({ format: 'date-time' });

// ------------------------------------------------------------------ guard posts

export const GatePostSchema = Type.Object({ id: Id, name: Type.String(), createdAt: Type.String() });
export const GatePostWriteSchema = Type.Object(
  { name: Type.String({ minLength: 1, maxLength: L.postName }) },
  { additionalProperties: false },
);

// ------------------------------------------------------------------ entries (bitácora digital)

export const GateEntrySchema = Type.Object({
  id: Id,
  unitId: Nullable(Id),
  unitNumber: Nullable(Type.String()),
  residentId: Nullable(Id),
  residentName: Nullable(Type.String()),
  place: Nullable(Type.String()),
  idNumber: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  plate: Nullable(Type.String()),
  vehicleColor: Nullable(Type.String()),
  visitType: Literals(VISIT_TYPE_NAMES),
  validUntil: Nullable(Type.String()),
  expectedStay: Nullable(Literals(VISIT_TIME_VALUES)),
  expectedExitAt: Nullable(Type.String()),
  observations: Nullable(Type.String()),
  entryKind: Nullable(Type.String()),
  postId: Nullable(Id),
  postName: Nullable(Type.String()),
  registeredBy: Nullable(Id),
  registeredByName: Nullable(Type.String()),
  enteredAt: Type.String(),
  exitedAt: Nullable(Type.String()),
  exitRegisteredByName: Nullable(Type.String()),
  listHit: Nullable(Literals(LIST_KINDS)),
  /** A black-listed visitor: the guard's red notice until approved or rejected. */
  warning: Type.Boolean(),
  notice: Literals(NOTICE_TYPES),
  approvedByName: Nullable(Type.String()),
  approvedAt: Nullable(Type.String()),
  rejected: Type.Boolean(),
  source: Type.String(),
  /** The post's camera pictures taken at the entry (show and create only; camera-capture.ts). */
  images: Type.Optional(Type.Array(EntryImageSchema)),
});

/** What the guard types; the post, the guard and the time come from the session and the server. */
const visitorFields = {
  firstName: Type.String({ minLength: 1, maxLength: L.name }),
  lastName: Type.Optional(Text(L.name)),
  plate: OptionalText(L.plate),
  vehicleColor: OptionalText(L.color),
  visitType: Literals(VISIT_TYPE_NAMES),
  expectedStay: Type.Optional(Nullable(Literals(VISIT_TIME_VALUES))),
  observations: OptionalText(L.observations),
  /** The destination unit; without one, `place` ('Otro'). */
  unitId: Type.Optional(Nullable(Id)),
  /** The resident visited, who lives in the unit (default: the unit's holder). */
  residentId: Type.Optional(Nullable(Id)),
  place: OptionalText(L.place),
};

export const GateEntryCreateSchema = Type.Object(
  {
    ...visitorFields,
    idNumber: Type.String({ minLength: 1, maxLength: L.idNumber + 10 }),
    entryKind: OptionalText(L.entryKind),
    postId: Type.Optional(Nullable(Id)),
  },
  { additionalProperties: false },
);
export const GateEntryRejectSchema = Type.Object({ observations: OptionalText(L.observations) }, { additionalProperties: false });

/**
 * The spec's POST api/bitacora_digital/{complexId}/ (002 §7), form-encoded (or JSON) with its exact field names.
 * id_conjunto is accepted and ignored: the complex is the path's. correo and isRezy are accepted as the console sends them.
 */
export const BitacoraFormSchema = Type.Object(
  {
    tipo_entrada: Type.Optional(Text(L.entryKind)),
    nombre_persona_ingreso: Type.String({ minLength: 1, maxLength: L.name }),
    apellido_persona_ingreso: Type.Optional(Text(L.name)),
    cedula_persona_ingreso: Type.String({ minLength: 1, maxLength: L.idNumber + 10 }),
    placa_vehiculo_ingreso: Type.Optional(Text(L.plate + 10)),
    color_vehiculo_ingreso: Type.Optional(Text(L.color)),
    nombre_destino: Type.Optional(Text(L.name)),
    apellido_destino: Type.Optional(Text(L.name)),
    casa_destino: Type.Optional(Text(L.place)),
    id_destino: Type.Optional(Text(40)),
    id_conjunto: Type.Optional(Text(40)),
    tipo_visita: Type.String({ minLength: 1, maxLength: 30 }),
    tiempo_estimado_salida: Type.Optional(Text(10)),
    observaciones_entrada: Type.Optional(Text(L.observations)),
    correo: Type.Optional(Text(L.email)),
    camaraGarita: Type.Optional(Text(L.postName)),
    isRezy: Type.Optional(Text(5)),
  },
  { additionalProperties: false },
);

/** 201 of the spec's path: the record in the request's own field names, with its times and (none yet) images. */
export const BitacoraRecordSchema = Type.Object({
  id: Id,
  tipo_entrada: Nullable(Type.String()),
  nombre_persona_ingreso: Type.String(),
  apellido_persona_ingreso: Type.String(),
  cedula_persona_ingreso: Type.String(),
  placa_vehiculo_ingreso: Nullable(Type.String()),
  color_vehiculo_ingreso: Nullable(Type.String()),
  nombre_destino: Nullable(Type.String()),
  casa_destino: Nullable(Type.String()),
  id_destino: Type.String(),
  id_conjunto: Id,
  tipo_visita: Type.String(),
  tiempo_estimado_salida: Nullable(Type.String()),
  observaciones_entrada: Nullable(Type.String()),
  camaraGarita: Nullable(Type.String()),
  hora_entrada: Type.String(),
  hora_salida: Nullable(Type.String()),
  tipo: Literals(NOTICE_TYPES),
  /** The cameras' pictures of the entry: none until the posts have cameras. */
  imagen_rostro: Nullable(Type.String()),
  imagen_placa: Nullable(Type.String()),
  imagen_cedula: Nullable(Type.String()),
});
/** 200 of the spec's path: the person has an entry without exit (shown as an error by the console). */
export const BitacoraOpenSchema = Type.Object({ message: Type.String(), code: Type.String(), id: Nullable(Id) });

// ------------------------------------------------------------------ black and white lists

export const GateListItemSchema = Type.Object({
  id: Id,
  kind: Literals(LIST_KINDS),
  idNumber: Nullable(Type.String()),
  plate: Nullable(Type.String()),
  name: Nullable(Type.String()),
  reason: Nullable(Type.String()),
  createdByName: Nullable(Type.String()),
  createdAt: Type.String(),
});
const listFields = {
  kind: Literals(LIST_KINDS),
  idNumber: OptionalText(L.idNumber + 10),
  plate: OptionalText(L.plate + 10),
  name: OptionalText(140),
  reason: OptionalText(L.reason),
};
export const GateListCreateSchema = Type.Object(listFields, { additionalProperties: false });
export const GateListUpdateSchema = Type.Object(
  {
    kind: Type.Optional(listFields.kind),
    idNumber: listFields.idNumber,
    plate: listFields.plate,
    name: listFields.name,
    reason: listFields.reason,
  },
  { additionalProperties: false },
);

// ------------------------------------------------------------------ early visits

export const EarlyVisitSchema = Type.Object({
  id: Id,
  unitId: Nullable(Id),
  unitNumber: Nullable(Type.String()),
  place: Nullable(Type.String()),
  residentId: Nullable(Id),
  residentName: Nullable(Type.String()),
  announcedByName: Nullable(Type.String()),
  firstName: Type.String(),
  lastName: Type.String(),
  idNumber: Nullable(Type.String()),
  plate: Nullable(Type.String()),
  vehicleColor: Nullable(Type.String()),
  expectedArrival: Type.String(),
  expectedStay: Nullable(Literals(VISIT_TIME_VALUES)),
  visitType: Literals(VISIT_TYPE_NAMES),
  observations: Nullable(Type.String()),
  hash: Type.String(),
  /** The pass: 8 digits shown as a QR (and as a PIN with QRPin); the guard or a gate reader lets the visitor in by it. */
  code: Nullable(Type.String()),
  /** QrRecurrente: ISO weekdays (1 Monday … 7 Sunday) the pass opens on, until validUntil (a day). */
  weekdays: Nullable(Type.Array(Type.Integer())),
  validUntil: Nullable(Type.String()),
  status: Literals(EARLY_VISIT_STATUSES),
  /** EstadoSalida: the guard let the visitor in. */
  exited: Type.Boolean(),
  entryId: Nullable(Id),
  createdAt: Type.String(),
});
export const EarlyVisitCreateSchema = Type.Object(
  {
    ...visitorFields,
    idNumber: OptionalText(L.idNumber + 10),
    expectedArrival: Time,
    weekdays: Type.Optional(
      Nullable(Type.Array(Type.Integer({ minimum: 1, maximum: 7 }), { minItems: 1, maxItems: 7, uniqueItems: true })),
    ),
    validUntil: Type.Optional(Nullable(Type.String({ format: 'date' }))),
  },
  { additionalProperties: false },
);
/** A QR read by the guard's scanner (it types the code) or a gate reader, or a PIN the visitor says. */
export const EarlyVisitScanSchema = Type.Object(
  {
    code: Type.String({ pattern: '^[0-9]{8}$' }),
    postId: Type.Optional(Nullable(Id)),
    idNumber: OptionalText(L.idNumber + 10),
    observations: OptionalText(L.observations),
  },
  { additionalProperties: false },
);
/** What the complex's switches let the visit forms offer (the server enforces the same). */
/** How much of the log the caller sees (the guards' switches), for the screen to say so; the office sees all of it. */
export const GateLogScopeSchema = Type.Object({
  /** JoinGuardBinnacle off: the post of the guard's open shift, whose log (and that of no post) is all they see. */
  postName: Type.Union([Type.String(), Type.Null()]),
  /** LimitBitacora: only today's entries and those without an exit. */
  todayOnly: Type.Boolean(),
});
export const EarlyVisitOptionsSchema = Type.Object({
  /** FechaIngreso: a resident may pick the day (else today only). */
  entryDate: Type.Boolean(),
  /** QrRecurrente: weekdays until a day. */
  recurring: Type.Boolean(),
  /** QRPin: the pass's digits are shown to share them, and the guard may type them. */
  pin: Type.Boolean(),
  /** QrPrint: the pass can be printed. */
  print: Type.Boolean(),
  aheadDays: Type.Integer(),
  recurringMaxDays: Type.Integer(),
});
/** The guard lets the visitor in: at their post, with the cédula when the resident did not give it. */
export const EarlyVisitApproveSchema = Type.Object(
  {
    postId: Type.Optional(Nullable(Id)),
    idNumber: OptionalText(L.idNumber + 10),
    observations: OptionalText(L.observations),
  },
  { additionalProperties: false },
);

// ------------------------------------------------------------------ novedades

export const GateEventSchema = Type.Object({
  id: Id,
  postId: Nullable(Id),
  postName: Nullable(Type.String()),
  title: Type.String(),
  detail: Nullable(Type.String()),
  occurredAt: Type.String(),
  registeredByName: Nullable(Type.String()),
  recipients: Type.Array(Type.String()),
  emailed: Type.Boolean(),
});
export const GateEventCreateSchema = Type.Object(
  {
    title: Type.String({ minLength: 1, maxLength: L.eventTitle }),
    detail: OptionalText(L.eventDetail),
    postId: Type.Optional(Nullable(Id)),
    occurredAt: Type.Optional(Time),
    /** E-mail it: to these addresses, or (none given) to the complex's administrators. */
    sendEmail: Type.Optional(Type.Boolean()),
    recipients: Type.Optional(Type.Array(Text(L.email), { maxItems: L.recipients })),
  },
  { additionalProperties: false },
);

export type GateEntry = Static<typeof GateEntrySchema>;
export type GateEntryCreate = Static<typeof GateEntryCreateSchema>;
export type EarlyVisit = Static<typeof EarlyVisitSchema>;
export type GateListItem = Static<typeof GateListItemSchema>;
export type GatePost = Static<typeof GatePostSchema>;
export type GateEvent = Static<typeof GateEventSchema>;

// ------------------------------------------------------------------ panic alerts

export const PanicAlertSchema = Type.Object({
  id: Id,
  residentId: Nullable(Id),
  /** DatosUsuario: who raised it, as they were then. */
  residentName: Type.String(),
  residentPhone: Nullable(Type.String()),
  unitId: Nullable(Id),
  unitNumber: Nullable(Type.String()),
  detail: Nullable(Type.String()),
  /** Estado: 1 open, 0 closed. */
  status: Type.Union([Type.Literal(1), Type.Literal(0)]),
  observation: Nullable(Type.String()),
  raisedAt: Type.String(),
  closedAt: Nullable(Type.String()),
  closedByName: Nullable(Type.String()),
  /** The complex's name: the guard's dialog says where (GET /panic-alerts/:id only). */
  complexName: Type.Optional(Type.String()),
});
export type PanicAlertItem = Static<typeof PanicAlertSchema>;
export const PanicRaiseSchema = Type.Object({ detail: OptionalText(L.panicDetail) }, { additionalProperties: false });
export const PanicCloseSchema = Type.Object(
  { observation: Type.String({ maxLength: L.panicObservation }) },
  { additionalProperties: false },
);
