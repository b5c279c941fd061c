// Platform staff (superAdministrador): companies, complexes, users and the platform-wide plugin switches.
// Also the two lists every signed-in user needs: installed plugins and the module catalogue.
import { ApiError, BACK_OFFICE_ROLES, ErrorSchema, forbidden, IdParams, type ListQuery, ListQuerySchema, type ModuleSwitch, moduleSwitchName, notFound, parseListQuery, type ServerPlugin } from '@conjunto/core';
import { hash } from '@node-rs/argon2';
import type { SqlEntityManager as EntityManager } from '@mikro-orm/sql';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type, type Static } from 'typebox';
import { Company } from '../directory/company.entity.ts';
import { Complex } from '../directory/complex.entity.ts';
import { blankToNull, checkThemeColor } from '../directory/routes.ts';
import { ComplexPlatformWriteSchema, ComplexSchema } from '../directory/schemas.ts';
import { changesOf, toComplex } from '../directory/serialize.ts';
import { User, UserComplex } from '../directory/user.entity.ts';
import { isUuid, listEntities } from '../list.ts';
import { AuditLog, PlatformPlugin } from './platform.entities.ts';
import { CompanySchema, CompanyWriteSchema, PluginStateSchema, UserSchema, UserWriteSchema } from './schemas.ts';

export const USER_MESSAGES = {
  emailTaken: '¡Correo ya registrado!',
  idNumberTaken: '¡C.I. o RUC ya registrado!',
  idNumberFormat: '¡Solo se permiten números, + y /!',
  passwordRequired: '¡Este campo es requerido!',
} as const;

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema };
const iso = (d: Date | null | undefined) => (d ? new Date(d).toISOString() : null);

const toCompany = (c: Company) => ({
  id: c.id,
  name: c.name,
  ruc: c.ruc ?? null,
  color: c.color ?? null,
  contactName: c.contactName ?? null,
  contactPhone: c.contactPhone ?? null,
  contactEmail: c.contactEmail ?? null,
  isActive: c.isActive,
  createdAt: iso(c.createdAt)!,
});

const toUser = (u: User, complexIds: string[]) => ({
  id: u.id,
  firstName: u.firstName,
  lastName: u.lastName,
  email: u.email,
  phone: u.phone ?? null,
  idNumber: u.idNumber ?? null,
  roles: u.roles,
  complexIds,
  companyId: u.companyId ?? null,
  residenceComplexId: u.residenceComplexId ?? null,
  unitId: u.unitId ?? null,
  isActive: u.isActive,
  legalAccepted: u.legalAccepted,
  legalAcceptedAt: iso(u.legalAcceptedAt),
  createdAt: iso(u.createdAt)!,
});

async function complexIdsOf(em: EntityManager, userIds: string[]): Promise<Map<string, string[]>> {
  const map = new Map<string, string[]>(userIds.map((id) => [id, []]));
  if (!userIds.length) return map;
  for (const link of await em.find(UserComplex, { userId: { $in: userIds } })) map.get(link.userId)?.push(link.complexId);
  return map;
}

async function findOr404<T extends object>(em: EntityManager, entity: new () => T, id: string): Promise<T> {
  const row = isUuid(id) ? await em.findOne(entity as never, { id } as never) : null;
  if (!row) throw notFound();
  return row as T;
}

export async function platformRoutes(app: FastifyInstance, plugins: readonly ServerPlugin[], catalogue: readonly ModuleSwitch[]) {
  // ------------------------------------------------------------ any signed-in user
  const pluginStates = async (em: EntityManager) => {
    const stored = new Map((await em.find(PlatformPlugin, {})).map((p) => [p.id, p.enabled]));
    return plugins.map((p) => ({
      id: p.manifest.id,
      title: p.manifest.titleKey,
      enabled: stored.get(p.manifest.id) ?? true,
      moduleSwitch: moduleSwitchName(p.manifest) ?? null,
      dependsOn: [...(p.manifest.dependsOn ?? [])],
    }));
  };
  await app.register(async (scope) => {
    scope.addHook('onRequest', app.authenticate);
    scope.get('/plugins', { schema: { tags: ['platform'], summary: 'Installed plugins and whether they are enabled', response: { 200: Type.Array(PluginStateSchema) } } }, (request) =>
      pluginStates(request.em),
    );
    scope.get(
      '/modules/catalogue',
      {
        schema: {
          tags: ['modules'],
          summary: 'Every module switch with its label and default',
          response: { 200: Type.Array(Type.Object({ name: Type.String(), label: Type.String(), default: Type.Boolean() })) },
        },
      },
      async () => catalogue,
    );
  });

  // ------------------------------------------------------------ platform staff only
  await app.register(
    async (scope) => {
      scope.addHook('onRequest', async (request) => {
        await app.authenticate(request);
        if (!request.user.roles.includes('superAdministrador')) throw forbidden();
      });
      const list = (request: FastifyRequest) => parseListQuery(request.query as ListQuery);

      scope.get('/plugins', { schema: { tags: ['platform'], response: { 200: Type.Array(PluginStateSchema) } } }, (request) => pluginStates(request.em));
      scope.put(
        '/plugins/:id',
        { schema: { tags: ['platform'], summary: 'Enable or disable a plugin for the whole platform', params: IdParams, body: Type.Object({ enabled: Type.Boolean() }), response: { 200: PluginStateSchema, ...errors } } },
        async (request) => {
          const { id } = request.params as { id: string };
          if (!plugins.some((p) => p.manifest.id === id)) throw notFound();
          const { enabled } = request.body as { enabled: boolean };
          await request.em.upsert(PlatformPlugin, { id, enabled });
          return (await pluginStates(request.em)).find((p) => p.id === id)!;
        },
      );

      // ---- companies
      scope.get('/companies', { schema: { tags: ['companies'], querystring: ListQuerySchema, response: { 200: Type.Array(CompanySchema) } } }, async (request, reply) =>
        (
          await listEntities<Company>(request.em, Company, list(request), { resource: 'companies', filters: ['isActive'], search: ['name', 'ruc', 'contactName'], sortable: ['name', 'createdAt', 'isActive'], defaultSort: { field: 'name', order: 'ASC' } }, {}, reply)
        ).map(toCompany),
      );
      scope.get('/companies/:id', { schema: { tags: ['companies'], params: IdParams, response: { 200: CompanySchema, 404: ErrorSchema } } }, async (request) =>
        toCompany(await findOr404(request.em, Company, (request.params as { id: string }).id)),
      );
      scope.post('/companies', { schema: { tags: ['companies'], body: CompanyWriteSchema, response: { 201: CompanySchema, ...errors } } }, async (request, reply) => {
        const body = blankToNull(request.body as Static<typeof CompanyWriteSchema>);
        checkThemeColor(body.color);
        const company = request.em.create(Company, body as never);
        await request.em.flush();
        return reply.status(201).send(toCompany(company));
      });
      scope.put('/companies/:id', { schema: { tags: ['companies'], params: IdParams, body: Type.Partial(CompanyWriteSchema), response: { 200: CompanySchema, ...errors } } }, async (request) => {
        const company = await findOr404(request.em, Company, (request.params as { id: string }).id);
        const body = blankToNull(request.body as Partial<Static<typeof CompanyWriteSchema>>);
        checkThemeColor(body.color);
        request.em.assign(company, body as never);
        await request.em.flush();
        return toCompany(company);
      });
      scope.delete('/companies/:id', { schema: { tags: ['companies'], params: IdParams, response: { 200: CompanySchema, ...errors } } }, async (request) => {
        const company = await findOr404(request.em, Company, (request.params as { id: string }).id);
        request.em.remove(company);
        await request.em.flush();
        return toCompany(company);
      });

      // ---- complexes
      scope.get('/complexes', { schema: { tags: ['complexes'], querystring: ListQuerySchema, response: { 200: Type.Array(ComplexSchema) } } }, async (request, reply) =>
        (
          await listEntities<Complex>(
            request.em,
            Complex,
            list(request),
            { resource: 'complexes', filters: ['isActive', 'companyId'], search: ['name', 'ruc', 'city'], sortable: ['name', 'city', 'createdAt', 'isActive'], defaultSort: { field: 'name', order: 'ASC' } },
            {},
            reply,
          )
        ).map(toComplex),
      );
      scope.get('/complexes/:id', { schema: { tags: ['complexes'], params: IdParams, response: { 200: ComplexSchema, 404: ErrorSchema } } }, async (request) =>
        toComplex(await findOr404(request.em, Complex, (request.params as { id: string }).id)),
      );
      const audit = (request: FastifyRequest, em: EntityManager, complexId: string, action: string, changes: unknown) =>
        em.persist(
          em.create(AuditLog, {
            complexId,
            userId: request.user.id,
            userName: `${request.user.first_name} ${request.user.last_name}`,
            resource: 'complexes',
            recordId: complexId,
            action,
            changes,
          } as never),
        );
      scope.post('/complexes', { schema: { tags: ['complexes'], body: ComplexPlatformWriteSchema, response: { 201: ComplexSchema, ...errors } } }, async (request, reply) => {
        const body = blankToNull(request.body as Static<typeof ComplexPlatformWriteSchema>);
        checkThemeColor(body.themeColor);
        const complex = await request.em.transactional(async (em) => {
          const created = em.create(Complex, { ...body, modules: {} } as never);
          audit(request, em, created.id, 'create', toComplex(created));
          await em.flush();
          for (const plugin of plugins) await plugin.onComplexCreated?.(em, created.id);
          return created;
        });
        return reply.status(201).send(toComplex(complex));
      });
      scope.put('/complexes/:id', { schema: { tags: ['complexes'], params: IdParams, body: Type.Partial(ComplexPlatformWriteSchema), response: { 200: ComplexSchema, ...errors } } }, async (request) => {
        const complex = await findOr404(request.em, Complex, (request.params as { id: string }).id);
        const body = blankToNull(request.body as Partial<Static<typeof ComplexPlatformWriteSchema>>);
        checkThemeColor(body.themeColor);
        const before = toComplex(complex);
        await request.em.transactional(async (em) => {
          em.assign(complex, body as never);
          // Spec 002 §4: the residents of a complex follow its active flag. Back-office users keep theirs:
          // their access to this complex already ends with it, their other complexes stay theirs.
          if (body.isActive !== undefined && body.isActive !== before.isActive) {
            await em.execute('update users set is_active = ? where residence_complex_id = ?', [body.isActive, complex.id], 'run');
          }
          audit(request, em, complex.id, 'update', changesOf(before, toComplex(complex)));
        });
        return toComplex(complex);
      });

      // ---- users
      const checkUser = async (em: EntityManager, body: Partial<Static<typeof UserWriteSchema>>, id?: string) => {
        const other = id ?? '00000000-0000-0000-0000-000000000000';
        if (body.email && (await em.count(User, { email: body.email.trim().toLowerCase(), id: { $ne: other } }))) {
          throw new ApiError(409, 'EMAIL_TAKEN', USER_MESSAGES.emailTaken, { email: USER_MESSAGES.emailTaken });
        }
        if (body.idNumber) {
          if (!/^[0-9+/]+$/.test(body.idNumber)) throw new ApiError(400, 'VALIDATION', USER_MESSAGES.idNumberFormat, { idNumber: USER_MESSAGES.idNumberFormat });
          if (await em.count(User, { idNumber: body.idNumber, id: { $ne: other } })) {
            throw new ApiError(409, 'ID_NUMBER_TAKEN', USER_MESSAGES.idNumberTaken, { idNumber: USER_MESSAGES.idNumberTaken });
          }
        }
        if (body.complexIds?.length && (await em.count(Complex, { id: { $in: body.complexIds } })) !== body.complexIds.length) {
          throw new ApiError(400, 'VALIDATION', 'El conjunto no existe.', { complexIds: 'El conjunto no existe.' });
        }
      };
      const setLinks = async (em: EntityManager, userId: string, complexIds: string[] | undefined) => {
        if (!complexIds) return;
        await em.nativeDelete(UserComplex, { userId });
        for (const complexId of complexIds) em.create(UserComplex, { userId, complexId });
      };
      const userFields = async (body: Partial<Static<typeof UserWriteSchema>>) => {
        const { password, complexIds: _links, ...fields } = body;
        return {
          ...fields,
          ...(fields.email && { email: fields.email.trim().toLowerCase() }),
          ...(password && { passwordHash: await hash(password) }),
        };
      };

      scope.get('/users', { schema: { tags: ['users'], querystring: ListQuerySchema, response: { 200: Type.Array(UserSchema) } } }, async (request, reply) => {
        // `staff: true` keeps back-office users only (residents are managed inside their complex).
        const { staff, ...filter } = list(request).filter;
        const rows = await listEntities<User>(
          request.em,
          User,
          { ...list(request), filter },
          { resource: 'users', filters: ['isActive', 'companyId', 'residenceComplexId'], contains: ['roles'], search: ['firstName', 'lastName', 'email', 'idNumber'], sortable: ['lastName', 'firstName', 'email', 'createdAt', 'isActive'], defaultSort: { field: 'lastName', order: 'ASC' } },
          staff === true ? { $or: BACK_OFFICE_ROLES.map((role) => ({ roles: { $contains: [role] } })) } : {},
          reply,
        );
        const links = await complexIdsOf(request.em, rows.map((u) => u.id));
        return rows.map((u) => toUser(u, links.get(u.id)!));
      });
      scope.get('/users/:id', { schema: { tags: ['users'], params: IdParams, response: { 200: UserSchema, 404: ErrorSchema } } }, async (request) => {
        const user = await findOr404(request.em, User, (request.params as { id: string }).id);
        return toUser(user, (await complexIdsOf(request.em, [user.id])).get(user.id)!);
      });
      scope.post('/users', { schema: { tags: ['users'], body: UserWriteSchema, response: { 201: UserSchema, ...errors } } }, async (request, reply) => {
        const body = request.body as Static<typeof UserWriteSchema>;
        if (!body.password) throw new ApiError(400, 'VALIDATION', USER_MESSAGES.passwordRequired, { password: USER_MESSAGES.passwordRequired });
        await checkUser(request.em, body);
        const fields = await userFields(body);
        const user = await request.em.transactional(async (em) => {
          const created = em.create(User, fields as never);
          await em.flush();
          await setLinks(em, created.id, body.complexIds ?? []);
          return created;
        });
        return reply.status(201).send(toUser(user, body.complexIds ?? []));
      });
      scope.put('/users/:id', { schema: { tags: ['users'], params: IdParams, body: Type.Partial(UserWriteSchema), response: { 200: UserSchema, ...errors } } }, async (request) => {
        const user = await findOr404(request.em, User, (request.params as { id: string }).id);
        const body = request.body as Partial<Static<typeof UserWriteSchema>>;
        await checkUser(request.em, body, user.id);
        const fields = await userFields(body);
        await request.em.transactional(async (em) => {
          em.assign(user, fields as never);
          await setLinks(em, user.id, body.complexIds);
        });
        return toUser(user, (await complexIdsOf(request.em, [user.id])).get(user.id)!);
      });
      scope.delete('/users/:id', { schema: { tags: ['users'], params: IdParams, response: { 200: UserSchema, ...errors } } }, async (request) => {
        const user = await findOr404(request.em, User, (request.params as { id: string }).id);
        if (user.id === request.user.id) throw new ApiError(409, 'SELF_DELETE', 'No puede eliminar su propio usuario.');
        const links = (await complexIdsOf(request.em, [user.id])).get(user.id)!;
        request.em.remove(user);
        await request.em.flush();
        return toUser(user, links);
      });
    },
    { prefix: '/platform' },
  );
}
