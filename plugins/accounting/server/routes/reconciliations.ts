// reconciliations (conciliar, conciliar/:id, conciliar/:id/detalle).
import { ERROR_RESPONSES, ErrorSchema, IdParams, type PluginApp } from '@conjunto/core';
import { ReconciliationCreateSchema, ReconciliationDetailSchema, ReconciliationSchema } from '../../schemas.ts';
import { Reconciliation } from '../ledger.entities.ts';
import { reconcile, reconciliationMovements, toReconciliation } from '../reconciliations.ts';
import type { RouteKit } from './kit.ts';

export function reconciliationRoutes(app: PluginApp, k: RouteKit) {
  const tags = ['accounting'];

  k.listRoute(app, {
    resource: 'reconciliations',
    tags,
    entity: Reconciliation,
    filters: {
      accountId: 'exact',
    },
    sortable: ['createdAt', 'untilDate'],
    defaultSort: { field: 'createdAt', order: 'DESC' },
    item: ReconciliationSchema,
    money: ['incomeTotal', 'expenseTotal'],
    toItem: (row: Reconciliation) => toReconciliation(row),
  });

  app.get(
    '/reconciliations/:id',
    { schema: { tags, params: IdParams, response: { 200: ReconciliationSchema, 404: ErrorSchema } } },
    async (request) => toReconciliation(await k.load<Reconciliation>(request, Reconciliation)),
  );
  app.get(
    '/reconciliations/:id/detail',
    {
      schema: {
        tags,
        summary: 'The incomes and expenses it marked',
        params: IdParams,
        response: { 200: ReconciliationDetailSchema, 404: ErrorSchema },
      },
    },
    async (request) => {
      const reconciliation = await k.load<Reconciliation>(request, Reconciliation);
      return {
        reconciliation: toReconciliation(reconciliation),
        movements: await reconciliationMovements(k.em(request), reconciliation.id),
      };
    },
  );
  app.post(
    '/reconciliations',
    {
      config: { idempotent: true },
      schema: {
        tags,
        summary: 'Mark every income and expense of the account dated up to the day (Guayaquil) as Conciliado',
        body: ReconciliationCreateSchema,
        response: { 201: ReconciliationSchema, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const { accountId, untilDate } = request.body;
      const id = await k.write(request, async (tx, audit) => {
        const created = await reconcile(tx, k.ctx(request).complexId, accountId, untilDate, k.ctx(request));
        audit({ resource: 'reconciliations', recordId: created, action: 'create', changes: { accountId, untilDate } });
        return created;
      });
      return reply.status(201).send(toReconciliation(await k.reload<Reconciliation>(request, Reconciliation, id)));
    },
  );
}
