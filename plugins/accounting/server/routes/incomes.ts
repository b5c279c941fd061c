// incomes: ingresos, ingresos no identificados (no unit yet) and anulaciones (annulled incomes).
import { changesOf, ERROR_RESPONSES, ErrorSchema, fieldsOf, IdParams, type PluginApp } from '@conjunto/core';
import type { FastifyRequest } from 'fastify';
import { ACCOUNTING_MESSAGES as M } from '../../manifest.ts';
import { AssignIncomeSchema, IncomeCreateSchema, IncomeSchema, IncomeUpdateSchema } from '../../schemas.ts';
import { annulIncome, assignIncome, createIncome, linesOf, toIncome } from '../incomes.ts';
import { Income } from '../ledger.entities.ts';
import { checkNotReconciled, conflict } from '../ledger.ts';
import { isTrue, type RouteKit, receiptLabel, receiptOf } from './kit.ts';

export function incomeRoutes(app: PluginApp, k: RouteKit) {
  const tags = ['accounting'];
  const withLines = async (request: FastifyRequest, id: string) => {
    const income = await k.reload<Income>(request, Income, id);
    return { ...toIncome(income), lines: await linesOf(k.em(request), id) };
  };

  k.listRoute(app, {
    resource: 'incomes',
    tags,
    summary: 'Incomes; filters: accountId, unitId, method, reconciled, isInitialBalance, unidentified, annulled, date_gte/_lte',
    entity: Income,
    filters: {
      accountId: 'exact',
      unitId: 'exact',
      userId: 'exact',
      method: 'exact',
      reconciled: 'exact',
      isInitialBalance: 'exact',
      isAdvance: 'exact',
      receiptNumber: 'exact',
      reconciliationId: 'exact',
      unidentified: (v) => (isTrue(v) ? { unitId: null, isInitialBalance: false } : { unitId: { $ne: null } }),
      annulled: (v) => (isTrue(v) ? { annulledAt: { $ne: null } } : { annulledAt: null }),
      date: 'dateRange',
    },
    search: ['description', 'payerName', 'transactionReference'],
    sortable: ['date', 'receiptNumber', 'amount', 'createdAt', 'method'],
    defaultSort: { field: 'date', order: 'DESC' },
    item: IncomeSchema,
    money: ['amount', 'discount', 'balance'],
    toItem: (row: Income) => toIncome(row),
  });

  app.get(
    '/incomes/:id',
    {
      schema: {
        tags,
        summary: 'An income with its charge lines',
        params: IdParams,
        response: { 200: IncomeSchema, 404: ErrorSchema },
      },
    },
    async (request) => withLines(request, (await k.load<Income>(request, Income)).id),
  );

  app.post(
    '/incomes',
    {
      config: { idempotent: true },
      schema: {
        tags,
        summary: "Record an income; lines with a receivableId pay the unit's debts; without unitId it is unidentified",
        body: IncomeCreateSchema,
        response: { 201: IncomeSchema, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const id = await k.write(request, async (tx, audit) => {
        const created = await createIncome(tx, k.ctx(request).complexId, body);
        await k.incomeCreated(request, tx, created);
        audit({
          resource: 'incomes',
          recordId: created,
          action: 'create',
          changes: body,
          description: await receiptOf(tx, 'incomes', created),
        });
        return created;
      });
      return reply.status(201).send(await withLines(request, id));
    },
  );

  app.put(
    '/incomes/:id',
    {
      schema: {
        tags,
        summary: 'Description, date or transaction reference of an unreconciled income',
        params: IdParams,
        body: IncomeUpdateSchema,
        response: { 200: IncomeSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const income = await k.load<Income>(request, Income);
      checkNotReconciled(income);
      const before = toIncome(income);
      Object.assign(income, fieldsOf(IncomeUpdateSchema, request.body));
      await k.flushWithAudit(request, {
        resource: 'incomes',
        recordId: income.id,
        action: 'update',
        changes: changesOf(before, toIncome(income)),
        description: receiptLabel('Ingreso', income.receiptNumber),
      });
      return withLines(request, income.id);
    },
  );

  app.delete(
    '/incomes/:id',
    {
      schema: {
        tags,
        summary: 'Incomes are never deleted: they are annulled (409)',
        params: IdParams,
        response: { ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      await k.load<Income>(request, Income);
      throw conflict('INCOME_NOT_DELETABLE', M.incomeNotDeletable);
    },
  );

  app.post(
    '/incomes/:id/annul',
    {
      config: { idempotent: true },
      schema: {
        tags,
        summary: 'Annul: values and lines become zero, the debts it paid are owed again',
        params: IdParams,
        response: { 200: IncomeSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const income = await k.load<Income>(request, Income);
      const before = { ...toIncome(income), lines: await linesOf(k.em(request), income.id) };
      await k.write(request, async (tx, audit) => {
        await annulIncome(tx, income);
        audit({
          resource: 'incomes',
          recordId: income.id,
          action: 'annul',
          changes: { before },
          description: receiptLabel('Ingreso', income.receiptNumber),
        });
      });
      return withLines(request, income.id);
    },
  );

  app.post(
    '/incomes/:id/assign',
    {
      config: { idempotent: true },
      schema: {
        tags,
        summary: 'Assign an unidentified income to a unit (and its debts)',
        params: IdParams,
        body: AssignIncomeSchema,
        response: { 200: IncomeSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const income = await k.load<Income>(request, Income);
      const body = request.body;
      await k.write(request, async (tx, audit) => {
        await assignIncome(tx, income, body.unitId, body.lines);
        audit({
          resource: 'incomes',
          recordId: income.id,
          action: 'assign',
          changes: body,
          description: receiptLabel('Ingreso', income.receiptNumber),
        });
      });
      return withLines(request, income.id);
    },
  );
}
