import { newId } from '@conjunto/core';
import { defineEntity, p } from '@mikro-orm/core';

export const UserSchema = defineEntity({
  name: 'User',
  tableName: 'users',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => newId()),
    firstName: p.string().length(100),
    lastName: p.string().length(100),
    /** Stored normalised (auth/access.ts normalizeEmail: NFKC, lower case); unique. */
    email: p.string().length(100),
    phone: p.string().length(20).nullable(),
    idNumber: p.string().length(20).nullable(),
    roles: p.json<string[]>().defaultRaw("'[]'::jsonb"),
    passwordHash: p.text().nullable().hidden(),
    isActive: p.boolean().default(true),
    companyId: p.uuid().nullable(),
    /** Residents: the complex and unit they live in (ConjuntoUidResidencia). */
    residenceComplexId: p.uuid().nullable(),
    unitId: p.uuid().nullable(),
    /** Resident settings (spec 002 §3): hidden from the digital logbook; reservations despite debts; no deposit. */
    vip: p.boolean().default(false),
    paymentAgreement: p.boolean().default(false),
    prepaidGuarantee: p.boolean().default(false),
    /** Additional e-mails that receive the resident's notices (CorreosNotificacion). */
    notificationEmails: p.json<string[]>().defaultRaw("'[]'::jsonb"),
    /** Groups (Grupos): free labels the administrator groups residents by. */
    groups: p.json<string[]>().defaultRaw("'[]'::jsonb"),
    legalAccepted: p.boolean().default(false),
    legalAcceptedAt: p.datetime().nullable(),
    createdAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
  },
});
export class User extends UserSchema.class {}
UserSchema.setClass(User);

/** Links a back-office user to a complex they may act on (ConjuntoUid). */
export const UserComplexSchema = defineEntity({
  name: 'UserComplex',
  tableName: 'user_complexes',
  properties: {
    userId: p.uuid().primary(),
    complexId: p.uuid().primary(),
  },
});
export class UserComplex extends UserComplexSchema.class {}
UserComplexSchema.setClass(UserComplex);
