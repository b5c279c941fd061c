// /api/platform/complexes: platform staff create complexes (initialising each plugin's data) and change them.
// Complexes are deactivated, never deleted: their records and audit history stay.
import {
  CLOSED,
  changesOf,
  ERROR_RESPONSES,
  ErrorSchema,
  fieldsOf,
  IdParams,
  type PluginApp,
  type ServerPlugin,
} from '@conjunto/core';
import type { FastifyRequest } from 'fastify';
import { type Static, Type } from 'typebox';
import { fullName } from '../auth/access.ts';
import { Complex } from '../directory/complex.entity.ts';
import { blankToNull, checkThemeColor } from '../directory/rules.ts';
import { ComplexPlatformWriteSchema, ComplexSchema } from '../directory/schemas.ts';
import { residentCounts, toComplex, withResidents } from '../directory/serialize.ts';
import { findOr404, listRoute } from '../list.ts';
import { recordAudit } from './audit.ts';

type ComplexWrite = Static<typeof ComplexPlatformWriteSchema>;
const tags = ['complexes'];
const actor = (request: FastifyRequest, complexId: string) => ({
  complexId,
  userId: request.user.id,
  userName: fullName(request.user),
});

export async function complexRoutes(app: PluginApp, plugins: readonly ServerPlugin[]) {
  listRoute<Complex, ReturnType<typeof toComplex>>(app, {
    resource: 'complexes',
    roles: ['superAdministrador'],
    tags,
    entity: Complex,
    filters: { isActive: 'exact', companyId: 'exact' },
    search: ['name', 'ruc', 'city'],
    sortable: ['name', 'city', 'createdAt', 'isActive'],
    defaultSort: { field: 'name', order: 'ASC' },
    item: ComplexSchema,
    exportColumns: {
      name: 'Nombre',
      ruc: 'RUC',
      address: 'Dirección',
      city: 'Ciudad',
      province: 'Provincia',
      contactName: 'Contacto',
      contactPhone: 'Teléfono',
      contactEmail: 'Correo',
      themeColor: 'Color',
      residentCount: 'Residentes',
      parkingCount: 'Parqueaderos',
      createdAt: { header: 'Creado', value: (c) => c.createdAt.slice(0, 10) },
      isActive: { header: 'Activo', value: (c) => (c.isActive ? 'Sí' : 'No') },
    },
    toItems: async (request, rows: Complex[]) => {
      const residents = await residentCounts(
        request.em,
        rows.map((c) => c.id),
      );
      return rows.map((c) => toComplex(c, residents.get(c.id) ?? 0));
    },
  });

  app.get(
    '/complexes/:id',
    { schema: { tags, params: IdParams, response: { 200: ComplexSchema, 404: ErrorSchema } } },
    async (request) => withResidents(request.em, await findOr404<Complex>(request.em, Complex, request.params.id)),
  );

  app.post(
    '/complexes',
    { schema: { tags, body: ComplexPlatformWriteSchema, response: { 201: ComplexSchema, ...ERROR_RESPONSES } } },
    async (request, reply) => {
      const body = blankToNull(fieldsOf(ComplexPlatformWriteSchema, request.body) as ComplexWrite);
      checkThemeColor(body.themeColor);
      const complex = await request.em.transactional(async (em) => {
        const created = em.create(Complex, { ...body, modules: {} } as never);
        recordAudit(em, actor(request, created.id), {
          resource: 'complexes',
          recordId: created.id,
          action: 'create',
          changes: toComplex(created, 0),
          description: created.name,
        });
        await em.flush();
        for (const plugin of plugins) await plugin.onComplexCreated?.(em, created.id);
        return created;
      });
      return reply.status(201).send(await withResidents(request.em, complex));
    },
  );

  app.put(
    '/complexes/:id',
    {
      schema: {
        tags,
        params: IdParams,
        body: Type.Partial(ComplexPlatformWriteSchema, CLOSED),
        response: { 200: ComplexSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const complex = await findOr404<Complex>(request.em, Complex, request.params.id);
      const body = blankToNull(fieldsOf(ComplexPlatformWriteSchema, request.body));
      checkThemeColor(body.themeColor);
      // Audited without the residents: counted, not stored (an edit does not change them).
      const before = toComplex(complex, 0);
      await request.em.transactional(async (em) => {
        em.assign(complex, body as never);
        // Spec 002 §4: the residents of a complex follow its active flag. Back-office users keep theirs:
        // their access to this complex already ends with it, their other complexes stay theirs.
        if (body.isActive !== undefined && body.isActive !== before.isActive) {
          await em.execute('update users set is_active = ? where residence_complex_id = ?', [body.isActive, complex.id], 'run');
        }
        recordAudit(em, actor(request, complex.id), {
          resource: 'complexes',
          recordId: complex.id,
          action: 'update',
          changes: changesOf(before, toComplex(complex, 0)),
          description: complex.name,
        });
      });
      return withResidents(request.em, complex);
    },
  );
}
