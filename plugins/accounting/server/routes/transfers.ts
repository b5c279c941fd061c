// transfers between accounts (crucecuentas) and pending transfers reported by residents.
import { ERROR_RESPONSES, ErrorSchema, IdParams, type PluginApp } from '@conjunto/core';
import {
  ApproveSchema,
  PendingTransferCreateSchema,
  PendingTransferSchema,
  RejectSchema,
  TransferCreateSchema,
  TransferSchema,
} from '../../schemas.ts';
import { directory } from '../directory.ts';
import { PendingTransfer, Transfer } from '../ledger.entities.ts';
import { invalid } from '../ledger.ts';
import {
  approveTransfer,
  createTransfer,
  deleteTransfer,
  rejectTransfer,
  reportTransfer,
  toPendingTransfer,
  toTransfer,
} from '../transfers.ts';
import { MANAGE, READ, type RouteKit, receiptOf } from './kit.ts';

export function transferRoutes(app: PluginApp, k: RouteKit) {
  const tags = ['accounting'];

  k.listRoute(app, {
    resource: 'transfers',
    tags,
    summary: 'Transfers between accounts; filters: fromAccountId, toAccountId, date_gte/_lte',
    entity: Transfer,
    filters: {
      fromAccountId: 'exact',
      toAccountId: 'exact',
      date: 'dateRange',
    },
    search: ['description'],
    sortable: ['date', 'amount', 'createdAt'],
    defaultSort: { field: 'date', order: 'DESC' },
    item: TransferSchema,
    money: ['amount'],
    toItem: (row: Transfer) => toTransfer(row),
  });

  app.get(
    '/transfers/:id',
    { schema: { tags, params: IdParams, response: { 200: TransferSchema, 404: ErrorSchema } } },
    async (request) => toTransfer(await k.load<Transfer>(request, Transfer)),
  );
  app.post(
    '/transfers',
    {
      config: { idempotent: true },
      schema: {
        tags,
        summary: "Move money between accounts ('Saldo insuficiente para realizar esta transacción.' when the source lacks it)",
        body: TransferCreateSchema,
        response: { 201: TransferSchema, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const id = await k.write(request, async (tx, audit) => {
        const created = await createTransfer(tx, k.ctx(request).complexId, body);
        audit({ resource: 'transfers', recordId: created, action: 'create', changes: body });
        return created;
      });
      return reply.status(201).send(toTransfer(await k.reload<Transfer>(request, Transfer, id)));
    },
  );
  app.delete(
    '/transfers/:id',
    {
      schema: {
        tags,
        summary: 'Undo a transfer (the destination must still hold the money)',
        params: IdParams,
        response: { 200: TransferSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const transfer = await k.load<Transfer>(request, Transfer);
      const result = toTransfer(transfer);
      await k.write(request, async (tx, audit) => {
        await deleteTransfer(tx, transfer);
        audit({ resource: 'transfers', recordId: transfer.id, action: 'delete', changes: result });
      });
      return result;
    },
  );

  k.listRoute(app, {
    resource: 'pending-transfers',
    tags,
    summary: 'Transfers reported by residents (a resident sees only theirs); filters: status, unitId',
    entity: PendingTransfer,
    filters: {
      status: 'exact',
      unitId: 'exact',
    },
    search: ['detail', 'reference'],
    sortable: ['createdAt', 'amount', 'status'],
    defaultSort: { field: 'createdAt', order: 'DESC' },
    // A resident sees only the transfers they reported.
    where: (request) =>
      k.ctx(request).roles.some((r) => (READ as readonly string[]).includes(r)) ? {} : { userId: k.ctx(request).userId },
    item: PendingTransferSchema,
    money: ['amount'],
    toItem: (row: PendingTransfer) => toPendingTransfer(row),
  });

  app.get(
    '/pending-transfers/:id',
    { schema: { tags, params: IdParams, response: { 200: PendingTransferSchema, 404: ErrorSchema } } },
    async (request) => toPendingTransfer(await k.load<PendingTransfer>(request, PendingTransfer)),
  );
  app.post(
    '/pending-transfers',
    {
      config: { idempotent: true },
      schema: {
        tags,
        summary: "Report a transfer that pays some of the unit's debts (residents: their own unit)",
        body: PendingTransferCreateSchema,
        response: { 201: PendingTransferSchema, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const { complexId, userId, roles } = k.ctx(request);
      const body = request.body;
      const office = roles.some((r) => (MANAGE as readonly string[]).includes(r));
      const id = await k.write(request, async (tx, audit) => {
        let unitId = body.unitId;
        let reporter: string | null = userId;
        if (!office) {
          // A resident reports for the unit they live in, whatever the body says.
          unitId = (await directory(tx, complexId).residents({ ids: [userId], includeInactive: true }))[0]?.unitId ?? undefined;
        } else if (unitId) {
          reporter = (await directory(tx, complexId).unit(unitId))?.holderId ?? null;
        }
        if (!unitId) throw invalid('unitId', 'Seleccione una U.H.');
        const created = await reportTransfer(tx, complexId, unitId, reporter, body);
        audit({ resource: 'pending-transfers', recordId: created, action: 'create', changes: body });
        await k.pendingTransferChanged(request, tx, created, 'Pendiente');
        return created;
      });
      return reply.status(201).send(toPendingTransfer(await k.reload<PendingTransfer>(request, PendingTransfer, id)));
    },
  );
  app.post(
    '/pending-transfers/:id/approve',
    {
      config: { idempotent: true },
      schema: {
        tags,
        summary: 'Approve: records the income on a bank account and applies it to the reported debts',
        params: IdParams,
        body: ApproveSchema,
        response: { 200: PendingTransferSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const pending = await k.load<PendingTransfer>(request, PendingTransfer);
      await k.write(request, async (tx, audit) => {
        const incomeId = await approveTransfer(tx, pending, request.body, k.ctx(request).userName);
        await k.incomeCreated(request, tx, incomeId);
        audit({ resource: 'pending-transfers', recordId: pending.id, action: 'approve', changes: { incomeId } });
        await k.pendingTransferChanged(request, tx, pending.id, 'Aprobada');
        audit({
          resource: 'incomes',
          recordId: incomeId,
          action: 'create',
          changes: { pendingTransferId: pending.id },
          description: await receiptOf(tx, 'incomes', incomeId),
        });
      });
      return toPendingTransfer(await k.reload<PendingTransfer>(request, PendingTransfer, pending.id));
    },
  );
  app.post(
    '/pending-transfers/:id/reject',
    {
      config: { idempotent: true },
      schema: { tags, params: IdParams, body: RejectSchema, response: { 200: PendingTransferSchema, ...ERROR_RESPONSES } },
    },
    async (request) => {
      const pending = await k.load<PendingTransfer>(request, PendingTransfer);
      const { reason } = request.body;
      await k.write(request, async (tx, audit) => {
        await rejectTransfer(tx, pending, reason, k.ctx(request).userName);
        audit({ resource: 'pending-transfers', recordId: pending.id, action: 'reject', changes: { reason } });
        await k.pendingTransferChanged(request, tx, pending.id, 'Rechazada');
      });
      return toPendingTransfer(await k.reload<PendingTransfer>(request, PendingTransfer, pending.id));
    },
  );
}
