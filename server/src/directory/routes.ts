// The directory inside a complex: housing units, residents (residents.ts), audit log, module switches,
// and the complex's own settings.
import {
  ApiError,
  BACK_OFFICE_ROLES,
  CLOSED,
  changesOf,
  ERROR_RESPONSES,
  ErrorSchema,
  fieldsOf,
  type HostServices,
  IdParams,
  isUuid,
  type ModuleSwitch,
  notFound,
  type PluginApp,
  resolveModules,
  type ServerPlugin,
} from '@conjunto/core';
import type { SqlEntityManager as EntityManager } from '@mikro-orm/sql';
import type { FastifyRequest } from 'fastify';
import { type Static, Type } from 'typebox';
import { AuditLog } from '../platform/platform.entities.ts';
import { Complex } from './complex.entity.ts';
import { directoryImports } from './imports.ts';
import { meRoutes } from './me.ts';
import { residentRoutes } from './residents.ts';
import { blankToNull, checkThemeColor, normalizeUnitNames } from './rules.ts';
import {
  AuditLogSchema,
  AuditUserSchema,
  ComplexEditSchema,
  ComplexSchema,
  ModulesSchema,
  UnitSchema,
  UnitWriteSchema,
} from './schemas.ts';
import { toAuditLog, toComplex, toUnit, withResidents } from './serialize.ts';
import { Unit } from './unit.entity.ts';
import { derivedOf, ensureCatalogued, refuseDerived, unitAccountsOf, unitExtraRoutes } from './units.ts';
import { User } from './user.entity.ts';

const ADMIN = ['administrador', 'superAdministrador'] as const;
const invalidFilter = (field: string) =>
  new ApiError(400, 'INVALID_FILTER', 'Filtro no permitido.', { [field]: 'Filtro no permitido.' });
const STAFF = ['superAdministrador'] as const;
export const UNIT_MESSAGES = {
  duplicate: '¡Esta U.H. ya existe!',
  residentMissing: 'El residente no existe en este conjunto.',
} as const;

type UnitWrite = Static<typeof UnitWriteSchema>;

export async function directoryRoutes(
  app: PluginApp,
  host: HostServices,
  catalogue: readonly ModuleSwitch[],
  plugins: readonly ServerPlugin[] = [],
) {
  const accounts = unitAccountsOf(plugins, catalogue);
  /** Units with their derived fields (the ledger's plugin, when one is on), one read for the whole page. */
  const withAccounts = async (request: FastifyRequest, units: Unit[]) => {
    const found = await accounts(request, units);
    return units.map((u) => toUnit(u, derivedOf(u, found.get(u.id))));
  };
  const complexOf = async (request: FastifyRequest) => {
    const complex = await request.em.findOne(Complex, { id: host.context(request).complexId });
    if (!complex) throw notFound();
    return complex;
  };

  // ------------------------------------------------------------------ housing units
  async function checkUnit(request: FastifyRequest, body: Partial<UnitWrite>, id?: string) {
    const { complexId } = host.context(request);
    if (body.number !== undefined) {
      const clash = await request.em.execute(
        'select id from units where complex_id = ? and lower(number) = lower(?) and id <> ?',
        [complexId, body.number.trim(), id ?? '00000000-0000-0000-0000-000000000000'],
      );
      if (clash.length) throw new ApiError(409, 'UNIT_DUPLICATE', UNIT_MESSAGES.duplicate, { number: UNIT_MESSAGES.duplicate });
    }
    for (const field of ['ownerId', 'tenantId'] as const) {
      const residentId = body[field];
      if (!residentId) continue;
      const found = await request.em.count(User, { id: residentId, residenceComplexId: complexId });
      if (!found)
        throw new ApiError(400, 'RESIDENT_NOT_FOUND', UNIT_MESSAGES.residentMissing, { [field]: UNIT_MESSAGES.residentMissing });
    }
  }

  /**
   * The residents' side of a unit's owner and tenant (users.unit_id, what the residents screen shows): whoever the
   * unit no longer names leaves it; a resident it now names without a unit of their own gets it (an owner who
   * lives elsewhere keeps their home). Runs after the unit is written, in the request's transaction.
   */
  async function syncResidents(em: EntityManager, complexId: string, unitId: string) {
    const holds = 'exists (select 1 from units h where h.id = ? and (h.owner_id = users.id or h.tenant_id = users.id))';
    await em.execute(`update users set unit_id = null where residence_complex_id = ? and unit_id = ? and not ${holds}`, [
      complexId,
      unitId,
      unitId,
    ]);
    await em.execute(`update users set unit_id = ? where residence_complex_id = ? and unit_id is null and ${holds}`, [
      unitId,
      complexId,
      unitId,
    ]);
  }

  /** The names as stored (rules.ts, shared with the imports), the aliquot with its 4 decimals. */
  const normalizeUnit = ({ address, ...body }: Partial<UnitWrite>) => ({
    ...body,
    ...(address !== undefined && { altAddress: address?.trim() || null }),
    ...normalizeUnitNames(body),
    ...(body.aliquot !== undefined && { aliquot: body.aliquot.toFixed(4) }),
  });

  host.listRoute(app, {
    resource: 'units',
    roles: [...ADMIN, 'directiva', 'supervisor'],
    tags: ['units'],
    entity: Unit,
    filters: { type: 'exact', subComplex: 'exact', isActive: 'exact', rented: 'exact', ownerId: 'exact', tenantId: 'exact' },
    search: ['number', 'type', 'subComplex'],
    sortable: ['number', 'aliquot', 'type', 'subComplex', 'isActive', 'createdAt'],
    sortAliases: { number: 'numberSort' },
    defaultSort: { field: 'number', order: 'ASC' },
    item: UnitSchema,
    toItems: (request, rows: Unit[]) => withAccounts(request, rows),
  });
  app.get(
    '/units/:id',
    {
      config: { roles: [...ADMIN, 'directiva', 'supervisor'] },
      schema: { tags: ['units'], params: IdParams, response: { 200: UnitSchema, 404: ErrorSchema } },
    },
    async (request) => (await withAccounts(request, [await host.findOr404<Unit>(request, Unit, request.params.id)]))[0],
  );
  app.post(
    '/units',
    {
      config: { roles: ADMIN },
      preValidation: refuseDerived(),
      schema: { tags: ['units'], body: UnitWriteSchema, response: { 201: UnitSchema, ...ERROR_RESPONSES } },
    },
    async (request, reply) => {
      const body = fieldsOf(UnitWriteSchema, request.body) as UnitWrite;
      await checkUnit(request, body);
      const { complexId } = host.context(request);
      const unit = await request.em.transactional(async (em) => {
        const created = em.create(Unit, { complexId, ...normalizeUnit(body) } as never);
        await ensureCatalogued(em, complexId, created.type, created.subComplex);
        host.audit(request, em, {
          resource: 'units',
          recordId: created.id,
          action: 'create',
          changes: toUnit(created),
          description: created.number,
        });
        await em.flush();
        await syncResidents(em, complexId, created.id);
        return created;
      });
      return reply.status(201).send((await withAccounts(request, [unit]))[0]);
    },
  );
  app.put(
    '/units/:id',
    {
      config: { roles: ADMIN },
      preValidation: refuseDerived(async (request) => {
        const { id } = request.params as { id: string };
        const unit = isUuid(id) ? await request.em.findOne(Unit, { id, complexId: host.context(request).complexId }) : null;
        return unit ? (await withAccounts(request, [unit]))[0] : undefined;
      }),
      schema: {
        tags: ['units'],
        params: IdParams,
        body: Type.Partial(UnitWriteSchema, CLOSED),
        response: { 200: UnitSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const unit = await host.findOr404<Unit>(request, Unit, request.params.id);
      const body = fieldsOf(UnitWriteSchema, request.body);
      await checkUnit(request, body, unit.id);
      const before = toUnit(unit);
      await request.em.transactional(async (em) => {
        em.assign(unit, normalizeUnit(body) as never);
        await ensureCatalogued(
          em,
          unit.complexId,
          body.type !== undefined ? unit.type : null,
          body.subComplex !== undefined ? unit.subComplex : null,
        );
        host.audit(request, em, {
          resource: 'units',
          recordId: unit.id,
          action: 'update',
          changes: changesOf(before, toUnit(unit)),
          description: unit.number,
        });
        await em.flush();
        await syncResidents(em, host.context(request).complexId, unit.id);
      });
      return (await withAccounts(request, [unit]))[0];
    },
  );
  app.delete(
    '/units/:id',
    {
      config: { roles: ADMIN },
      schema: { tags: ['units'], params: IdParams, response: { 200: UnitSchema, ...ERROR_RESPONSES } },
    },
    async (request) => {
      const unit = await host.findOr404<Unit>(request, Unit, request.params.id);
      host.audit(request, request.em, {
        resource: 'units',
        recordId: unit.id,
        action: 'delete',
        changes: toUnit(unit),
        description: unit.number,
      });
      request.em.remove(unit);
      await request.em.flush();
      return toUnit(unit);
    },
  );

  // ------------------------------------------------------------------ catalogues, lock, owner rights (units.ts)
  await unitExtraRoutes(app, host, withAccounts);

  // ------------------------------------------------------------------ residents (residents.ts)
  await residentRoutes(app, host);
  await meRoutes(app, host);
  directoryImports(app as never, host);

  // ------------------------------------------------------------------ audit log (read-only)
  host.listRoute(app, {
    resource: 'audit-logs',
    roles: ADMIN,
    tags: ['audit'],
    entity: AuditLog,
    filters: {
      resource: 'exact',
      action: 'exact',
      // The user's id (GET /audit-logs/users lists those who wrote here); a value that is no id is refused.
      userId: (value) => {
        const ids = Array.isArray(value) ? value : [value];
        if (!ids.length || ids.length > 50 || !ids.every(isUuid)) throw invalidFilter('userId');
        return { userId: { $in: ids } };
      },
      recordId: 'exact',
      at: 'dateRange',
    },
    search: ['userName', 'description', 'resource', 'recordId'],
    sortable: ['at', 'userName', 'resource', 'action'],
    defaultSort: { field: 'at', order: 'DESC' },
    item: AuditLogSchema,
    toItem: (row: AuditLog) => toAuditLog(row),
  });
  // The log's users, for its user filter: a loose index scan of (complex_id, user_id), so a log of a million
  // entries answers as fast as a small one; each named as now, else as they last signed an entry.
  app.get(
    '/audit-logs/users',
    {
      config: { roles: ADMIN },
      schema: {
        tags: ['audit'],
        summary: 'The users who wrote in the audit log of the complex (at most 500)',
        response: { 200: Type.Array(AuditUserSchema) },
      },
    },
    async (request) => {
      const { complexId } = host.context(request);
      const rows = await request.em.execute(
        `with recursive seen(user_id) as (
           (select user_id from audit_logs where complex_id = ? and user_id is not null order by user_id limit 1)
           union all
           select (select a.user_id from audit_logs a where a.complex_id = ? and a.user_id > seen.user_id
                    order by a.user_id limit 1)
             from seen where seen.user_id is not null)
         select s.user_id as id,
                coalesce(u.first_name || ' ' || u.last_name,
                         (select a.user_name from audit_logs a where a.complex_id = ? and a.user_id = s.user_id
                           order by a.at desc limit 1)) as name
           from (select user_id from seen where user_id is not null limit 500) s left join users u on u.id = s.user_id
          order by 2, 1`,
        [complexId, complexId, complexId],
      );
      return rows.map((r) => ({ id: r.id as string, name: r.name as string }));
    },
  );
  app.get(
    '/audit-logs/:id',
    {
      config: { roles: ADMIN },
      schema: { tags: ['audit'], params: IdParams, response: { 200: AuditLogSchema, 404: ErrorSchema } },
    },
    async (request) => toAuditLog(await host.findOr404<AuditLog>(request, AuditLog, request.params.id)),
  );

  // ------------------------------------------------------------------ module switches
  app.get(
    '/modules',
    {
      // Residents too: their area (and app) shows what the complex has switched on (issue 12), also while their
      // property is locked (the payments part is drawn from it).
      config: { roles: [...BACK_OFFICE_ROLES, 'residente'], payments: true },
      schema: { tags: ['modules'], summary: 'Every module switch of the complex', response: { 200: ModulesSchema } },
    },
    async (request) => resolveModules(catalogue, (await complexOf(request)).modules),
  );
  app.put(
    '/modules',
    {
      config: { roles: STAFF },
      schema: {
        tags: ['modules'],
        summary: 'Set some or all switches (platform staff)',
        body: ModulesSchema,
        response: { 200: ModulesSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const body = request.body;
      const unknown = Object.keys(body).filter((name) => !catalogue.some((m) => m.name === name));
      if (unknown.length) {
        throw new ApiError(
          400,
          'UNKNOWN_MODULE',
          'Módulo desconocido.',
          Object.fromEntries(unknown.map((k) => [k, 'Módulo desconocido.'])),
        );
      }
      const complex = await complexOf(request);
      const before = resolveModules(catalogue, complex.modules);
      complex.modules = { ...complex.modules, ...body };
      const after = resolveModules(catalogue, complex.modules);
      host.audit(request, request.em, {
        resource: 'modules',
        recordId: complex.id,
        action: 'update',
        changes: changesOf(before, after),
        description: complex.name,
      });
      await request.em.flush();
      return after;
    },
  );

  // ------------------------------------------------------------------ the complex itself
  app.get(
    '',
    {
      config: { roles: BACK_OFFICE_ROLES },
      schema: { tags: ['complexes'], summary: 'The complex', response: { 200: ComplexSchema } },
    },
    async (request) => withResidents(request.em, await complexOf(request)),
  );
  app.put(
    '',
    {
      config: { roles: ADMIN },
      schema: {
        tags: ['complexes'],
        summary: 'Edit the complex (Editar Conjunto)',
        body: ComplexEditSchema,
        response: { 200: ComplexSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const body = blankToNull(fieldsOf(ComplexEditSchema, request.body));
      checkThemeColor(body.themeColor);
      const complex = await complexOf(request);
      // Audited without the residents: counted, not stored (an edit does not change them).
      const before = toComplex(complex, 0);
      request.em.assign(complex, body as never);
      host.audit(request, request.em, {
        resource: 'complexes',
        recordId: complex.id,
        action: 'update',
        changes: changesOf(before, toComplex(complex, 0)),
        description: complex.name,
      });
      await request.em.flush();
      return withResidents(request.em, complex);
    },
  );
}
