// Complex-scoped routes: /api/complexes/:complexId/... Every request is authenticated, refused until the user
// has accepted the terms (403 TERMS_NOT_ACCEPTED), then checked for access to that complex (404 otherwise, never
// its data), the plugin's platform switch and module switch (404 when off), and the route's roles (403).

import {
  ApiError,
  declaredSwitches,
  forbidden,
  type HostServices,
  isUuid,
  MESSAGES,
  type ModuleSwitch,
  moduleCatalogue,
  moduleSwitchName,
  notFound,
  rolesAllowed,
  routeAction,
  type ServerPlugin,
  switchIsOn,
} from '@conjunto/core';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { SqlEntityManager as EntityManager } from '@mikro-orm/sql';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  type AccessClaims,
  AUTH_MESSAGES,
  fullName,
  requireTerms,
  rolesOnComplex,
  SESSION_REVOKED_SQL,
  sessionValid,
  USER_COLUMNS,
  type UserRow,
} from './auth/access.ts';
import { readPhoto } from './files/photos.ts';

export { rolesOnComplex };

import { directoryOf } from './directory/reader.ts';
import { hostStaff } from './directory/staff.ts';
import { publishEvent } from './events.ts';
import { hostFiles } from './files/service.ts';
import { hostSheets } from './files/sheet.ts';
import { hostZip } from './files/zip.ts';
import { scopeOf } from './host-scope.ts';
import { markCommitted } from './idempotency.ts';
import { importRoute } from './imports/route.ts';
import { nextAfter } from './input.ts';
import { findOr404, listRoute } from './list.ts';
import { recordAudit } from './platform/audit.ts';
import { platformStaff } from './platform/plugin-scope.ts';
import { hostPush } from './push.ts';
import { hostSecrets } from './secrets.ts';
import { hostDocuments, hostSignatures } from './signatures/host.ts';
import { sharedWorkers } from './workers.ts';

export const COMPLEX_PREFIX = '/api/complexes/:complexId';

/** Requests of residents held back by their unit, refused once their input is validated. */
const heldBack = new WeakMap<FastifyRequest, ApiError>();

/** What a resident held back by their unit is told (spec 002 §4 housing unit lock, owner rights). */
export const ACCESS_MESSAGES = {
  propertyLocked: 'Su propiedad está bloqueada: solo puede acceder a la sección de pagos. Comuníquese con la administración.',
  tenantBlocked: 'El propietario de su unidad ha bloqueado su acceso a la aplicación.',
} as const;

/** The catalogue of switches: spec 002's plus those plugins declare, each installed plugin's marked as its own. */
export function catalogueFor(plugins: readonly ServerPlugin[]): ModuleSwitch[] {
  const owners = new Map<string, string>();
  for (const { manifest } of plugins)
    for (const s of [manifest.moduleSwitch, ...Object.values(manifest.resourceSwitches ?? {})])
      if (s) owners.set(typeof s === 'string' ? s : s.name, manifest.id);
  return moduleCatalogue(plugins.flatMap((p) => declaredSwitches(p.manifest))).map((m) => {
    const plugin = owners.get(m.name);
    return plugin ? { ...m, plugin } : m;
  });
}

/** Whether a complex's stored switches (complexes.modules) let `plugin` run: its switch, else the catalogue's default. Host scopes always. */
export function moduleGate(
  plugin: ServerPlugin | undefined,
  catalogue: readonly ModuleSwitch[],
): (modules: Record<string, unknown> | null | undefined) => boolean {
  const switchName = plugin ? moduleSwitchName(plugin.manifest) : undefined;
  if (!switchName) return () => true;
  const fallback = catalogue.find((m) => m.name === switchName)?.default ?? false;
  return (modules) => (modules?.[switchName] ?? fallback) === true;
}

export const hostServices: HostServices = {
  em: (request) => request.em,
  context: (request) => {
    if (!request.complex) throw new Error('context() called outside a complex scope');
    return request.complex;
  },
  listRoute: (app, declaration) =>
    listRoute(app as FastifyInstance, declaration, {
      scope: declaration.tenant === false ? undefined : (request) => ({ complexId: hostServices.context(request).complexId }),
    }),
  importRoute: (app, declaration) => importRoute(app as FastifyInstance, declaration),
  findOr404: (request, entity, id) => findOr404(request.em, entity, id, { complexId: hostServices.context(request).complexId }),
  // A write's audit entry also marks the request's Idempotency-Key committed, in the write's own transaction.
  audit: (request, em, entry) => {
    recordAudit(em as typeof request.em, hostServices.context(request), entry);
    markCommitted(request, em as typeof request.em);
  },
  // { platform: true }: the platform's own mail (to its staff), filed under no complex.
  queueMail: (request, em, message, options) => {
    const actor = hostServices.context(request);
    return request.server.mail.queue(em as typeof request.em, options?.platform ? { ...actor, complexId: null } : actor, message);
  },
  // Bound to the app's push service by mountComplexScope.
  push: {
    queue: () => Promise.reject(new Error('push called outside a complex scope')),
    deviceOwners: () => Promise.reject(new Error('push called outside a complex scope')),
  },
  // Bound to the calling plugin by mountComplexScope (its queues are namespaced by the plugin id).
  submitJob: () => Promise.reject(new Error('submitJob() called outside a plugin scope')),
  runningJob: () => Promise.reject(new Error('runningJob() called outside a plugin scope')),
  schedules: {
    set: () => Promise.reject(new Error('schedules called outside a plugin scope')),
    ensure: () => Promise.reject(new Error('schedules called outside a plugin scope')),
    remove: () => Promise.reject(new Error('schedules called outside a plugin scope')),
    states: () => Promise.reject(new Error('schedules called outside a plugin scope')),
  },
  service: () => Promise.reject(new Error('service() called outside a plugin scope')),
  emit: () => Promise.reject(new Error('emit() called outside a plugin scope')),
  files: hostFiles,
  publish: (complexId, topic, payload, em) => publishEvent(em as EntityManager, complexId, topic, payload),
  zip: hostZip,
  sheets: hostSheets,
  directory: (scope) => {
    const { em, complexId } = scopeOf(scope, 'directory');
    return directoryOf(em, complexId);
  },
  workers: sharedWorkers,
  images: { readPhoto },
  // Bound to the app's signature service by mountComplexScope.
  signatures: {
    info: () => Promise.reject(new Error('signatures called outside a complex scope')),
    signPdf: () => Promise.reject(new Error('signatures called outside a complex scope')),
    keyMaterial: () => Promise.reject(new Error('signatures called outside a complex scope')),
  },
  documents: { issue: () => Promise.reject(new Error('documents called outside a complex scope')) },
  // Bound to the calling plugin by mountComplexScope.
  secrets: {
    seal: () => {
      throw new Error('secrets called outside a plugin scope');
    },
    open: () => {
      throw new Error('secrets called outside a plugin scope');
    },
  },
  staff: hostStaff,
  platformStaff: (request) => platformStaff(request.em),
  switchOn: () => {
    throw new Error('switchOn() called outside a complex scope');
  },
};

interface ScopeOptions {
  id: string;
  plugin?: ServerPlugin;
  catalogue: readonly ModuleSwitch[];
  routes: ServerPlugin['routes'];
  /** Where the routes are mounted; it names the complex `:complexId`, unless `complexField` does. */
  prefix?: string;
  /**
   * The body field (or, for a body-less request, the query parameter) that names the complex, for a spec path that
   * carries it there: the same admission runs once the body is parsed, before its validation.
   */
  complexField?: string;
}

export async function mountComplexScope(
  app: FastifyInstance,
  { id, plugin, catalogue, routes, prefix = COMPLEX_PREFIX, complexField }: ScopeOptions,
): Promise<void> {
  /** The complex the request names: in the path, or the body's (else the query's) `complexField` (anything but a uuid names none). */
  const complexOf = (request: FastifyRequest): string | null => {
    const named = complexField
      ? ((request.body as Record<string, unknown> | null | undefined)?.[complexField] ??
        (request.query as Record<string, unknown> | undefined)?.[complexField])
      : (request.params as { complexId?: string }).complexId;
    return isUuid(named) ? named : null;
  };
  const moduleOn = moduleGate(plugin, catalogue);

  await app.register(
    async (scope) => {
      scope.addHook('onRoute', (route) => {
        const path = route.url.slice(route.prefix.length);
        // Roles come from the plugin's access table (one declaration for the server and the admin), unless the
        // route names them itself (the host's own routes).
        const table = plugin?.manifest.access;
        if (table && !route.config?.roles) {
          const { resource, action } = routeAction([route.method].flat()[0] as string, path);
          const roles = rolesAllowed(table, resource, route.config?.access ?? action);
          if (!roles.length)
            throw new Error(
              `${route.method} ${route.url}: no role of ${plugin?.manifest.id}'s access table may ${route.config?.access ?? action} ${resource}`,
            );
          route.config = { ...route.config, roles };
        }
        if (!route.config?.roles?.length) throw new Error(`${route.method} ${route.url} must declare config.roles`);
        // A resource with a switch of its own: its routes follow it too.
        const resource = path.split('/')[1] ?? '';
        const own = plugin?.manifest.resourceSwitches?.[resource];
        if (own) route.config = { ...route.config, resourceOn: (modules) => switchIsOn(own, modules, catalogue) };
        if (plugin?.manifest.paymentResources?.includes(resource)) route.config = { ...route.config, payments: true };
      });
      /** Admits the request with its access row (user, sign-in, complex, link, platform switch), or throws. */
      const admit = (request: FastifyRequest, row: Record<string, unknown> | undefined, claims: AccessClaims) => {
        if (!row || !sessionValid(row as never, claims)) throw new ApiError(401, 'UNAUTHENTICATED', MESSAGES.unauthenticated);
        request.user = row as unknown as UserRow;
        // Before the complex is looked at: a user who has not accepted the terms gets the same answer everywhere.
        requireTerms(request, request.user);
        const roles = row.c_id
          ? rolesOnComplex(request.user, {
              id: row.c_id as string,
              is_active: row.c_active as boolean,
              company_id: row.c_company_id as string | null,
              linked: row.linked as boolean,
            })
          : [];
        if (roles.length === 0) throw notFound();
        if (plugin && row.plugin_enabled === false) throw notFound();
        const modules = row.c_modules as Record<string, unknown> | null;
        if (!moduleOn(modules)) throw notFound();
        const { config } = request.routeOptions;
        if (config.resourceOn?.(modules) === false) throw notFound();
        const allowed = config.roles ?? [];
        if (!roles.some((r) => allowed.includes(r))) throw forbidden();
        // Spec 002 §4: a resident of a locked property reaches the payments part only; a tenant whose owner blocked
        // their access, nothing. Only when the residente role is what admits them (an administrator living there is not).
        // Answered after the input's validation (preHandler below): bad input is a 400 for everyone alike.
        if ((row.unit_locked || row.tenant_blocked) && !roles.some((r) => r !== 'residente' && allowed.includes(r))) {
          if (row.tenant_blocked) heldBack.set(request, new ApiError(403, 'TENANT_BLOCKED', ACCESS_MESSAGES.tenantBlocked));
          else if (!config.payments) heldBack.set(request, new ApiError(403, 'PROPERTY_LOCKED', ACCESS_MESSAGES.propertyLocked));
        }
        request.complexModules = modules;
        request.complex = {
          complexId: complexOf(request) as string,
          userId: request.user.id,
          userName: fullName(request.user),
          roles: roles as never,
        };
      };
      scope.addHook('preHandler', (request, _reply, next) => next(heldBack.get(request)));
      // A callback hook: a warm request (its row kept in the access cache) is admitted without a promise.
      // The complex in the path is known at once; one in the body once the body is parsed.
      const admission = (request: FastifyRequest, _reply: unknown, next: (error?: Error) => void) => {
        const claims = app.accessClaims(request);
        if (!claims) {
          next(new ApiError(401, 'UNAUTHENTICATED', AUTH_MESSAGES.sessionExpired));
          return;
        }
        // One round trip on a cold path, none on a warm one: the user (so disabling, a password change and the end
        // of this sign-in take effect at once: any change to these tables clears the cache), the complex, the
        // user's link to it and the plugin's platform switch.
        const pluginId = plugin?.manifest.id ?? '';
        const complex = complexOf(request);
        const key = `${claims.sub} ${claims.sid} ${complex} ${pluginId}`;
        const kept = app.accessCache.peek(key);
        if (kept) {
          nextAfter(next, () => admit(request, kept, claims));
          return;
        }
        app.accessCache
          .read(key, async () => {
            const [found] = await request.em.execute(
              `select ${USER_COLUMNS.replace(/(\w+)/g, 'u.$1')}, u.token_version, ${SESSION_REVOKED_SQL},
                      c.id as c_id, c.is_active as c_active, c.company_id as c_company_id, c.modules as c_modules,
                      exists (select 1 from user_complexes uc where uc.user_id = u.id and uc.complex_id = c.id) as linked,
                      (select enabled from platform_plugins where id = ?) as plugin_enabled,
                      (select un.locked from units un where un.id = u.unit_id and un.complex_id = c.id) as unit_locked,
                      (select un.tenant_access_blocked from units un
                        where un.id = u.unit_id and un.complex_id = c.id and un.tenant_id = u.id) as tenant_blocked
                 from users u left join complexes c on c.id = ?
                where u.id = ?`,
              [claims.sid, pluginId, complex, claims.sub],
            );
            return found;
          })
          .then((row) => nextAfter(next, () => admit(request, row, claims)), next);
      };
      if (complexField) scope.addHook('preValidation', admission);
      else scope.addHook('onRequest', admission);
      await routes(scope.withTypeProvider<TypeBoxTypeProvider>(), {
        ...hostServices,
        push: hostPush(app.push),
        signatures: hostSignatures(app.signatures),
        documents: hostDocuments(app.signatures, app.publicUrl, hostServices.audit),
        secrets: hostSecrets(app.secrets, id),
        switchOn: (request, name) => switchIsOn(name, request.complexModules, catalogue),
        submitJob: (request, name, data, options) => {
          const ctx = hostServices.context(request);
          return request.server.jobs.submit(
            id,
            { complexId: ctx.complexId, userId: ctx.userId, userName: ctx.userName },
            name,
            data,
            options,
          );
        },
        runningJob: async (request, name) => {
          const [job] = await request.server.jobs.list(hostServices.context(request).complexId, {
            name: `${id}.${name}`,
            active: true,
          });
          return job?.id ?? null;
        },
        schedules: {
          set: (request, em, key, input) => {
            const { complexId, userId, userName } = hostServices.context(request);
            return request.server.schedules.set(em as EntityManager, { plugin: id, complexId, userId, userName }, key, input);
          },
          ensure: (request, em, key, input) => {
            const { complexId, userId, userName } = hostServices.context(request);
            return request.server.schedules.ensure(em as EntityManager, { plugin: id, complexId, userId, userName }, key, input);
          },
          remove: (request, em, key) =>
            request.server.schedules.remove(
              em as EntityManager,
              { plugin: id, complexId: hostServices.context(request).complexId },
              key,
            ),
          states: (request, keys) =>
            request.server.schedules.states(request.em, { plugin: id, complexId: hostServices.context(request).complexId }, keys),
        },
        service: (request, provider, em) => {
          const { complexId, userId, userName } = hostServices.context(request);
          return request.server.domainEvents.service(id, provider, {
            complexId,
            userId,
            userName,
            em: (em as EntityManager | undefined) ?? request.em,
          });
        },
        emit: (request, em, name, payload) => {
          const { complexId, userId } = hostServices.context(request);
          return request.server.domainEvents.emit(em as EntityManager, { source: id, name, complexId, userId, payload });
        },
      });
    },
    { prefix },
  );
}
