// expenses, suppliers (proveedores) and payables (cuentas por pagar, recurring ones included).
import { changesOf, ERROR_RESPONSES, ErrorSchema, fieldsOf, IdParams, MESSAGES, type PluginApp } from '@conjunto/core';
import type { FastifyRequest } from 'fastify';
import { ACCOUNTING_MESSAGES as M } from '../../manifest.ts';
import {
  ExpenseCreateSchema,
  ExpenseSchema,
  ExpenseUpdateSchema,
  PayableCreateSchema,
  PayableSchema,
  PayableUpdateSchema,
  SupplierCreateSchema,
  SupplierSchema,
  SupplierUpdateSchema,
} from '../../schemas.ts';
import { createExpense, deleteExpense, expenseLinesOf, toExpense, toPayable } from '../expenses.ts';
import { Expense, Payable, Supplier } from '../ledger.entities.ts';
import { checkNotReconciled, conflict, invalid, iso, today } from '../ledger.ts';
import { isTrue, type RouteKit, receiptLabel, receiptOf } from './kit.ts';

/** A payable as the audit log names it: its supplier and what it is for. */
const payableLabel = (p: { supplierName?: string | null; detail?: string | null }) =>
  [p.supplierName, p.detail].filter(Boolean).join(' - ') || null;

const toSupplier = (s: Supplier) => ({
  id: s.id,
  name: s.name,
  idNumber: s.idNumber ?? null,
  email: s.email ?? null,
  phone: s.phone ?? null,
  address: s.address ?? null,
  createdAt: iso(s.createdAt)!,
});
const clean = (body: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(body).map(([key, value]) => [key, typeof value === 'string' ? value.trim() || null : value]));

export function expenseRoutes(app: PluginApp, k: RouteKit) {
  const tags = ['accounting'];
  const withLines = async (request: FastifyRequest, id: string) => ({
    ...toExpense(await k.reload<Expense>(request, Expense, id)),
    lines: await expenseLinesOf(k.em(request), id),
  });

  k.listRoute(app, {
    resource: 'expenses',
    tags,
    summary: 'Expenses; filters: accountId, supplierId, method, reconciled, date_gte/_lte',
    entity: Expense,
    filters: {
      accountId: 'exact',
      supplierId: 'exact',
      method: 'exact',
      reconciled: 'exact',
      receiptNumber: 'exact',
      chequeNumber: 'exact',
      reconciliationId: 'exact',
      date: 'dateRange',
    },
    search: ['description', 'payeeName', 'invoice'],
    sortable: ['date', 'receiptNumber', 'amount', 'createdAt', 'chequeNumber'],
    defaultSort: { field: 'date', order: 'DESC' },
    item: ExpenseSchema,
    money: ['amount'],
    toItem: (row: Expense) => toExpense(row),
  });

  app.get(
    '/expenses/:id',
    { schema: { tags, params: IdParams, response: { 200: ExpenseSchema, 404: ErrorSchema } } },
    async (request) => withLines(request, (await k.load<Expense>(request, Expense)).id),
  );
  app.post(
    '/expenses',
    {
      config: { idempotent: true },
      schema: {
        tags,
        summary: 'Record an expense (receipt from NumeroComprobanteEgreso; cheques numbered)',
        body: ExpenseCreateSchema,
        response: { 201: ExpenseSchema, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const id = await k.write(request, async (tx, audit) => {
        const created = await createExpense(tx, k.ctx(request).complexId, body);
        audit({
          resource: 'expenses',
          recordId: created,
          action: 'create',
          changes: body,
          description: await receiptOf(tx, 'expenses', created),
        });
        return created;
      });
      return reply.status(201).send(await withLines(request, id));
    },
  );
  app.put(
    '/expenses/:id',
    {
      schema: { tags, params: IdParams, body: ExpenseUpdateSchema, response: { 200: ExpenseSchema, ...ERROR_RESPONSES } },
    },
    async (request) => {
      const expense = await k.load<Expense>(request, Expense);
      checkNotReconciled(expense);
      const body = request.body;
      await checkSupplier(request, body.supplierId);
      const before = toExpense(expense);
      Object.assign(expense, body);
      await k.flushWithAudit(request, {
        resource: 'expenses',
        recordId: expense.id,
        action: 'update',
        changes: changesOf(before, toExpense(expense)),
        description: receiptLabel('Egreso', expense.receiptNumber),
      });
      return withLines(request, expense.id);
    },
  );
  app.delete(
    '/expenses/:id',
    {
      schema: {
        tags,
        summary: 'Delete an unreconciled expense',
        params: IdParams,
        response: { 200: ExpenseSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const expense = await k.load<Expense>(request, Expense);
      const result = { ...toExpense(expense), lines: await expenseLinesOf(k.em(request), expense.id) };
      await k.write(request, async (tx, audit) => {
        await deleteExpense(tx, expense);
        audit({
          resource: 'expenses',
          recordId: expense.id,
          action: 'delete',
          changes: result,
          description: receiptLabel('Egreso', expense.receiptNumber),
        });
      });
      return result;
    },
  );

  // ---------------------------------------------------------------- suppliers
  const supplierTaken = async (request: FastifyRequest, name: string, except?: string) =>
    (
      await k
        .em(request)
        .execute('select id from suppliers where complex_id = ? and lower(name) = lower(?)', [
          k.ctx(request).complexId,
          name.trim(),
        ])
    ).some((r) => r.id !== except);

  k.listRoute(app, {
    resource: 'suppliers',
    tags,
    entity: Supplier,
    search: ['name', 'idNumber', 'email'],
    sortable: ['name', 'createdAt'],
    defaultSort: { field: 'name', order: 'ASC' },
    item: SupplierSchema,
    toItem: (row: Supplier) => toSupplier(row),
  });

  app.get(
    '/suppliers/:id',
    { schema: { tags, params: IdParams, response: { 200: SupplierSchema, 404: ErrorSchema } } },
    async (request) => toSupplier(await k.load<Supplier>(request, Supplier)),
  );
  app.post(
    '/suppliers',
    {
      config: { idempotent: true },
      schema: { tags, body: SupplierCreateSchema, response: { 201: SupplierSchema, ...ERROR_RESPONSES } },
    },
    async (request, reply) => {
      const body = clean(fieldsOf(SupplierCreateSchema, request.body)) as { name: string };
      if (await supplierTaken(request, body.name)) throw conflict('SUPPLIER_TAKEN', M.supplierTaken, 'name');
      const supplier = k.em(request).create(Supplier, { ...body, complexId: k.ctx(request).complexId } as never);
      await k.flushWithAudit(request, {
        resource: 'suppliers',
        recordId: supplier.id,
        action: 'create',
        changes: body,
        description: supplier.name,
      });
      return reply.status(201).send(toSupplier(supplier));
    },
  );
  app.put(
    '/suppliers/:id',
    {
      schema: { tags, params: IdParams, body: SupplierUpdateSchema, response: { 200: SupplierSchema, ...ERROR_RESPONSES } },
    },
    async (request) => {
      const supplier = await k.load<Supplier>(request, Supplier);
      const body = clean(fieldsOf(SupplierUpdateSchema, request.body)) as { name?: string };
      if (body.name && (await supplierTaken(request, body.name, supplier.id)))
        throw conflict('SUPPLIER_TAKEN', M.supplierTaken, 'name');
      const before = toSupplier(supplier);
      Object.assign(supplier, body);
      await k.flushWithAudit(request, {
        resource: 'suppliers',
        recordId: supplier.id,
        action: 'update',
        changes: changesOf(before, toSupplier(supplier)),
        description: supplier.name,
      });
      return toSupplier(supplier);
    },
  );
  app.delete(
    '/suppliers/:id',
    {
      schema: {
        tags,
        summary: 'Delete (expenses and payables keep their own name)',
        params: IdParams,
        response: { 200: SupplierSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const supplier = await k.load<Supplier>(request, Supplier);
      const result = toSupplier(supplier);
      k.em(request).remove(supplier);
      await k.flushWithAudit(request, {
        resource: 'suppliers',
        recordId: supplier.id,
        action: 'delete',
        changes: result,
        description: supplier.name,
      });
      return result;
    },
  );

  // ---------------------------------------------------------------- payables
  k.listRoute(app, {
    resource: 'payables',
    tags,
    summary: 'Payables; filters: paid, recurring, dueSoon (unpaid and due within the next month), supplierId',
    entity: Payable,
    filters: {
      supplierId: 'exact',
      paid: (v) => (isTrue(v) ? { paidAt: { $ne: null } } : { paidAt: null }),
      recurring: (v) => (isTrue(v) ? { recurrenceDays: { $ne: null } } : { recurrenceDays: null }),
      // The list of spec 000 §9: what is due within the next month (overdue ones included).
      dueSoon: (v) => (isTrue(v) ? { paidAt: null, dueDate: { $lte: nextMonth() } } : {}),
      dueDate: 'dateRange',
    },
    search: ['supplierName', 'detail'],
    sortable: ['dueDate', 'amount', 'supplierName', 'createdAt'],
    defaultSort: { field: 'dueDate', order: 'ASC' },
    item: PayableSchema,
    money: ['amount'],
    toItem: (row: Payable) => toPayable(row),
  });

  app.get(
    '/payables/:id',
    { schema: { tags, params: IdParams, response: { 200: PayableSchema, 404: ErrorSchema } } },
    async (request) => toPayable(await k.load<Payable>(request, Payable)),
  );
  app.post(
    '/payables',
    {
      config: { idempotent: true },
      schema: { tags, body: PayableCreateSchema, response: { 201: PayableSchema, ...ERROR_RESPONSES } },
    },
    async (request, reply) => {
      const body = request.body;
      await checkSupplier(request, body.supplierId);
      const payable = k.em(request).create(Payable, { ...body, complexId: k.ctx(request).complexId } as never);
      await k.flushWithAudit(request, {
        resource: 'payables',
        recordId: payable.id,
        action: 'create',
        changes: body,
        description: payableLabel(payable),
      });
      return reply.status(201).send(toPayable(await k.reload<Payable>(request, Payable, payable.id)));
    },
  );
  app.put(
    '/payables/:id',
    {
      schema: { tags, params: IdParams, body: PayableUpdateSchema, response: { 200: PayableSchema, ...ERROR_RESPONSES } },
    },
    async (request) => {
      const payable = await k.load<Payable>(request, Payable);
      if (payable.paidAt) throw conflict('PAYABLE_PAID', 'La cuenta por pagar ya fue pagada.');
      const body = request.body;
      await checkSupplier(request, body.supplierId);
      const before = toPayable(payable);
      Object.assign(payable, body);
      await k.flushWithAudit(request, {
        resource: 'payables',
        recordId: payable.id,
        action: 'update',
        changes: changesOf(before, toPayable(payable)),
        description: payableLabel(payable),
      });
      return toPayable(await k.reload<Payable>(request, Payable, payable.id));
    },
  );
  app.delete(
    '/payables/:id',
    { schema: { tags, params: IdParams, response: { 200: PayableSchema, ...ERROR_RESPONSES } } },
    async (request) => {
      const payable = await k.load<Payable>(request, Payable);
      const result = toPayable(payable);
      k.em(request).remove(payable);
      await k.flushWithAudit(request, {
        resource: 'payables',
        recordId: payable.id,
        action: 'delete',
        changes: result,
        description: payableLabel(payable),
      });
      return result;
    },
  );

  async function checkSupplier(request: FastifyRequest, supplierId: string | null | undefined) {
    if (supplierId && !(await k.em(request).findOne(Supplier, { id: supplierId, complexId: k.ctx(request).complexId })))
      throw invalid('supplierId', MESSAGES.notFound);
  }
}

/** Today plus one month, as 'YYYY-MM-DD' (the last day of a shorter month when needed). */
export function nextMonth(from = today()): string {
  const [y, m, d] = from.split('-').map(Number);
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return `${m === 12 ? y + 1 : y}-${String((m % 12) + 1).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}
