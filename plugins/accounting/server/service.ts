// Accounting's service for other plugins (../service.ts has its contract): charges posted once per caller's
// ref, and a unit's arrears. Input is checked as the API checks it: a consumer is trusted no more than a client.
import { hasTwoDecimals, isUuid, MAX_CENTS, MESSAGES, type ServiceScope, toCents } from '@conjunto/core';
import type { AccountingService, Arrears, PostChargeInput, PostedCharge, WithdrawnCharge } from '../service.ts';
import { amountOf, checkCategories, daysBetween, invalid, type Tx, today, unitOf } from './ledger.ts';
import { insertReceivables } from './receivables.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const REF = /^[\w:.-]{1,200}$/;

function checkInput(input: PostChargeInput): void {
  if (!REF.test(input.ref ?? '')) throw invalid('ref', MESSAGES.invalidInput);
  if (typeof input.name !== 'string' || !input.name.trim() || input.name.length > 150)
    throw invalid('name', MESSAGES.invalidInput);
  if (input.description != null && (typeof input.description !== 'string' || input.description.length > 500))
    throw invalid('description', MESSAGES.invalidInput);
  if (!Number.isFinite(input.amount) || input.amount <= 0 || !hasTwoDecimals(input.amount) || toCents(input.amount) > MAX_CENTS)
    throw invalid('amount', MESSAGES.invalidInput);
  if (input.dueDate !== undefined && !(DAY.test(input.dueDate) && !Number.isNaN(Date.parse(input.dueDate))))
    throw invalid('dueDate', MESSAGES.invalidInput);
}

export function accountingService(scope: ServiceScope): AccountingService {
  const tx = scope.em as Tx;
  const { complexId } = scope;
  return {
    async postCharge(input): Promise<PostedCharge> {
      checkInput(input);
      // One poster per ref at a time (a retried request racing its first try): the second waits, then finds it.
      await tx.execute('select pg_advisory_xact_lock(hashtext(?))', [`accounting.charge:${complexId}:${input.ref}`]);
      const [known] = await tx.execute('select id from receivables where complex_id = ? and source_ref = ?', [
        complexId,
        input.ref,
      ]);
      if (known) return { receivableId: known.id as string, created: false };
      await checkCategories(tx, complexId, 'income', [input]);
      const unit = await unitOf(tx, complexId, input.unitId);
      const [created] = await insertReceivables(tx, complexId, [
        {
          unitId: unit.id,
          userId: unit.user_id,
          kind: 'extraordinary',
          name: input.name.trim(),
          description: input.description ?? null,
          category: input.category,
          subcategory: input.subcategory ?? null,
          cents: toCents(input.amount),
          dueDate: input.dueDate ?? today(),
          sourceRef: input.ref,
        },
      ]);
      return { receivableId: created.id, created: true };
    },

    async withdrawCharge(ref): Promise<WithdrawnCharge> {
      if (!REF.test(ref ?? '')) throw invalid('ref', MESSAGES.invalidInput);
      await tx.execute('select pg_advisory_xact_lock(hashtext(?))', [`accounting.charge:${complexId}:${ref}`]);
      const [row] = await tx.execute(
        `select id, original_amount - discount = balance as untouched from receivables
          where complex_id = ? and source_ref = ? for update`,
        [complexId, ref],
      );
      if (!row) return { outcome: 'none', receivableId: null };
      if (!row.untouched) return { outcome: 'paid', receivableId: row.id as string };
      await tx.execute('delete from receivables where complex_id = ? and id = ?', [complexId, row.id]);
      return { outcome: 'withdrawn', receivableId: row.id as string };
    },

    async arrearsOf(unitId): Promise<Arrears> {
      await unitOf(tx, complexId, unitId);
      const on = today();
      const [row] = await tx.execute(
        `select coalesce(sum(balance) filter (where due_date <= ?), 0)::text as overdue, coalesce(sum(balance), 0)::text as pending,
                min(due_date) filter (where due_date <= ?) as oldest
           from receivables where complex_id = ? and unit_id = ? and balance > 0`,
        [on, on, complexId, unitId],
      );
      const oldest = (row.oldest as string | null) ?? null;
      return {
        overdue: amountOf(row.overdue as string),
        pending: amountOf(row.pending as string),
        oldestDueDate: oldest,
        daysOverdue: oldest ? daysBetween(oldest, on) : 0,
      };
    },

    async unitsInArrears(unitIds): Promise<Set<string>> {
      if (!Array.isArray(unitIds) || !unitIds.every(isUuid)) throw invalid('unitIds', MESSAGES.invalidInput);
      if (unitIds.length === 0) return new Set();
      // The same rule as arrearsOf (overdue > 0) for every unit at once; the complex bounds the answer.
      const rows: { unit_id: string }[] = await tx.execute(
        `select distinct unit_id from receivables
          where complex_id = ? and unit_id = any(?::uuid[]) and balance > 0 and due_date <= ?`,
        [complexId, `{${[...new Set(unitIds)].join(',')}}`, today()],
      );
      return new Set(rows.map((r) => r.unit_id));
    },
  };
}
