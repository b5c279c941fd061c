// Platform staff's tools on one complex (spec 000 §2.2): conjuntos/cargardatos/:id (its units and residents from one
// file, through the host's import), conjuntos/newuser/:id (its administrators, invited by e-mail to set their
// password) and conjuntos/unidadesH/:id (its units). Mounted as a complex scope under
// /api/platform/complexes/:complexId: the same tenancy as every complex route (an unknown complex 404), staff only
// (403 for others), and Idempotency-Key on the creating POSTs.
import { CLOSED, ERROR_RESPONSES, type HostServices, type PluginApp } from '@conjunto/core';
import type { FastifyInstance } from 'fastify';
import { type Static, Type } from 'typebox';
import { bulkImport } from '../directory/imports.ts';
import { UnitSchema } from '../directory/schemas.ts';
import { toUnit } from '../directory/serialize.ts';
import { Unit } from '../directory/unit.entity.ts';
import { jobRoutes } from '../jobs.ts';

export const PLATFORM_COMPLEX_PREFIX = '/api/platform/complexes/:complexId';
const STAFF = ['superAdministrador'] as const;
const tags = ['platform'];

const AdministratorSchema = Type.Object({
  id: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  email: Type.String(),
  phone: Type.Union([Type.String(), Type.Null()]),
  idNumber: Type.Union([Type.String(), Type.Null()]),
  isActive: Type.Boolean(),
});
const AdministratorWriteSchema = Type.Object(
  {
    firstName: Type.String({ minLength: 1, maxLength: 100 }),
    lastName: Type.String({ minLength: 1, maxLength: 100 }),
    email: Type.String({ minLength: 3, maxLength: 100 }),
    phone: Type.Optional(Type.Union([Type.String({ maxLength: 20 }), Type.Null()])),
    idNumber: Type.Optional(Type.Union([Type.String({ maxLength: 20 }), Type.Null()])),
  },
  CLOSED,
);
type AdministratorWrite = Static<typeof AdministratorWriteSchema>;

// The complex's staff view (migration server_0014) holds the same columns, one row per user and linked complex.
const ADMINS_SQL = `(select id, first_name, last_name, email, phone, id_number, is_active, complex_id
    from directory_staff where roles @> '["administrador"]'::jsonb)`;

export async function platformComplexRoutes(app: PluginApp, host: HostServices) {
  const origin = (app as unknown as FastifyInstance).publicUrl;

  // conjuntos/cargardatos/:id, and its job's progress (the complex's jobs, read by staff from this screen).
  host.importRoute(app as unknown as FastifyInstance, bulkImport(origin));
  jobRoutes(app);

  // conjuntos/unidadesH/:id
  host.listRoute(app, {
    resource: 'units',
    roles: STAFF,
    tags,
    summary: "The complex's housing units (platform staff, conjuntos/unidadesH)",
    entity: Unit,
    filters: { type: 'exact', subComplex: 'exact', isActive: 'exact' },
    search: ['number', 'type', 'subComplex'],
    sortable: ['number', 'aliquot', 'type', 'subComplex'],
    sortAliases: { number: 'numberSort' },
    defaultSort: { field: 'number', order: 'ASC' },
    item: UnitSchema,
    toItem: (row: Unit) => toUnit(row),
  });

  // conjuntos/newuser/:id
  host.listRoute(app, {
    resource: 'administrators',
    roles: STAFF,
    tags,
    summary: "The complex's administrators (platform staff)",
    table: ADMINS_SQL,
    columns: {
      id: 't.id',
      firstName: 't.first_name',
      lastName: 't.last_name',
      email: 't.email',
      phone: 't.phone',
      idNumber: 't.id_number',
      isActive: 't.is_active',
      complexId: 't.complex_id',
    },
    search: ['firstName', 'lastName', 'email'],
    sortable: ['lastName', 'firstName', 'email'],
    defaultSort: { field: 'lastName', order: 'ASC' },
    item: AdministratorSchema,
    toItem: (r: Record<string, unknown>) => ({
      id: r.id as string,
      firstName: r.firstName as string,
      lastName: r.lastName as string,
      email: r.email as string,
      phone: (r.phone as string | null) ?? null,
      idNumber: (r.idNumber as string | null) ?? null,
      isActive: Boolean(r.isActive),
    }),
  });

  app.post(
    '/administrators',
    {
      config: { roles: STAFF, idempotent: true },
      schema: {
        tags,
        summary:
          'New administrator of the complex (conjuntos/newuser): role administrador, linked to the complex, no password: an e-mailed link (72 h) sets it',
        body: AdministratorWriteSchema,
        response: { 201: AdministratorSchema, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      // The same invitation as host.staff's (checks, 409s, e-mailed link), audited in its transaction.
      const created = await request.em.transactional(async (em) => {
        const item = await host.staff.invite(request, em, 'administrador', request.body as AdministratorWrite);
        host.audit(request, em, {
          resource: 'administrators',
          recordId: item.id,
          action: 'create',
          changes: item,
          description: `${item.firstName} ${item.lastName}`,
        });
        return item;
      });
      return reply.status(201).send(created);
    },
  );
}
