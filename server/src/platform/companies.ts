// /api/platform/companies: the companies (empresas) that own complexes.
import { CLOSED, ERROR_RESPONSES, ErrorSchema, fieldsOf, IdParams, type PluginApp } from '@conjunto/core';
import { type Static, Type } from 'typebox';
import { Company } from '../directory/company.entity.ts';
import { blankToNull, checkThemeColor } from '../directory/rules.ts';
import { toCompany } from '../directory/serialize.ts';
import { findOr404, listRoute } from '../list.ts';
import { CompanySchema, CompanyWriteSchema } from './schemas.ts';

type CompanyWrite = Static<typeof CompanyWriteSchema>;
const tags = ['companies'];
const idOf = (params: unknown) => (params as { id: string }).id;

export async function companyRoutes(app: PluginApp) {
  listRoute(app, {
    resource: 'companies',
    roles: ['superAdministrador'],
    tags,
    entity: Company,
    filters: { isActive: 'exact' },
    search: ['name', 'ruc', 'contactName'],
    sortable: ['name', 'createdAt', 'isActive'],
    defaultSort: { field: 'name', order: 'ASC' },
    item: CompanySchema,
    exportColumns: {
      name: 'Nombre',
      ruc: 'RUC',
      contactName: 'Contacto',
      contactPhone: 'Teléfono',
      contactEmail: 'Correo',
      isActive: { header: 'Activa', value: (c) => (c.isActive ? 'Sí' : 'No') },
    },
    toItem: (row: Company) => toCompany(row),
  });

  app.get(
    '/companies/:id',
    { schema: { tags, params: IdParams, response: { 200: CompanySchema, 404: ErrorSchema } } },
    async (request) => toCompany(await findOr404<Company>(request.em, Company, idOf(request.params))),
  );

  app.post(
    '/companies',
    { schema: { tags, body: CompanyWriteSchema, response: { 201: CompanySchema, ...ERROR_RESPONSES } } },
    async (request, reply) => {
      const body = blankToNull(fieldsOf(CompanyWriteSchema, request.body) as CompanyWrite);
      checkThemeColor(body.color, 'color');
      const company = request.em.create(Company, body as never);
      await request.em.flush();
      return reply.status(201).send(toCompany(company));
    },
  );

  app.put(
    '/companies/:id',
    {
      schema: {
        tags,
        params: IdParams,
        body: Type.Partial(CompanyWriteSchema, CLOSED),
        response: { 200: CompanySchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const company = await findOr404<Company>(request.em, Company, idOf(request.params));
      const body = blankToNull(fieldsOf(CompanyWriteSchema, request.body));
      checkThemeColor(body.color, 'color');
      request.em.assign(company, body as never);
      await request.em.flush();
      return toCompany(company);
    },
  );

  app.delete(
    '/companies/:id',
    { schema: { tags, params: IdParams, response: { 200: CompanySchema, ...ERROR_RESPONSES } } },
    async (request) => {
      const company = await findOr404<Company>(request.em, Company, idOf(request.params));
      request.em.remove(company);
      await request.em.flush();
      return toCompany(company);
    },
  );
}
