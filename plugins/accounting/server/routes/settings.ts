// accounting-settings (singleton per complex), categories (rubros) and the bank catalogue.
import { changesOf, ERROR_RESPONSES, ErrorSchema, IdParams, type PluginApp } from '@conjunto/core';
import { ACCOUNTING_MESSAGES as M } from '../../manifest.ts';
import {
  BankSchema,
  CategoryCreateSchema,
  CategorySchema,
  CategoryUpdateSchema,
  SettingsSchema,
  SettingsUpdateSchema,
} from '../../schemas.ts';
import { categoryInUse, categoryTaken, cleanSubcategories, settingsOf, toCategory } from '../categories.ts';
import { Category } from '../ledger.entities.ts';
import { conflict } from '../ledger.ts';
import type { RouteKit } from './kit.ts';

export function settingsRoutes(app: PluginApp, k: RouteKit) {
  const tags = ['accounting'];

  app.get(
    '/accounting-settings',
    {
      schema: {
        tags,
        summary: 'Total fee, grace days, cheque numbering and the next receipt numbers',
        response: { 200: SettingsSchema },
      },
    },
    (request) => settingsOf(k.em(request), k.ctx(request).complexId),
  );
  app.put(
    '/accounting-settings',
    {
      schema: {
        tags,
        summary: 'Change the total fee, grace days, cheque numbering and the cashbook flag',
        body: SettingsUpdateSchema,
        response: { 200: SettingsSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { complexId } = k.ctx(request);
      const body = request.body;
      await k.write(request, async (tx, audit) => {
        const before = await settingsOf(tx, complexId);
        await tx.execute(
          `insert into accounting_settings (complex_id, total_fee, grace_days, cheque_numbering, cheque_start, cashbook)
           values (?, ?, ?, ?, ?, ?)
           on conflict (complex_id) do update set total_fee = excluded.total_fee, grace_days = excluded.grace_days,
             cheque_numbering = excluded.cheque_numbering, cheque_start = excluded.cheque_start, cashbook = excluded.cashbook`,
          [
            complexId,
            body.totalFee === undefined ? before.totalFee : body.totalFee,
            body.graceDays ?? before.graceDays,
            body.chequeNumbering ?? before.chequeNumbering,
            body.chequeStart === undefined ? before.chequeStart : body.chequeStart,
            body.cashbook ?? before.cashbook,
          ],
        );
        audit({ resource: 'accounting-settings', recordId: complexId, action: 'update', changes: body });
      });
      return settingsOf(k.em(request), complexId);
    },
  );

  // The bank catalogue: one list for every complex.
  k.listRoute(app, {
    resource: 'banks',
    tags,
    summary: 'The bank catalogue (Nombre, Imagen)',
    table: 'banks',
    columns: { id: 't.id', name: 't.name', image: 't.image' },
    tenant: false,
    search: ['name'],
    sortable: ['name'],
    defaultSort: { field: 'name', order: 'ASC' },
    item: BankSchema,
  });

  k.listRoute(app, {
    resource: 'categories',
    tags,
    summary: 'Rubros with their subrubros',
    entity: Category,
    filters: {
      kind: 'exact',
      isDefault: 'exact',
    },
    search: ['name'],
    sortable: ['name', 'kind', 'createdAt'],
    defaultSort: { field: 'name', order: 'ASC' },
    item: CategorySchema,
    toItem: (row: Category) => toCategory(row),
  });

  app.get(
    '/categories/:id',
    { schema: { tags, params: IdParams, response: { 200: CategorySchema, 404: ErrorSchema } } },
    async (request) => toCategory(await k.load<Category>(request, Category)),
  );

  const nameTaken = async (request: Parameters<typeof k.em>[0], kind: string, name: string, except?: string) => {
    const rows = await k
      .em(request)
      .execute('select id from categories where complex_id = ? and kind = ? and lower(name) = lower(?)', [
        k.ctx(request).complexId,
        kind,
        name.trim(),
      ]);
    return rows.some((r) => r.id !== except);
  };

  app.post(
    '/categories',
    {
      config: { idempotent: true },
      schema: { tags, body: CategoryCreateSchema, response: { 201: CategorySchema, ...ERROR_RESPONSES } },
    },
    async (request, reply) => {
      const body = request.body;
      if (await nameTaken(request, body.kind, body.name)) throw categoryTaken();
      const category = k.em(request).create(Category, {
        complexId: k.ctx(request).complexId,
        kind: body.kind,
        name: body.name.trim(),
        subcategories: cleanSubcategories(body.subcategories ?? []),
      } as never);
      await k.flushWithAudit(request, {
        resource: 'categories',
        recordId: category.id,
        action: 'create',
        changes: toCategory(category),
        description: category.name,
      });
      return reply.status(201).send(toCategory(category));
    },
  );

  app.put(
    '/categories/:id',
    {
      schema: { tags, params: IdParams, body: CategoryUpdateSchema, response: { 200: CategorySchema, ...ERROR_RESPONSES } },
    },
    async (request) => {
      const category = await k.load<Category>(request, Category);
      const body = request.body;
      const before = toCategory(category);
      if (body.name !== undefined && body.name.trim() !== category.name) {
        if (await nameTaken(request, category.kind, body.name, category.id)) throw categoryTaken();
        // Lines keep the rubro's name: a used rubro keeps it too.
        if (await categoryInUse(k.em(request), category.complexId, category))
          throw conflict('CATEGORY_IN_USE', M.categoryInUse, 'name');
        category.name = body.name.trim();
      }
      if (body.subcategories) category.subcategories = cleanSubcategories(body.subcategories);
      await k.flushWithAudit(request, {
        resource: 'categories',
        recordId: category.id,
        action: 'update',
        changes: changesOf(before, toCategory(category)),
        description: category.name,
      });
      return toCategory(category);
    },
  );

  app.delete(
    '/categories/:id',
    { schema: { tags, params: IdParams, response: { 200: CategorySchema, ...ERROR_RESPONSES } } },
    async (request) => {
      const category = await k.load<Category>(request, Category);
      if (await categoryInUse(k.em(request), category.complexId, category)) throw conflict('CATEGORY_IN_USE', M.categoryInUse);
      const result = toCategory(category);
      await k.write(request, async (tx, audit) => {
        await tx.execute('delete from categories where id = ?', [category.id]);
        audit({ resource: 'categories', recordId: category.id, action: 'delete', changes: result, description: category.name });
      });
      return result;
    },
  );
}
