// The units' derived account fields the host shows (spec 002 §3 FechaUltimoPago, UltimaExpensa, owner and tenant
// balances, in arrears), answered from the ledger when the host asks (ServerPlugin.unitAccounts): read, never
// stored twice, so no write of the ledger can leave them stale. One statement for a whole page of units.
import { isUuid, type UnitAccount, type UnitAccountsProvider } from '@conjunto/core';
import type { Tx } from './ledger.ts';
import { today } from './ledger.ts';

export const unitAccounts: UnitAccountsProvider = async ({ em, complexId }, unitIds) => {
  const ids = unitIds.filter((id) => isUuid(id));
  if (!ids.length) return [];
  const tx = em as Tx;
  const rows = await tx.execute(
    `select u.id as "unitId",
            (select max(i.date)::text from incomes i
              where i.complex_id = ? and i.unit_id = u.id and i.annulled_at is null and not i.is_initial_balance) as "lastPaymentDate",
            (select r.original_amount::text from receivables r
              where r.complex_id = ? and r.unit_id = u.id and r.kind = 'fee' order by r.period desc, r.created_at desc limit 1) as "lastFee",
            (select coalesce(jsonb_object_agg(b.who, b.amount::text), '{}'::jsonb) from (
               select who, sum(amount) as amount from (
                 select coalesce(r.user_id::text, '') as who, r.balance as amount from receivables r
                  where r.complex_id = ? and r.unit_id = u.id and r.balance > 0
                 union all
                 select coalesce(i.user_id::text, ''), -i.balance from incomes i
                  where i.complex_id = ? and i.unit_id = u.id and i.balance > 0 and i.annulled_at is null
               ) m group by who) b) as balances,
            exists (select 1 from receivables r
              where r.complex_id = ? and r.unit_id = u.id and r.balance > 0 and r.due_date <= ?) as "inArrears"
       from unnest(?::uuid[]) as u(id)`,
    [complexId, complexId, complexId, complexId, complexId, today(), `{${ids.join(',')}}`],
  );
  return rows.map(
    (r): UnitAccount => ({
      unitId: r.unitId,
      lastPaymentDate: r.lastPaymentDate ?? null,
      lastFee: r.lastFee ?? null,
      balances: typeof r.balances === 'string' ? JSON.parse(r.balances) : (r.balances ?? {}),
      inArrears: Boolean(r.inArrears),
    }),
  );
};
