// Platform staff's tools on one complex (spec 000 §2.2): conjuntos/cargardatos/:id (its units and residents from one
// file, through the host's import), conjuntos/newuser/:id (its administrators, invited by e-mail to set their
// password) and conjuntos/unidadesH/:id (its units). Mounted as a complex scope under
// /api/platform/complexes/:complexId: the same tenancy as every complex route (an unknown complex 404), staff only
// (403 for others), and Idempotency-Key on the creating POSTs.
import { ApiError, CLOSED, ERROR_RESPONSES, type HostServices, type PluginApp } from '@conjunto/core';
import type { FastifyInstance } from 'fastify';
import { type Static, Type } from 'typebox';
import { normalizeEmail } from '../auth/access.ts';
import { queuePasswordLinkMail } from '../auth/password-links.ts';
import { bulkImport } from '../directory/imports.ts';
import { RESIDENT_MESSAGES } from '../directory/residents.ts';
import { UnitSchema } from '../directory/schemas.ts';
import { toUnit } from '../directory/serialize.ts';
import { Unit } from '../directory/unit.entity.ts';
import { User, UserComplex } from '../directory/user.entity.ts';
import { jobRoutes } from '../jobs.ts';

export const PLATFORM_COMPLEX_PREFIX = '/api/platform/complexes/:complexId';
const STAFF = ['superAdministrador'] as const;
const tags = ['platform'];
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

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

const ADMINS_SQL = `(select u.id, u.first_name, u.last_name, u.email, u.phone, u.id_number, u.is_active, uc.complex_id
    from users u join user_complexes uc on uc.user_id = u.id where u.roles @> '["administrador"]'::jsonb)`;

const field = (status: number, code: string, name: string, message: string) =>
  new ApiError(status, code, message, { [name]: message });

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
      const { complexId } = host.context(request);
      const body = request.body as AdministratorWrite;
      const errors: Record<string, string> = {};
      const firstName = body.firstName.trim();
      const lastName = body.lastName.trim();
      const email = normalizeEmail(body.email.trim());
      const phone = body.phone?.trim() || null;
      const idNumber = body.idNumber?.trim() || null;
      if (!firstName) errors.firstName = RESIDENT_MESSAGES.required;
      if (!lastName) errors.lastName = RESIDENT_MESSAGES.required;
      if (!EMAIL.test(email)) errors.email = RESIDENT_MESSAGES.emailInvalid;
      if (idNumber && !/^[0-9+/]+$/.test(idNumber)) errors.idNumber = RESIDENT_MESSAGES.idNumberFormat;
      if (Object.keys(errors).length) throw new ApiError(400, 'VALIDATION', Object.values(errors)[0], errors);
      const created = await request.em.transactional(async (em) => {
        if ((await em.execute('select 1 from users where email = ?', [email])).length)
          throw field(409, 'EMAIL_TAKEN', 'email', RESIDENT_MESSAGES.emailTaken);
        if (idNumber && (await em.execute('select 1 from users where id_number = ?', [idNumber])).length)
          throw field(409, 'ID_NUMBER_TAKEN', 'idNumber', RESIDENT_MESSAGES.idNumberTaken);
        const user = em.create(User, {
          firstName,
          lastName,
          email,
          phone,
          idNumber,
          roles: ['administrador'],
          isActive: true,
        } as never);
        em.create(UserComplex, { userId: user.id, complexId });
        await em.flush().catch((error: unknown) => {
          throw /users_email_unique/.test(String((error as Error).message))
            ? field(409, 'EMAIL_TAKEN', 'email', RESIDENT_MESSAGES.emailTaken)
            : /users_id_number_unique/.test(String((error as Error).message))
              ? field(409, 'ID_NUMBER_TAKEN', 'idNumber', RESIDENT_MESSAGES.idNumberTaken)
              : error;
        });
        const item = { id: user.id, firstName, lastName, email, phone, idNumber, isActive: true };
        host.audit(request, em, {
          resource: 'administrators',
          recordId: user.id,
          action: 'create',
          changes: item,
          description: `${firstName} ${lastName}`,
        });
        await queuePasswordLinkMail(em, {
          mail: request.server.mail,
          userId: user.id,
          purpose: 'invite',
          complexId,
          origin,
          actor: host.context(request),
        });
        return item;
      });
      return reply.status(201).send(created);
    },
  );
}
