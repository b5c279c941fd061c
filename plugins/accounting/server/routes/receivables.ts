// receivables: charges per unit and resident, monthly fee generation and the transfer of debts.
import { changesOf, ERROR_RESPONSES, ErrorSchema, IdParams, type PluginApp } from '@conjunto/core';
import { Type } from 'typebox';
import {
  ApplyCreditResultSchema,
  ApplyCreditSchema,
  GenerateFeesResultSchema,
  GenerateFeesSchema,
  ReceivableCreateSchema,
  ReceivableSchema,
  ReceivableUpdateSchema,
  TransferDebtsSchema,
} from '../../schemas.ts';
import { applyCredit } from '../incomes.ts';
import { Receivable } from '../ledger.entities.ts';
import { today } from '../ledger.ts';
import { checkDeletable, createCharges, generateFees, toReceivable, transferDebts, updateReceivable } from '../receivables.ts';
import { isTrue, type RouteKit } from './kit.ts';

export function receivableRoutes(app: PluginApp, k: RouteKit) {
  const tags = ['accounting'];

  k.listRoute(app, {
    resource: 'receivables',
    tags,
    summary: 'Receivables; filters: unitId, userId, kind, period, category, pending (balance > 0), overdue, dueDate_gte/_lte',
    entity: Receivable,
    filters: {
      unitId: 'exact',
      userId: 'exact',
      kind: 'exact',
      period: 'exact',
      category: 'exact',
      pending: (v) => (isTrue(v) ? { balance: { $gt: 0 } } : { balance: 0 }),
      // Overdue: the deadline is on or before the start of today (spec 002 §7).
      overdue: (v) =>
        isTrue(v)
          ? { balance: { $gt: 0 }, dueDate: { $lte: today() } }
          : { $or: [{ balance: 0 }, { dueDate: { $gt: today() } }] },
      dueDate: 'dateRange',
    },
    search: ['name', 'description'],
    sortable: ['dueDate', 'createdAt', 'name', 'balance', 'originalAmount', 'unitNumber'],
    sortAliases: { unitNumber: 'unitSort' },
    defaultSort: { field: 'dueDate', order: 'ASC' },
    item: ReceivableSchema,
    toItem: (row: Receivable) => toReceivable(row),
  });

  app.get(
    '/receivables/:id',
    { schema: { tags, params: IdParams, response: { 200: ReceivableSchema, 404: ErrorSchema } } },
    async (request) => toReceivable(await k.load<Receivable>(request, Receivable)),
  );

  app.post(
    '/receivables',
    {
      config: { idempotent: true },
      schema: {
        tags,
        summary: 'An extraordinary charge for one unit, or a mass charge for several (answers the first)',
        body: ReceivableCreateSchema,
        response: { 201: Type.Array(ReceivableSchema), ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const created = await k.write(request, async (tx, audit) => {
        const rows = await createCharges(tx, k.ctx(request).complexId, body);
        for (const r of rows)
          audit({
            resource: 'receivables',
            recordId: r.id,
            action: 'create',
            changes: { ...body, unitIds: undefined },
            description: body.name,
          });
        return rows;
      });
      const fresh = await k
        .em(request)
        .fork()
        .find(Receivable, { id: { $in: created.map((r) => r.id) } }, { orderBy: { unitSort: 'ASC' } as never });
      return reply.status(201).send(fresh.map(toReceivable));
    },
  );

  app.post(
    '/receivables/generate',
    {
      config: { idempotent: true },
      schema: {
        tags,
        summary: "Monthly fees up to December: each unit's aliquot of the total fee, or a fixed amount",
        body: GenerateFeesSchema,
        response: { 200: GenerateFeesResultSchema, ...ERROR_RESPONSES },
      },
    },
    (request) =>
      k.write(request, async (tx, audit) => {
        const body = request.body;
        const result = await generateFees(tx, k.ctx(request).complexId, body);
        audit({ resource: 'receivables', recordId: 'generate', action: 'generate', changes: { ...body, ...result } });
        return result;
      }),
  );

  app.post(
    '/receivables/transfer',
    {
      config: { idempotent: true },
      schema: {
        tags,
        summary: 'Transfer debts to a new owner',
        body: TransferDebtsSchema,
        response: { 200: Type.Object({ transferred: Type.Integer() }), ...ERROR_RESPONSES },
      },
    },
    (request) =>
      k.write(request, async (tx, audit) => {
        const { receivableIds, userId } = request.body;
        const transferred = await transferDebts(tx, k.ctx(request).complexId, receivableIds, userId);
        for (const id of receivableIds) audit({ resource: 'receivables', recordId: id, action: 'transfer', changes: { userId } });
        return { transferred };
      }),
  );

  app.post(
    '/receivables/apply-credit',
    {
      config: { idempotent: true },
      schema: {
        tags,
        summary: "Apply the unit's balance in favour (advances) to its pending debts, oldest first",
        body: ApplyCreditSchema,
        response: { 200: ApplyCreditResultSchema, ...ERROR_RESPONSES },
      },
    },
    (request) =>
      k.write(request, async (tx, audit) => {
        const { unitId } = request.body;
        const result = await applyCredit(tx, k.ctx(request).complexId, unitId);
        if (result.applied > 0) audit({ resource: 'receivables', recordId: unitId, action: 'apply-credit', changes: result });
        return result;
      }),
  );

  app.put(
    '/receivables/:id',
    {
      schema: {
        tags,
        summary: 'Name, description, due date or discount',
        params: IdParams,
        body: ReceivableUpdateSchema,
        response: { 200: ReceivableSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const receivable = await k.load<Receivable>(request, Receivable);
      const before = toReceivable(receivable);
      updateReceivable(receivable, request.body);
      await k.flushWithAudit(request, {
        resource: 'receivables',
        recordId: receivable.id,
        action: 'update',
        changes: changesOf(before, toReceivable(receivable)),
        description: receivable.name,
      });
      return toReceivable(await k.reload<Receivable>(request, Receivable, receivable.id));
    },
  );

  app.delete(
    '/receivables/:id',
    {
      schema: {
        tags,
        summary: 'Delete a debt without payments',
        params: IdParams,
        response: { 200: ReceivableSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const receivable = await k.load<Receivable>(request, Receivable);
      checkDeletable(receivable);
      const result = toReceivable(receivable);
      k.em(request).remove(receivable);
      await k.flushWithAudit(request, {
        resource: 'receivables',
        recordId: receivable.id,
        action: 'delete',
        changes: result,
        description: receivable.name,
      });
      return result;
    },
  );
}
