// Plates and tags share one set of routes (spec 002 §2.5 screens 11 and 12: "tags: the same as plates"), mounted
// once per resource under its own switch (PlacasResidentes, TagsResidentes): the list (search, filters, export),
// one record, create, edit, delete, block with a reason and unblock, the report and the bulk import (the host's, see vehicle-import.ts). A resident
// reads only their own unit's; the board reads all; administrators write. Every write is audited.
import {
  ApiError,
  changesOf,
  ERROR_RESPONSES,
  ErrorSchema,
  fieldsOf,
  formatDateTime,
  type HostServices,
  IdParams,
  invalid,
  notFound,
  onUniqueViolation,
  type PluginApp,
} from '@conjunto/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { FastifyRequest } from 'fastify';
import {
  VehicleBlockSchema,
  VehicleCreateSchema,
  VehicleReportQuerySchema,
  VehicleSchema,
  VehicleUpdateSchema,
} from '../vehicles.schemas.ts';
import {
  normalizeValue,
  STATUS_LABELS,
  VEHICLE_MESSAGES,
  type VehicleKind,
  type VehicleStatus,
  valuePattern,
} from '../vehicles.ts';
import { duplicateOf, vehicleImport } from './vehicle-import.ts';

/** What a stored plate or tag holds (the two entities have the same properties). */
export interface VehicleRecord {
  id: string;
  complexId: string;
  value: string;
  status: string;
  unitId: string;
  unitNumber?: string | null;
  residentId?: string | null;
  residentName?: string | null;
  blockReason?: string | null;
  blockedAt?: Date | string | null;
  createdAt: Date | string;
}

const iso = (value: Date | string | null | undefined) => (value == null ? null : new Date(value).toISOString());

export const toVehicle = (v: VehicleRecord) => ({
  id: v.id,
  value: v.value,
  status: v.status as VehicleStatus,
  unitId: v.unitId,
  unitNumber: v.unitNumber ?? null,
  residentId: v.residentId ?? null,
  residentName: v.residentName ?? null,
  blockReason: v.blockReason ?? null,
  blockedAt: iso(v.blockedAt),
  createdAt: iso(v.createdAt)!,
});
type VehicleItem = ReturnType<typeof toVehicle>;

/** Roles that read every plate of the complex; a caller with none of them is a resident and reads their unit's. */
const COMPLEX_READERS = ['administrador', 'superAdministrador', 'directiva'];

/** The spreadsheet columns of the list's export and of the report, under the screen's labels. */
const sheetColumns = (kind: VehicleKind) => ({
  value: VEHICLE_MESSAGES[kind].column,
  status: { header: 'Estado', value: (v: VehicleItem) => STATUS_LABELS[v.status] ?? v.status },
  unitNumber: 'Destino',
  residentName: 'Residente',
  blockReason: 'Observación de bloqueo',
  blockedAt: { header: 'Fecha de bloqueo', value: (v: VehicleItem) => (v.blockedAt ? formatDateTime(v.blockedAt) : '') },
  createdAt: { header: 'Fecha de registro', value: (v: VehicleItem) => formatDateTime(v.createdAt) },
});

export function vehicleRoutes(app: PluginApp, host: HostServices, kind: VehicleKind, entity: unknown) {
  const tags = ['residents'];
  const texts = VEHICLE_MESSAGES[kind];
  const noun = kind === 'plates' ? 'plate' : 'tag';
  const em = (request: FastifyRequest) => host.em(request) as SqlEntityManager;
  const residentOnly = (request: FastifyRequest) => !host.context(request).roles.some((role) => COMPLEX_READERS.includes(role));
  const duplicate = duplicateOf(kind);
  const uniqueIndex = `${kind}_complex_value_unique`;

  /** The record of the path in the request's complex (404 otherwise); a resident's only when it is their unit's. */
  const load = async (request: FastifyRequest) => {
    const record = await host.findOr404<VehicleRecord>(request, entity, (request.params as { id: string }).id);
    if (residentOnly(request)) {
      const me = await host.directory(request).person(host.context(request).userId);
      if (!me?.unitId || me.unitId !== record.unitId) throw notFound();
    }
    return record;
  };

  /** The value normalised (upper case, no dashes) and checked: 400 with the spec's format. */
  const checkedValue = (raw: string) => {
    const value = normalizeValue(kind, raw);
    if (!valuePattern(kind).test(value)) throw invalid('value', texts.format);
    return value;
  };

  /** The destination must be a unit of the complex; the resident, when given, one who lives in it. */
  const checkDestination = async (request: FastifyRequest, unitId: string, residentId: string | null | undefined) => {
    const directory = host.directory(request);
    if (!(await directory.unit(unitId))) throw invalid('unitId', VEHICLE_MESSAGES.unitUnknown);
    if (!residentId) return;
    const [resident] = await directory.residents({ ids: [residentId], includeInactive: true });
    if (!resident || resident.unitId !== unitId) throw invalid('residentId', VEHICLE_MESSAGES.residentUnknown);
  };

  const assertFree = async (request: FastifyRequest, value: string, exceptId?: string) => {
    const rows = await em(request).execute(
      `select id from ${kind} where complex_id = ? and value = ?${exceptId ? ' and id <> ?' : ''} limit 1`,
      [host.context(request).complexId, value, ...(exceptId ? [exceptId] : [])],
    );
    if (rows.length) throw duplicate();
  };

  /** Flushes a change with its audit entry (one transaction); the unique index's refusal is the spec's 409. */
  const save = async (request: FastifyRequest, record: VehicleRecord, action: string, changes: unknown) => {
    host.audit(request, em(request), { resource: kind, recordId: record.id, action, changes, description: record.value });
    await em(request).flush().catch(onUniqueViolation(uniqueIndex, duplicate));
    // The formulas (unit number, resident name) as they are now.
    return toVehicle(
      await em(request)
        .fork()
        .findOneOrFail(entity as never, { id: record.id } as never),
    );
  };

  host.listRoute(app, {
    resource: kind,
    tags,
    summary: `List ${kind}; filters: status, unitId, residentId; q searches the value, the unit and the resident. A resident sees their unit's only`,
    entity,
    filters: { status: 'exact', unitId: 'exact', residentId: 'exact' },
    search: ['value', 'unitNumber', 'residentName'],
    sortable: ['value', 'status', 'unitNumber', 'residentName', 'createdAt', 'blockedAt'],
    sortAliases: { unitNumber: 'unitSort' },
    defaultSort: { field: 'createdAt', order: 'DESC' },
    // A resident's list: their own unit's (none while they have no unit).
    where: (request) =>
      residentOnly(request)
        ? {
            $sql: {
              text: 't.unit_id = (select d.unit_id from directory_people d where d.id = ?)',
              params: [host.context(request).userId],
            },
          }
        : {},
    item: VehicleSchema,
    exportColumns: sheetColumns(kind),
    toItem: (row: VehicleRecord) => toVehicle(row),
  });

  app.get(
    `/${kind}/report`,
    {
      schema: {
        tags,
        summary: `The ${kind} report as a spreadsheet (CSV or .xlsx with the dark-blue header), by unit; filters status and unitId`,
        querystring: VehicleReportQuerySchema,
      },
    },
    async (request, reply) => {
      const { status, unitId, format } = request.query;
      const records = (await em(request).find(
        entity as never,
        { complexId: host.context(request).complexId, ...(status && { status }), ...(unitId && { unitId }) } as never,
        { orderBy: { unitSort: 'ASC', value: 'ASC' } as never, limit: 100_000 },
      )) as VehicleRecord[];
      const columns = Object.entries(sheetColumns(kind)).map(([field, column]) =>
        typeof column === 'string'
          ? { header: column, value: (row: Record<string, unknown>) => row[field] }
          : { header: column.header, value: (row: Record<string, unknown>) => column.value(row as VehicleItem) },
      );
      return host.sheets.send(reply, {
        name: kind === 'plates' ? 'Reporte de placas' : 'Reporte de tags',
        file: kind === 'plates' ? 'reporte-placas' : 'reporte-tags',
        format: format ?? 'xlsx',
        columns,
        rows: records.map(toVehicle),
      });
    },
  );

  host.importRoute(app, vehicleImport(kind));

  app.get(
    `/${kind}/:id`,
    { schema: { tags, summary: `One ${noun}`, params: IdParams, response: { 200: VehicleSchema, 404: ErrorSchema } } },
    async (request) => toVehicle(await load(request)),
  );

  app.post(
    `/${kind}`,
    {
      config: { idempotent: true },
      schema: {
        tags,
        summary: `Register a ${noun} (value unique in the complex; destination unit and resident of that unit)`,
        body: VehicleCreateSchema,
        response: { 201: VehicleSchema, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const body = fieldsOf(VehicleCreateSchema, request.body);
      const value = checkedValue(body.value ?? '');
      await checkDestination(request, body.unitId!, body.residentId);
      await assertFree(request, value);
      const record = em(request).create(
        entity as never,
        {
          complexId: host.context(request).complexId,
          value,
          status: body.status ?? 'active',
          unitId: body.unitId,
          residentId: body.residentId ?? null,
        } as never,
      ) as VehicleRecord;
      const created = await save(request, record, 'create', {
        value,
        status: record.status,
        unitId: record.unitId,
        residentId: record.residentId ?? null,
      });
      return reply.status(201).send(created);
    },
  );

  app.put(
    `/${kind}/:id`,
    {
      schema: {
        tags,
        summary: `Edit a ${noun} (a blocked one keeps its status until it is unblocked)`,
        params: IdParams,
        body: VehicleUpdateSchema,
        response: { 200: VehicleSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const record = await load(request);
      const before = toVehicle(record);
      const body = fieldsOf(VehicleUpdateSchema, request.body);
      const value = body.value === undefined ? record.value : checkedValue(body.value);
      const unitId = body.unitId ?? record.unitId;
      const residentId = body.residentId === undefined ? (record.residentId ?? null) : body.residentId;
      if (body.status !== undefined && body.status !== record.status && record.status === 'blocked')
        throw new ApiError(409, 'BLOCKED', texts.blocked, { status: texts.blocked });
      await checkDestination(request, unitId, residentId);
      if (value !== record.value) await assertFree(request, value, record.id);
      Object.assign(record, { value, unitId, residentId, ...(body.status !== undefined && { status: body.status }) });
      return save(request, record, 'update', changesOf(before, { ...before, value, unitId, residentId, status: record.status }));
    },
  );

  app.post(
    `/${kind}/:id/block`,
    {
      schema: {
        tags,
        summary: `Block a ${noun} with a reason (the blocking observation)`,
        params: IdParams,
        body: VehicleBlockSchema,
        response: { 200: VehicleSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const record = await load(request);
      const reason = request.body.reason.trim();
      if (!reason) throw invalid('reason', VEHICLE_MESSAGES.reasonRequired);
      const before = toVehicle(record);
      Object.assign(record, { status: 'blocked', blockReason: reason, blockedAt: new Date() });
      return save(request, record, 'block', changesOf(before, { ...before, status: 'blocked', blockReason: reason }));
    },
  );

  app.post(
    `/${kind}/:id/unblock`,
    {
      schema: {
        tags,
        summary: `Unblock a ${noun} (active again; the blocking observation stays in the audit log)`,
        params: IdParams,
        response: { 200: VehicleSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const record = await load(request);
      if (record.status !== 'blocked') return toVehicle(record);
      const before = toVehicle(record);
      Object.assign(record, { status: 'active', blockReason: null, blockedAt: null });
      return save(request, record, 'unblock', changesOf(before, { ...before, status: 'active', blockReason: null }));
    },
  );

  app.delete(
    `/${kind}/:id`,
    {
      schema: { tags, summary: `Delete a ${noun}`, params: IdParams, response: { 200: VehicleSchema, ...ERROR_RESPONSES } },
    },
    async (request) => {
      const record = await load(request);
      const result = toVehicle(record);
      em(request).remove(record);
      host.audit(request, em(request), {
        resource: kind,
        recordId: record.id,
        action: 'delete',
        changes: result,
        description: record.value,
      });
      await em(request).flush();
      return result;
    },
  );
}
