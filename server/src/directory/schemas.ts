import { Type } from 'typebox';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);
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
  createdAt: Type.String(),
});

export const UnitWriteSchema = Type.Object({
  number: Type.String({ minLength: 1, maxLength: 30 }),
  aliquot: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })),
  type: Type.Optional(Nullable(Type.String({ maxLength: 50 }))),
  subComplex: Type.Optional(Nullable(Type.String({ maxLength: 50 }))),
  ownerId: Type.Optional(Nullable(Type.String({ format: 'uuid' }))),
  tenantId: Type.Optional(Nullable(Type.String({ format: 'uuid' }))),
  rented: Type.Optional(Type.Boolean()),
  isActive: Type.Optional(Type.Boolean()),
});

export const ResidentSchema = Type.Object({
  id: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  email: Type.String(),
  unitId: Nullable(Type.String()),
  isActive: Type.Boolean(),
});

export const AuditLogSchema = Type.Object({
  id: Type.String(),
  at: Type.String(),
  userId: Nullable(Type.String()),
  userName: Type.String(),
  resource: Type.String(),
  recordId: Type.String(),
  action: Type.String(),
  changes: Type.Unknown(),
});

const complexFields = {
  name: Type.String({ minLength: 1, maxLength: 150 }),
  ruc: Type.Optional(Nullable(Type.String({ maxLength: 13 }))),
  image: Type.Optional(Nullable(Type.String({ maxLength: 2000 }))),
  address: Type.Optional(Nullable(Type.String({ maxLength: 250 }))),
  city: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
  province: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
  contactName: Type.Optional(Nullable(Type.String({ maxLength: 150 }))),
  contactPhone: Type.Optional(Nullable(Type.String({ maxLength: 20 }))),
  contactEmail: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
  customEmail: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
  themeColor: Type.Optional(Nullable(Type.String({ maxLength: 7 }))),
};

/** What an administrator may change of their complex. */
export const ComplexEditSchema = Type.Partial(Type.Object(complexFields));

/** What platform staff may set. */
export const ComplexPlatformWriteSchema = Type.Object({
  ...complexFields,
  companyId: Type.Optional(Nullable(Type.String({ format: 'uuid' }))),
  residentCount: Type.Optional(Type.Integer({ minimum: 0 })),
  parkingCount: Type.Optional(Type.Integer({ minimum: 0 })),
  trustLimit: Type.Optional(Nullable(Type.Integer({ minimum: 0 }))),
  sessionLimit: Type.Optional(Nullable(Type.Integer({ minimum: 0 }))),
  parkey: Type.Optional(Type.Boolean()),
  cashbook: Type.Optional(Type.Boolean()),
  isActive: Type.Optional(Type.Boolean()),
});

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
  receiptNumber: Type.Integer(),
  expenseReceiptNumber: Type.Integer(),
  trustLimit: Nullable(Type.Integer()),
  sessionLimit: Nullable(Type.Integer()),
  parkey: Type.Boolean(),
  cashbook: Type.Boolean(),
  isActive: Type.Boolean(),
  createdAt: Type.String(),
});

export const ModulesSchema = Type.Record(Type.String(), Type.Boolean());
