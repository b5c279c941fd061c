import { newId } from '@conjunto/core';
import { defineEntity, p } from '@mikro-orm/core';

/** Every write to a complex's data. */
export const AuditLogSchema = defineEntity({
  name: 'AuditLog',
  tableName: 'audit_logs',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => newId()),
    /** null: a platform staff write of the platform's own data (no complex's log shows it). */
    complexId: p.uuid().nullable(),
    userId: p.uuid().nullable(),
    userName: p.string().length(201),
    at: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
    resource: p.string().length(50),
    recordId: p.string().length(64),
    action: p.string().length(30),
    changes: p.json<unknown>().nullable(),
    /** What the record is ('Ingreso N° 000123'), as the writer named it. */
    description: p.string().length(200).nullable(),
    /** Grouped entries (reads of personal files): how many, the first one, and their business day; `at` is the last. */
    count: p.integer().default(1),
    firstAt: p.datetime().nullable(),
    day: p.string().columnType('date').nullable(),
  },
});
export class AuditLog extends AuditLogSchema.class {}
AuditLogSchema.setClass(AuditLog);

/** Platform-wide switch of an installed plugin. Missing row = enabled. */
export const PlatformPluginSchema = defineEntity({
  name: 'PlatformPlugin',
  tableName: 'platform_plugins',
  properties: {
    id: p.string().length(50).primary(),
    enabled: p.boolean(),
  },
});
export class PlatformPlugin extends PlatformPluginSchema.class {}
PlatformPluginSchema.setClass(PlatformPlugin);

/** Refresh tokens, stored hashed; a family is one sign-in and its rotations. */
export const RefreshTokenSchema = defineEntity({
  name: 'RefreshToken',
  tableName: 'refresh_tokens',
  properties: {
    id: p.uuid().primary(),
    userId: p.uuid(),
    familyId: p.uuid(),
    tokenHash: p.string().length(64),
    expiresAt: p.datetime(),
    usedAt: p.datetime().nullable(),
    revokedAt: p.datetime().nullable(),
    createdAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
  },
});
export class RefreshToken extends RefreshTokenSchema.class {}
RefreshTokenSchema.setClass(RefreshToken);
