// Assembles the host: database with every migration, the app, and demo data on a fresh embedded database.
import { join } from 'node:path';
import type { ServerPlugin } from '@conjunto/core';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { normalizeStoredEmails } from './auth/access.ts';
import type { Config } from './config.ts';
import { type Database, openDatabase } from './db.ts';
import { Company } from './directory/company.entity.ts';
import { Complex } from './directory/complex.entity.ts';
import { SubComplex, Unit, UnitType } from './directory/unit.entity.ts';
import { User, UserComplex } from './directory/user.entity.ts';
import { checkContracts, domainEventMigrations } from './domain-events.ts';
import { IdempotencyKey } from './idempotency.ts';
import { MailOutbox } from './mail.ts';
import { accessMigrations } from './migrations/access.ts';
import { auditMigrations } from './migrations/audit.ts';
import { authMigrations } from './migrations/auth.ts';
import { directoryMigrations, directoryViews } from './migrations/directory.ts';
import { filesMigrations } from './migrations/files.ts';
import { idempotencyMigrations } from './migrations/idempotency.ts';
import { mailMigrations } from './migrations/mail.ts';
import { pushMigrations } from './migrations/push.ts';
import { scheduleMigrations } from './migrations/schedules.ts';
import { signatureMigrations } from './migrations/signatures.ts';
import { staffMigrations } from './migrations/staff.ts';
import { unitMigrations } from './migrations/units.ts';
import { AuditLog, PlatformPlugin, RefreshToken } from './platform/platform.entities.ts';
import { installedPlugins } from './plugins.ts';
import { seedDemo } from './seed/demo.ts';
import { seedDemoSignature } from './signatures/demo.ts';

export const hostEntities = [
  Company,
  Complex,
  User,
  UserComplex,
  Unit,
  UnitType,
  SubComplex,
  AuditLog,
  PlatformPlugin,
  RefreshToken,
  MailOutbox,
  IdempotencyKey,
];

export interface Server {
  app: FastifyInstance;
  db: Database;
  /** True when this start seeded the demo data. */
  seeded: boolean;
  close(): Promise<void>;
}

/** Every declared dependency must be installed and come first; ids must be unique. */
export function checkPlugins(plugins: readonly ServerPlugin[]): void {
  const seen = new Set<string>();
  const installed = new Set(plugins.map((p) => p.manifest.id));
  for (const { manifest } of plugins) {
    if (seen.has(manifest.id)) throw new Error(`Plugin ${manifest.id} is installed twice.`);
    for (const dep of manifest.dependsOn ?? []) {
      if (!seen.has(dep)) throw new Error(`Plugin ${manifest.id} depends on ${dep}, which is not installed before it.`);
    }
    // An optional dependency may be missing, but when installed it comes first (its events and service are ready).
    for (const dep of manifest.optionalDependsOn ?? []) {
      if (installed.has(dep) && !seen.has(dep))
        throw new Error(`Plugin ${manifest.id} uses ${dep}, which is installed after it.`);
    }
    seen.add(manifest.id);
  }
  checkContracts(plugins);
}

export async function createServer(
  config: Config,
  options: { plugins?: readonly ServerPlugin[]; logger?: boolean | object; pgliteDir?: string; pgliteImage?: Blob } = {},
): Promise<Server> {
  const plugins = options.plugins ?? installedPlugins;
  checkPlugins(plugins);
  const db = await openDatabase({
    databaseUrl: config.databaseUrl,
    databaseDirectUrl: config.databaseDirectUrl,
    pgliteDir: options.pgliteDir ?? join(config.dataDir, 'pglite'),
    pgliteImage: options.pgliteImage,
    entities: [...hostEntities, ...plugins.flatMap((p) => p.entities)],
    migrations: [
      ...directoryMigrations,
      ...mailMigrations,
      ...filesMigrations,
      ...authMigrations,
      ...idempotencyMigrations,
      ...accessMigrations,
      ...domainEventMigrations,
      directoryViews,
      ...unitMigrations,
      ...auditMigrations,
      ...signatureMigrations,
      ...pushMigrations,
      ...staffMigrations,
      ...scheduleMigrations,
      ...plugins.flatMap((p) => p.migrations),
    ],
  });
  try {
    await normalizeStoredEmails(db.orm.em.fork());
    const app = await buildApp({ config, db, plugins, logger: options.logger });
    // Seeded with the app's services at hand (plugins store demo files through it).
    const seeded = config.seedDemo
      ? await seedDemo(
          db.orm.em.fork(),
          plugins,
          (complexId) => app.files.forActor({ complexId, userId: null, userName: 'Demo' }),
          app.schedules,
        )
      : false;
    if (seeded) await seedDemoSignature(db.orm.em.fork(), app.signatures);
    return {
      app,
      db,
      seeded,
      async close() {
        await app.close();
        await db.close();
      },
    };
  } catch (error) {
    await db.close();
    throw error;
  }
}
