import { ALL_ROLES, COMPANY_LIMITS as C, CLOSED, Nullable, USER_LIMITS as U } from '@conjunto/core';
import { Type } from 'typebox';
import { RUC_PATTERN } from '../directory/schemas.ts';

export const CompanySchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  ruc: Nullable(Type.String()),
  color: Nullable(Type.String()),
  contactName: Nullable(Type.String()),
  contactPhone: Nullable(Type.String()),
  contactEmail: Nullable(Type.String()),
  isActive: Type.Boolean(),
  createdAt: Type.String(),
});

export const CompanyWriteSchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: C.name }),
    ruc: Type.Optional(Nullable(Type.String({ pattern: RUC_PATTERN }))),
    color: Type.Optional(Nullable(Type.String({ maxLength: 7 }))),
    contactName: Type.Optional(Nullable(Type.String({ maxLength: C.contactName }))),
    contactPhone: Type.Optional(Nullable(Type.String({ maxLength: C.contactPhone }))),
    contactEmail: Type.Optional(Nullable(Type.String({ maxLength: C.contactEmail, format: 'email' }))),
    isActive: Type.Optional(Type.Boolean()),
  },
  CLOSED,
);

const RoleSchema = Type.Union(ALL_ROLES.map((r) => Type.Literal(r)));

export const UserSchema = Type.Object({
  id: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  email: Type.String(),
  phone: Nullable(Type.String()),
  idNumber: Nullable(Type.String()),
  roles: Type.Array(Type.String()),
  complexIds: Type.Array(Type.String()),
  companyId: Nullable(Type.String()),
  residenceComplexId: Nullable(Type.String()),
  unitId: Nullable(Type.String()),
  isActive: Type.Boolean(),
  legalAccepted: Type.Boolean(),
  legalAcceptedAt: Nullable(Type.String()),
  createdAt: Type.String(),
});

export const UserWriteSchema = Type.Object(
  {
    firstName: Type.String({ minLength: 1, maxLength: U.firstName }),
    lastName: Type.String({ minLength: 1, maxLength: U.lastName }),
    email: Type.String({ minLength: 1, maxLength: U.email, format: 'email' }),
    phone: Type.Optional(Nullable(Type.String({ maxLength: U.phone }))),
    idNumber: Type.Optional(Nullable(Type.String({ maxLength: U.idNumber }))),
    roles: Type.Array(RoleSchema, { minItems: 1, maxItems: ALL_ROLES.length, uniqueItems: true }),
    complexIds: Type.Optional(Type.Array(Type.String({ format: 'uuid' }), { uniqueItems: true, maxItems: 500 })),
    companyId: Type.Optional(Nullable(Type.String({ format: 'uuid' }))),
    residenceComplexId: Type.Optional(Nullable(Type.String({ format: 'uuid' }))),
    unitId: Type.Optional(Nullable(Type.String({ format: 'uuid' }))),
    isActive: Type.Optional(Type.Boolean()),
    password: Type.Optional(Type.String({ minLength: U.passwordMin, maxLength: 200 })),
  },
  CLOSED,
);

export const PluginStateSchema = Type.Object({
  id: Type.String(),
  title: Type.String(),
  enabled: Type.Boolean(),
  moduleSwitch: Nullable(Type.String()),
  dependsOn: Type.Array(Type.String()),
});
