import { COMPLEX_LIMITS as C, CLOSED, Nullable, UNIT_LIMITS as U } from '@conjunto/core';
import { Type } from 'typebox';

/** Ecuador's RUC: 13 digits. */
export const RUC_PATTERN = '^[0-9]{13}$';
export const HEX_COLOR = '^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$';

export const UnitSchema = Type.Object({
  id: Type.String(),
  number: Type.String(),
  aliquot: Type.Number(),
  type: Nullable(Type.String()),
  subComplex: Nullable(Type.String()),
  ownerId: Nullable(Type.String()),
  tenantId: Nullable(Type.String()),
  rented: Type.Boolean(),
  isActive: Type.Boolean(),
  /** Alternative address: replaces the complex's on the unit's receipts and statements. */
  address: Nullable(Type.String()),
  ownerLivesIn: Type.Boolean(),
  ownerMaySeeTenant: Type.Boolean(),
  ownerMayBlockTenant: Type.Boolean(),
  tenantAccessBlocked: Type.Boolean(),
  tenantVisitsBlocked: Type.Boolean(),
  tenantReservationsBlocked: Type.Boolean(),
  /** The property lock (spec 002 §4). */
  locked: Type.Boolean(),
  // Derived from the ledger (ServerPlugin.unitAccounts), never written; null when no ledger is on.
  lastPaymentDate: Nullable(Type.String()),
  lastFee: Nullable(Type.Number()),
  ownerBalance: Nullable(Type.Number()),
  tenantBalance: Nullable(Type.Number()),
  inArrears: Nullable(Type.Boolean()),
  createdAt: Type.String(),
});

/** The unit's fields that the ledger derives: a body that carries one is refused (400), not silently dropped. */
export const DERIVED_UNIT_FIELDS = ['lastPaymentDate', 'lastFee', 'ownerBalance', 'tenantBalance', 'inArrears'] as const;

/** What the owner (a resident) may switch on their unit when the administrator allows it (ownerMayBlockTenant). */
export const TenantBlocksSchema = Type.Object(
  {
    tenantAccessBlocked: Type.Optional(Type.Boolean()),
    tenantVisitsBlocked: Type.Optional(Type.Boolean()),
    tenantReservationsBlocked: Type.Optional(Type.Boolean()),
  },
  CLOSED,
);

/** The resident's own unit (GET /my-unit): its settings, and the tenant when the owner may see them. */
export const MyUnitSchema = Type.Object({
  id: Type.String(),
  number: Type.String(),
  relation: Type.Union([Type.Literal('owner'), Type.Literal('tenant')]),
  locked: Type.Boolean(),
  ownerMaySeeTenant: Type.Boolean(),
  ownerMayBlockTenant: Type.Boolean(),
  tenantAccessBlocked: Type.Boolean(),
  tenantVisitsBlocked: Type.Boolean(),
  tenantReservationsBlocked: Type.Boolean(),
  tenant: Nullable(
    Type.Object({
      id: Type.String(),
      firstName: Type.String(),
      lastName: Type.String(),
      email: Type.String(),
      phone: Nullable(Type.String()),
      idNumber: Nullable(Type.String()),
      isActive: Type.Boolean(),
    }),
  ),
});

export const UnitLockSchema = Type.Object({ locked: Type.Boolean() }, CLOSED);

/** A unit type or a sub-complex of the complex's catalogues. */
export const CatalogueItemSchema = Type.Object({ id: Type.String(), name: Type.String(), units: Type.Integer() });
export const CatalogueWriteSchema = Type.Object({ name: Type.String({ maxLength: 50 }) }, CLOSED);

export const UnitWriteSchema = Type.Object(
  {
    number: Type.String({ minLength: 1, maxLength: U.number }),
    aliquot: Type.Optional(Type.Number({ minimum: 0, maximum: U.aliquotMax })),
    type: Type.Optional(Nullable(Type.String({ maxLength: U.type }))),
    subComplex: Type.Optional(Nullable(Type.String({ maxLength: U.subComplex }))),
    ownerId: Type.Optional(Nullable(Type.String({ format: 'uuid' }))),
    tenantId: Type.Optional(Nullable(Type.String({ format: 'uuid' }))),
    rented: Type.Optional(Type.Boolean()),
    isActive: Type.Optional(Type.Boolean()),
    address: Type.Optional(Nullable(Type.String({ maxLength: U.address }))),
    ownerLivesIn: Type.Optional(Type.Boolean()),
    ownerMaySeeTenant: Type.Optional(Type.Boolean()),
    ownerMayBlockTenant: Type.Optional(Type.Boolean()),
    tenantAccessBlocked: Type.Optional(Type.Boolean()),
    tenantVisitsBlocked: Type.Optional(Type.Boolean()),
    tenantReservationsBlocked: Type.Optional(Type.Boolean()),
  },
  CLOSED,
);

/** A resident of the complex (spec 002 §3 User + Resident settings); isActive is the app access. */
export const ResidentSchema = Type.Object({
  id: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  email: Type.String(),
  phone: Nullable(Type.String()),
  idNumber: Nullable(Type.String()),
  unitId: Nullable(Type.String()),
  unitNumber: Nullable(Type.String()),
  /** How the resident holds the unit: its owner (IdPropietario) or its tenant (IdInquilino). */
  relation: Nullable(Type.Union([Type.Literal('owner'), Type.Literal('tenant')])),
  /** Their unit is locked (spec 002 §4): read with the resident, so the detail's lock button needs no second call. */
  unitLocked: Type.Boolean(),
  vip: Type.Boolean(),
  paymentAgreement: Type.Boolean(),
  prepaidGuarantee: Type.Boolean(),
  notificationEmails: Type.Array(Type.String()),
  groups: Type.Array(Type.String()),
  isActive: Type.Boolean(),
});

export const RESIDENT_LIMITS = { name: 100, email: 100, phone: 20, idNumber: 20, notificationEmails: 5, groups: 10, group: 50 };

/**
 * New/Edit resident. Required fields and formats are checked by the route (their messages are the spec's own,
 * '¡Se requiere este campo!', '¡Correo inválido!'), so the schema holds types and bounds only.
 */
export const ResidentWriteSchema = Type.Object(
  {
    firstName: Type.Optional(Type.String({ maxLength: RESIDENT_LIMITS.name })),
    lastName: Type.Optional(Type.String({ maxLength: RESIDENT_LIMITS.name })),
    email: Type.Optional(Type.String({ maxLength: RESIDENT_LIMITS.email })),
    phone: Type.Optional(Nullable(Type.String({ maxLength: RESIDENT_LIMITS.phone }))),
    idNumber: Type.Optional(Nullable(Type.String({ maxLength: RESIDENT_LIMITS.idNumber }))),
    unitId: Type.Optional(Nullable(Type.String({ maxLength: 36 }))),
    relation: Type.Optional(Nullable(Type.Union([Type.Literal('owner'), Type.Literal('tenant')]))),
    vip: Type.Optional(Type.Boolean()),
    paymentAgreement: Type.Optional(Type.Boolean()),
    prepaidGuarantee: Type.Optional(Type.Boolean()),
    notificationEmails: Type.Optional(
      Type.Array(Type.String({ maxLength: RESIDENT_LIMITS.email }), { maxItems: RESIDENT_LIMITS.notificationEmails }),
    ),
    groups: Type.Optional(Type.Array(Type.String({ maxLength: RESIDENT_LIMITS.group }), { maxItems: RESIDENT_LIMITS.groups })),
    isActive: Type.Optional(Type.Boolean()),
  },
  CLOSED,
);

export const ResidentAccessSchema = Type.Object({ isActive: Type.Boolean() }, CLOSED);
/** A password link e-mailed: to whom, and until when it works. */
export const PasswordLinkSentSchema = Type.Object({ email: Type.String(), expiresAt: Type.String() });

/** A sign-in of the resident: one refresh-token family, from its first token to its last use. */
export const SessionSchema = Type.Object({
  id: Type.String(),
  createdAt: Type.String(),
  lastUsedAt: Type.String(),
  expiresAt: Type.String(),
});

export const SessionsClearedSchema = Type.Object({ revoked: Type.Integer({ minimum: 0 }) });

export const AuditLogSchema = Type.Object({
  id: Type.String(),
  at: Type.String(),
  userId: Nullable(Type.String()),
  userName: Type.String(),
  resource: Type.String(),
  recordId: Type.String(),
  action: Type.String(),
  changes: Type.Unknown(),
  /** What the record is ('Ingreso N° 000123', 'Casa 12', 'Juan Pérez'); null when nothing names it. */
  description: Nullable(Type.String()),
  /** Reads grouped into this entry (one per file, user and day): `firstAt` is the first, `at` the last. */
  count: Type.Integer({ minimum: 1 }),
  firstAt: Nullable(Type.String()),
});

/** A user of the audit log's user filter. */
export const AuditUserSchema = Type.Object({ id: Type.String(), name: Type.String() });

const complexFields = {
  name: Type.String({ minLength: 1, maxLength: C.name }),
  ruc: Type.Optional(Nullable(Type.String({ pattern: RUC_PATTERN }))),
  image: Type.Optional(Nullable(Type.String({ maxLength: 2000 }))),
  address: Type.Optional(Nullable(Type.String({ maxLength: C.address }))),
  city: Type.Optional(Nullable(Type.String({ maxLength: C.city }))),
  province: Type.Optional(Nullable(Type.String({ maxLength: C.province }))),
  contactName: Type.Optional(Nullable(Type.String({ maxLength: C.contactName }))),
  contactPhone: Type.Optional(Nullable(Type.String({ maxLength: C.contactPhone }))),
  contactEmail: Type.Optional(Nullable(Type.String({ maxLength: C.contactEmail }))),
  customEmail: Type.Optional(Nullable(Type.String({ maxLength: C.customEmail }))),
  themeColor: Type.Optional(Nullable(Type.String({ maxLength: 7 }))),
};

/** What an administrator may change of their complex. */
export const ComplexEditSchema = Type.Partial(Type.Object(complexFields), CLOSED);

/** What platform staff may set. */
export const ComplexPlatformWriteSchema = Type.Object(
  {
    ...complexFields,
    companyId: Type.Optional(Nullable(Type.String({ format: 'uuid' }))),
    // The number of parking spaces (NumParqueaderos) is declared; the residents are counted (residentCounts).
    parkingCount: Type.Optional(Type.Integer({ minimum: 0 })),
    trustLimit: Type.Optional(Nullable(Type.Integer({ minimum: 0 }))),
    sessionLimit: Type.Optional(Nullable(Type.Integer({ minimum: 0 }))),
    parkey: Type.Optional(Type.Boolean()),
    isActive: Type.Optional(Type.Boolean()),
  },
  CLOSED,
);

const NullableText = Nullable(Type.String());

export const ComplexSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  ruc: NullableText,
  image: NullableText,
  address: NullableText,
  city: NullableText,
  province: NullableText,
  contactName: NullableText,
  contactPhone: NullableText,
  contactEmail: NullableText,
  customEmail: NullableText,
  themeColor: NullableText,
  companyId: Nullable(Type.String()),
  residentCount: Type.Integer(),
  parkingCount: Type.Integer(),
  trustLimit: Nullable(Type.Integer()),
  sessionLimit: Nullable(Type.Integer()),
  parkey: Type.Boolean(),
  isActive: Type.Boolean(),
  createdAt: Type.String(),
});

/** Switch name -> on. */
export const ModulesSchema = Type.Record(Type.String({ maxLength: 60 }), Type.Boolean(), { ...CLOSED, maxProperties: 200 });
