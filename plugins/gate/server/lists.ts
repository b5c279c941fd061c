// /api/complexes/:complexId/gate-lists: the black and white lists (Listas B/N) by cédula or plate, checked at
// every entry (entries.ts): a black-listed visitor raises the guard's warning notice.
import {
  ApiError,
  blank,
  changesOf,
  ERROR_RESPONSES,
  ErrorSchema,
  fieldsOf,
  formatDateTime,
  type HostServices,
  IdParams,
  invalid,
  isoOrNull,
  onUniqueViolation,
  type PluginApp,
} from '@conjunto/core';
import type { FastifyRequest } from 'fastify';
import type { Static } from 'typebox';
import { GATE_MESSAGES, normaliseIdNumber, normalisePlate } from '../gate.ts';
import { GateListCreateSchema, GateListItemSchema, GateListUpdateSchema } from '../schemas.ts';
import { em, tags } from './common.ts';
import { checkedIdNumber, checkedPlate } from './entries.ts';
import { GateListItem } from './list.entity.ts';

const RESOURCE = 'gate-lists';
type ListItem = Static<typeof GateListItemSchema>;
const KIND_LABELS: Record<string, string> = { negra: 'Lista negra', blanca: 'Lista blanca' };

export const toListItem = (l: GateListItem): ListItem => ({
  id: l.id,
  kind: l.kind as ListItem['kind'],
  idNumber: l.idNumber ?? null,
  plate: l.plate ?? null,
  name: l.name ?? null,
  reason: l.reason ?? null,
  createdByName: l.createdByName ?? null,
  createdAt: isoOrNull(l.createdAt) ?? '',
});
const describe = (l: { kind: string; idNumber?: string | null; plate?: string | null; name?: string | null }) =>
  `${KIND_LABELS[l.kind] ?? l.kind}: ${[l.name, l.idNumber, l.plate].filter(Boolean).join(' · ')}`;

const taken = () => new ApiError(409, 'LIST_TAKEN', GATE_MESSAGES.listTaken, { idNumber: GATE_MESSAGES.listTaken });
/** Either unique index (cédula, plate) refuses a value already on a list: 409. */
const onTaken = (error: unknown): never => {
  for (const index of ['gate_lists_complex_id_number_unique', 'gate_lists_complex_plate_unique']) {
    try {
      onUniqueViolation(index, taken)(error);
    } catch (mapped) {
      if (mapped !== error) throw mapped;
    }
  }
  throw error;
};

export function listRoutes(app: PluginApp, host: HostServices) {
  const load = (request: FastifyRequest) =>
    host.findOr404<GateListItem>(request, GateListItem, (request.params as { id: string }).id);
  /** At least a cédula or a plate, each normalised as the entries compare them. */
  const target = (idNumber: string | null | undefined, plate: string | null | undefined) => {
    const out = {
      idNumber: blank(idNumber) ? checkedIdNumber(idNumber) : null,
      plate: checkedPlate(plate),
    };
    if (!out.idNumber && !out.plate) throw invalid('idNumber', GATE_MESSAGES.listTarget);
    return out;
  };

  host.listRoute(app, {
    resource: RESOURCE,
    tags,
    summary:
      'The black and white lists, newest first; filters: kind (negra, blanca), idNumber, plate; q searches cédula, plate, name, reason',
    entity: GateListItem,
    filters: {
      kind: 'exact',
      idNumber: (value) => ({ idNumber: typeof value === 'string' ? normaliseIdNumber(value) : '' }),
      plate: (value) => ({ plate: typeof value === 'string' ? normalisePlate(value) : '' }),
    },
    search: ['idNumber', 'plate', 'name', 'reason'],
    sortable: ['createdAt', 'kind', 'name', 'idNumber', 'plate'],
    defaultSort: { field: 'createdAt', order: 'DESC' },
    item: GateListItemSchema,
    exportColumns: {
      kind: { header: 'Lista', value: (l: ListItem) => KIND_LABELS[l.kind] ?? l.kind },
      idNumber: 'Cédula',
      plate: 'Placa',
      name: 'Nombre',
      reason: 'Motivo',
      createdByName: 'Registrado por',
      createdAt: { header: 'Fecha', value: (l: ListItem) => formatDateTime(l.createdAt) },
    },
    toItem: (row: GateListItem) => toListItem(row),
  });

  app.get(
    `/${RESOURCE}/:id`,
    { schema: { tags, params: IdParams, response: { 200: GateListItemSchema, 404: ErrorSchema } } },
    async (request) => toListItem(await load(request)),
  );

  app.post(
    `/${RESOURCE}`,
    {
      schema: {
        tags,
        summary: 'Put a cédula or a plate on the black or the white list (409 when it is on a list already)',
        body: GateListCreateSchema,
        response: { 201: GateListItemSchema, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const body = fieldsOf(GateListCreateSchema, request.body);
      const { complexId, userId } = host.context(request);
      const item = em(host, request).create(GateListItem, {
        complexId,
        kind: body.kind as string,
        ...target(body.idNumber, body.plate),
        name: blank(body.name),
        reason: blank(body.reason),
        createdBy: userId,
      } as never);
      host.audit(request, em(host, request), {
        resource: RESOURCE,
        recordId: item.id,
        action: 'create',
        changes: toListItem(item),
        description: describe(item),
      });
      await em(host, request).flush().catch(onTaken);
      return reply.status(201).send(toListItem(await reload(host, request, item.id)));
    },
  );

  app.put(
    `/${RESOURCE}/:id`,
    { schema: { tags, params: IdParams, body: GateListUpdateSchema, response: { 200: GateListItemSchema, ...ERROR_RESPONSES } } },
    async (request) => {
      const item = await load(request);
      const before = toListItem(item);
      const body = fieldsOf(GateListUpdateSchema, request.body);
      if (body.kind !== undefined) item.kind = body.kind;
      const next = target(
        body.idNumber === undefined ? item.idNumber : body.idNumber,
        body.plate === undefined ? item.plate : body.plate,
      );
      item.idNumber = next.idNumber;
      item.plate = next.plate;
      if (body.name !== undefined) item.name = blank(body.name);
      if (body.reason !== undefined) item.reason = blank(body.reason);
      host.audit(request, em(host, request), {
        resource: RESOURCE,
        recordId: item.id,
        action: 'update',
        changes: changesOf(before, toListItem(item)),
        description: describe(item),
      });
      await em(host, request).flush().catch(onTaken);
      return toListItem(await reload(host, request, item.id));
    },
  );

  app.delete(
    `/${RESOURCE}/:id`,
    { schema: { tags, params: IdParams, response: { 200: GateListItemSchema, ...ERROR_RESPONSES } } },
    async (request) => {
      const item = await load(request);
      const result = toListItem(item);
      em(host, request).remove(item);
      host.audit(request, em(host, request), {
        resource: RESOURCE,
        recordId: item.id,
        action: 'delete',
        changes: result,
        description: describe(item),
      });
      await em(host, request).flush();
      return result;
    },
  );
}

async function reload(host: HostServices, request: FastifyRequest, id: string) {
  const fresh = await em(host, request)
    .fork()
    .findOne(GateListItem, { id, complexId: host.context(request).complexId });
  if (!fresh) throw new Error(`list item ${id} vanished after its write`);
  return fresh;
}
