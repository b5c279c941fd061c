// Housing units beyond their CRUD (routes.ts): the derived account fields from the ledger's plugin, the catalogues
// of unit types and sub-complexes (spec 002 §3 conjuntoConfig.Subconjuntos, §5 'Name field is required',
// 'A type with that name already exists'), the property lock (§4) and the owner's rights over the tenant (§3).
import {
  ApiError,
  changesOf,
  ERROR_RESPONSES,
  ErrorSchema,
  type HostServices,
  IdParams,
  type ModuleSwitch,
  newId,
  type PluginApp,
  type ServerPlugin,
  type UnitAccount,
} from '@conjunto/core';
import type { SqlEntityManager as EntityManager } from '@mikro-orm/sql';
import type { FastifyRequest } from 'fastify';
import type { Static } from 'typebox';
import { moduleGate } from '../tenancy.ts';
import {
  CatalogueItemSchema,
  CatalogueWriteSchema,
  DERIVED_UNIT_FIELDS,
  MyUnitSchema,
  TenantBlocksSchema,
  UnitLockSchema,
  UnitSchema,
} from './schemas.ts';
import type { toUnit } from './serialize.ts';
import { SubComplex, Unit, UnitType } from './unit.entity.ts';

const ADMIN = ['administrador', 'superAdministrador'] as const;
const READERS = [...ADMIN, 'directiva', 'supervisor'] as const;

/** Spanish in the tone of spec 002 §5 and §8 (whose texts are English there). */
export const UNITS_MESSAGES = {
  nameRequired: '¡El campo nombre es obligatorio!',
  typeTaken: 'Ya existe un tipo con ese nombre',
  subComplexTaken: 'Ya existe un subconjunto con ese nombre',
  typeInUse: 'No se puede eliminar: hay unidades habitacionales de este tipo.',
  subComplexInUse: 'No se puede eliminar: hay unidades habitacionales en este subconjunto.',
  derived: 'Este valor se calcula de la contabilidad: no se puede escribir.',
  lockFailed: 'Error al bloquear la propiedad.',
  noUnit: 'No tiene una unidad habitacional asignada.',
  notOwner: 'Solo el propietario de la unidad puede hacer esto.',
  blockNotAllowed: 'La administración no permite al propietario bloquear al inquilino de esta unidad.',
} as const;

// ------------------------------------------------------------------ derived account fields

export type UnitAccounts = (request: FastifyRequest, units: readonly Unit[]) => Promise<Map<string, UnitAccount>>;

/**
 * The ledger's answer for some units: asked of every installed plugin declaring unitAccounts that is enabled on
 * the platform and switched on for the complex. The host names no plugin: with none on, the fields are null.
 */
export function unitAccountsOf(plugins: readonly ServerPlugin[], catalogue: readonly ModuleSwitch[]): UnitAccounts {
  const providers = plugins
    .filter((p) => p.unitAccounts)
    .map((p) => ({ id: p.manifest.id, on: moduleGate(p, catalogue), read: p.unitAccounts! }));
  return async (request, units) => {
    const found = new Map<string, UnitAccount>();
    if (!providers.length || !units.length) return found;
    const complexId = units[0].complexId;
    const [complex] = await request.em.execute('select modules from complexes where id = ?', [complexId]);
    const disabled = new Set(
      (
        await request.em.execute('select id from platform_plugins where not enabled and id in (?)', [providers.map((p) => p.id)])
      ).map((r) => r.id as string),
    );
    for (const provider of providers) {
      if (disabled.has(provider.id) || !provider.on(complex?.modules)) continue;
      const accounts = await provider.read(
        { em: request.em, complexId },
        units.map((u) => u.id),
      );
      for (const account of accounts) found.set(account.unitId, account);
    }
    return found;
  };
}

/** The unit's derived fields: the tenant's balance is what the charges naming them owe; the owner's, the rest. */
export function derivedOf(unit: Unit, account: UnitAccount | undefined) {
  if (!account) return { lastPaymentDate: null, lastFee: null, ownerBalance: null, tenantBalance: null, inArrears: null };
  const cents = (v: string | undefined) => Math.round(Number(v ?? 0) * 100);
  const all = Object.values(account.balances).reduce((sum, v) => sum + cents(v), 0);
  const tenant = unit.tenantId ? cents(account.balances[unit.tenantId]) : 0;
  return {
    lastPaymentDate: account.lastPaymentDate,
    lastFee: account.lastFee === null ? null : Number(account.lastFee),
    ownerBalance: (all - tenant) / 100,
    tenantBalance: unit.tenantId ? tenant / 100 : null,
    inArrears: account.inArrears,
  };
}

/**
 * preValidation: a body that types a derived field is refused (the schema would silently drop it). An edit may
 * echo the unit's current values (a client sending back the record it read); a different value is refused.
 */
export const refuseDerived =
  (current?: (request: FastifyRequest) => Promise<Record<string, unknown> | undefined>) => async (request: FastifyRequest) => {
    const body = request.body as Record<string, unknown> | null;
    const carried = body && typeof body === 'object' && !Array.isArray(body) ? DERIVED_UNIT_FIELDS.filter((f) => f in body) : [];
    if (!carried.length) return;
    const now = current ? await current(request) : undefined;
    const typed = carried.filter((f) => !now || now[f] !== body![f]);
    if (typed.length)
      throw new ApiError(
        400,
        'DERIVED_FIELD',
        UNITS_MESSAGES.derived,
        Object.fromEntries(typed.map((f) => [f, UNITS_MESSAGES.derived])),
      );
  };

// ------------------------------------------------------------------ catalogues

type CatalogueWrite = Static<typeof CatalogueWriteSchema>;
const upper = (name: string) => name.trim().toUpperCase();

/**
 * Makes sure the unit's type and sub-complex are in the catalogues (a name typed in the unit form or an import
 * joins them), in the write's transaction.
 */
export async function ensureCatalogued(em: EntityManager, complexId: string, type?: string | null, subComplex?: string | null) {
  await ensureAllCatalogued(em, complexId, [{ type, subComplex }]);
}

/** ensureCatalogued for many units at once (a bulk import's chunk): one statement per catalogue. */
export async function ensureAllCatalogued(
  em: EntityManager,
  complexId: string,
  units: readonly { type?: string | null; subComplex?: string | null }[],
) {
  const add = async (table: string, names: (string | null | undefined)[]) => {
    const distinct = [...new Set(names.filter((n): n is string => Boolean(n)))];
    if (!distinct.length) return;
    await em.execute(
      `insert into ${table} (id, complex_id, name) values ${distinct.map(() => '(?, ?, ?)').join(', ')}
       on conflict (complex_id, name) do nothing`,
      distinct.flatMap((name) => [newId(), complexId, name]),
    );
  };
  await add(
    'unit_types',
    units.map((u) => u.type),
  );
  await add(
    'sub_complexes',
    units.map((u) => u.subComplex),
  );
}

const CATALOGUES = {
  'unit-types': { entity: UnitType, column: 'type', taken: UNITS_MESSAGES.typeTaken, inUse: UNITS_MESSAGES.typeInUse },
  'sub-complexes': {
    entity: SubComplex,
    column: 'sub_complex',
    taken: UNITS_MESSAGES.subComplexTaken,
    inUse: UNITS_MESSAGES.subComplexInUse,
  },
} as const;

export async function unitExtraRoutes(
  app: PluginApp,
  host: HostServices,
  withAccounts: (request: FastifyRequest, units: Unit[]) => Promise<ReturnType<typeof toUnit>[]>,
) {
  for (const [resource, c] of Object.entries(CATALOGUES)) {
    const tags = ['units'];
    const used = async (em: EntityManager, complexId: string, name: string) => {
      const [{ n }] = await em.execute(`select count(*)::int as n from units where complex_id = ? and ${c.column} = ?`, [
        complexId,
        name,
      ]);
      return Number(n);
    };
    const toItem = async (em: EntityManager, row: UnitType) => ({
      id: row.id,
      name: row.name,
      units: await used(em, row.complexId, row.name),
    });
    const clean = async (request: FastifyRequest, body: CatalogueWrite, id?: string) => {
      const name = upper(body.name ?? '');
      if (!name) throw new ApiError(400, 'VALIDATION', UNITS_MESSAGES.nameRequired, { name: UNITS_MESSAGES.nameRequired });
      const { complexId } = host.context(request);
      const clash = await request.em.execute(
        `select 1 from ${resource === 'unit-types' ? 'unit_types' : 'sub_complexes'} where complex_id = ? and name = ? and id <> ?`,
        [complexId, name, id ?? '00000000-0000-0000-0000-000000000000'],
      );
      if (clash.length) throw new ApiError(409, 'DUPLICATE', c.taken, { name: c.taken });
      return name;
    };
    // The catalogue with the units that use each entry (a delete is refused while any does).
    const table = resource === 'unit-types' ? 'unit_types' : 'sub_complexes';
    host.listRoute(app, {
      resource,
      roles: READERS,
      tags,
      table: `(select c.id, c.complex_id, c.name,
                 (select count(*)::int from units u where u.complex_id = c.complex_id and u.${c.column} = c.name) as units
               from ${table} c)`,
      columns: { id: 't.id', complexId: 't.complex_id', name: 't.name', units: 't.units' },
      search: ['name'],
      sortable: ['name', 'units'],
      defaultSort: { field: 'name', order: 'ASC' },
      item: CatalogueItemSchema,
      exportColumns: { name: 'Nombre', units: 'Unidades' },
      toItem: (row: { id: string; name: string; units: number }) => ({ id: row.id, name: row.name, units: Number(row.units) }),
    });
    app.get(
      `/${resource}/:id`,
      {
        config: { roles: READERS },
        schema: { tags, params: IdParams, response: { 200: CatalogueItemSchema, 404: ErrorSchema } },
      },
      async (request) => toItem(request.em, await host.findOr404<UnitType>(request, c.entity, request.params.id)),
    );
    app.post(
      `/${resource}`,
      {
        config: { roles: ADMIN },
        schema: { tags, body: CatalogueWriteSchema, response: { 201: CatalogueItemSchema, ...ERROR_RESPONSES } },
      },
      async (request, reply) => {
        const name = await clean(request, request.body);
        const { complexId } = host.context(request);
        const created = request.em.create(c.entity as typeof UnitType, { complexId, name } as never);
        host.audit(request, request.em, {
          resource,
          recordId: created.id,
          action: 'create',
          changes: { name },
          description: name,
        });
        await request.em.flush();
        return reply.status(201).send({ id: created.id, name, units: 0 });
      },
    );
    // A rename follows into the units that use the name (they store it, spec 002 §3).
    app.put(
      `/${resource}/:id`,
      {
        config: { roles: ADMIN },
        schema: {
          tags,
          params: IdParams,
          body: CatalogueWriteSchema,
          response: { 200: CatalogueItemSchema, ...ERROR_RESPONSES },
        },
      },
      async (request) => {
        const row = await host.findOr404<UnitType>(request, c.entity, request.params.id);
        const name = await clean(request, request.body, row.id);
        const before = row.name;
        await request.em.transactional(async (em) => {
          await em.execute(`update units set ${c.column} = ? where complex_id = ? and ${c.column} = ?`, [
            name,
            row.complexId,
            before,
          ]);
          row.name = name;
          host.audit(request, em, {
            resource,
            recordId: row.id,
            action: 'update',
            changes: changesOf({ name: before }, { name }),
            description: name,
          });
          await em.flush();
        });
        return toItem(request.em, row);
      },
    );
    app.delete(
      `/${resource}/:id`,
      {
        config: { roles: ADMIN },
        schema: { tags, params: IdParams, response: { 200: CatalogueItemSchema, ...ERROR_RESPONSES } },
      },
      async (request) => {
        const row = await host.findOr404<UnitType>(request, c.entity, request.params.id);
        const units = await used(request.em, row.complexId, row.name);
        if (units) throw new ApiError(409, 'IN_USE', c.inUse);
        host.audit(request, request.em, {
          resource,
          recordId: row.id,
          action: 'delete',
          changes: { name: row.name },
          description: row.name,
        });
        request.em.remove(row);
        await request.em.flush();
        return { id: row.id, name: row.name, units: 0 };
      },
    );
  }

  // ------------------------------------------------------------------ the property lock (spec 002 §4)
  app.put(
    '/units/:id/lock',
    {
      config: { roles: ADMIN },
      schema: {
        tags: ['units'],
        summary: "Lock or unlock the property: a locked unit's residents reach the payments part of the API only",
        params: IdParams,
        body: UnitLockSchema,
        response: { 200: UnitSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const unit = await host.findOr404<Unit>(request, Unit, request.params.id);
      const { locked } = request.body;
      if (unit.locked !== locked) {
        unit.locked = locked;
        host.audit(request, request.em, {
          resource: 'units',
          recordId: unit.id,
          action: locked ? 'lock' : 'unlock',
          changes: changesOf({ locked: !locked }, { locked }),
          description: unit.number,
        });
        await request.em.flush();
      }
      return (await withAccounts(request, [unit]))[0];
    },
  );

  // ------------------------------------------------------------------ the resident's own unit (owner rights)
  const myUnit = async (request: FastifyRequest) => {
    const { complexId, userId } = host.context(request);
    const unit = await request.em.findOne(Unit, { complexId, $or: [{ ownerId: userId }, { tenantId: userId }] });
    if (!unit) throw new ApiError(404, 'NO_UNIT', UNITS_MESSAGES.noUnit);
    return { unit, relation: unit.ownerId === userId ? ('owner' as const) : ('tenant' as const) };
  };
  const myUnitView = async (request: FastifyRequest, unit: Unit, relation: 'owner' | 'tenant') => {
    let tenant: Static<typeof MyUnitSchema>['tenant'] = null;
    // The owner sees the tenant only when the unit's settings allow it (spec 002 §3).
    if (relation === 'owner' && unit.ownerMaySeeTenant && unit.tenantId) {
      const [row] = await request.em.execute(
        `select id, first_name as "firstName", last_name as "lastName", email, phone, id_number as "idNumber", is_active as "isActive"
           from users where id = ? and residence_complex_id = ?`,
        [unit.tenantId, unit.complexId],
      );
      tenant = (row as unknown as typeof tenant) ?? null;
    }
    return {
      id: unit.id,
      number: unit.number,
      relation,
      locked: unit.locked,
      ownerMaySeeTenant: unit.ownerMaySeeTenant,
      ownerMayBlockTenant: unit.ownerMayBlockTenant,
      tenantAccessBlocked: unit.tenantAccessBlocked,
      tenantVisitsBlocked: unit.tenantVisitsBlocked,
      tenantReservationsBlocked: unit.tenantReservationsBlocked,
      tenant,
    };
  };
  app.get(
    '/my-unit',
    {
      config: { roles: ['residente'] },
      schema: {
        tags: ['units'],
        summary: "The resident's own unit: its settings, and its tenant when the owner may see them",
        response: { 200: MyUnitSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { unit, relation } = await myUnit(request);
      return myUnitView(request, unit, relation);
    },
  );
  app.put(
    '/my-unit/tenant-blocks',
    {
      config: { roles: ['residente'] },
      schema: {
        tags: ['units'],
        summary: "The owner blocks or unblocks the tenant's app access, visits or reservations (when the unit allows it)",
        body: TenantBlocksSchema,
        response: { 200: MyUnitSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { unit, relation } = await myUnit(request);
      if (relation !== 'owner') throw new ApiError(403, 'FORBIDDEN', UNITS_MESSAGES.notOwner);
      if (!unit.ownerMayBlockTenant) throw new ApiError(403, 'FORBIDDEN', UNITS_MESSAGES.blockNotAllowed);
      const body = request.body;
      const before = {
        tenantAccessBlocked: unit.tenantAccessBlocked,
        tenantVisitsBlocked: unit.tenantVisitsBlocked,
        tenantReservationsBlocked: unit.tenantReservationsBlocked,
      };
      for (const key of Object.keys(before) as (keyof typeof before)[]) if (body[key] !== undefined) unit[key] = body[key]!;
      host.audit(request, request.em, {
        resource: 'units',
        recordId: unit.id,
        action: 'update',
        changes: changesOf(before, {
          tenantAccessBlocked: unit.tenantAccessBlocked,
          tenantVisitsBlocked: unit.tenantVisitsBlocked,
          tenantReservationsBlocked: unit.tenantReservationsBlocked,
        }),
        description: unit.number,
      });
      await request.em.flush();
      return myUnitView(request, unit, relation);
    },
  );
}
