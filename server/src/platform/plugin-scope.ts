// A plugin's platform routes (ServerPlugin.platformRoutes) under /api/platform/<plugin id>: the platform staff's
// screens across complexes. Signed in with the terms accepted (app.authenticate),
// superAdministrador only (403 otherwise, before any read), and 404 while the plugin is disabled on the platform.
import {
  forbidden,
  isUuid,
  notFound,
  type PlatformComplex,
  type PlatformHostServices,
  type PlatformStaffContact,
  type Role,
  type ServerPlugin,
} from '@conjunto/core';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { FastifyInstance } from 'fastify';
import { fullName } from '../auth/access.ts';
import { publishEvent } from '../events.ts';
import { markCommitted } from '../idempotency.ts';
import { listRoute } from '../list.ts';
import { recordAudit } from './audit.ts';

/** Who may call a plugin's platform routes: platform staff. */
export const PLATFORM_ROLES: readonly Role[] = ['superAdministrador'];
/** The host's own resources under /api/platform: a plugin id may not take one of these names. */
const HOST_PLATFORM_PATHS = new Set(['plugins', 'complexes', 'companies', 'users']);
const MAX_COMPLEX_IDS = 1000;

export const platformHostServices: PlatformHostServices = {
  em: (request) => request.em,
  // No complex scope: the declaration's own filters (complexId) and `where` narrow the rows.
  listRoute: (app, declaration) => listRoute(app as FastifyInstance, { ...declaration, roles: PLATFORM_ROLES }),
  async complexes(request, ids) {
    const wanted = [...new Set(ids)].filter(isUuid);
    if (wanted.length > MAX_COMPLEX_IDS) throw new TypeError(`complexes(): at most ${MAX_COMPLEX_IDS} ids`);
    if (!wanted.length) return new Map();
    const rows = await request.em.execute<{ id: string; name: string; is_active: boolean }[]>(
      `select id, name, is_active from complexes where id in (${wanted.map(() => '?').join(', ')})`,
      wanted,
    );
    return new Map<string, PlatformComplex>(rows.map((r) => [r.id, { id: r.id, name: r.name, isActive: r.is_active }]));
  },
  audit(request, em, entry, complexId) {
    recordAudit(em as SqlEntityManager, { complexId, userId: request.user.id, userName: fullName(request.user) }, entry);
    markCommitted(request, em as SqlEntityManager);
  },
  files: (request, complexId) =>
    request.server.files.forActor({ complexId, userId: request.user.id, userName: fullName(request.user) }),
  user: (request) => ({ id: request.user.id, name: fullName(request.user) }),
  queueMail: (request, em, message, complexId) =>
    request.server.mail.queue(
      em as SqlEntityManager,
      { complexId, userId: request.user.id, userName: fullName(request.user) },
      message,
    ),
  publish: (complexId, topic, payload, em) => publishEvent(em as SqlEntityManager, complexId, topic, payload),
};

const STAFF_CONTACTS = 50;

/** The active platform staff with an e-mail, by name (HostServices.platformStaff). */
export async function platformStaff(em: SqlEntityManager): Promise<PlatformStaffContact[]> {
  return em.execute<PlatformStaffContact[]>(
    `select id, trim(first_name || ' ' || last_name) as name, email from users
      where roles @> '["superAdministrador"]'::jsonb and is_active and email <> ''
      order by last_name, first_name, id limit ${STAFF_CONTACTS}`,
  );
}

export async function mountPlatformScope(app: FastifyInstance, plugin: ServerPlugin): Promise<void> {
  const routes = plugin.platformRoutes;
  if (!routes) return;
  const id = plugin.manifest.id;
  if (HOST_PLATFORM_PATHS.has(id)) throw new Error(`Plugin ${id}: its id is a host path under /api/platform`);
  await app.register(
    async (scope) => {
      // Every route is platform staff's, whatever it declares: the route table (and the walks) read it.
      scope.addHook('onRoute', (route) => {
        route.config = { ...route.config, roles: PLATFORM_ROLES };
      });
      scope.addHook('onRequest', async (request) => {
        await app.authenticate(request);
        if (!request.user.roles.includes('superAdministrador')) throw forbidden();
        // Kept with the complex scopes' admission rows: a write to platform_plugins clears it.
        const row = await app.accessCache.read(`platform-plugin ${id}`, async () => {
          const [found] = await request.em.execute<{ enabled: boolean }[]>('select enabled from platform_plugins where id = ?', [
            id,
          ]);
          return found ?? { enabled: true };
        });
        if (row?.enabled === false) throw notFound();
      });
      await routes(scope.withTypeProvider<TypeBoxTypeProvider>(), platformHostServices);
    },
    { prefix: `/api/platform/${id}` },
  );
}
