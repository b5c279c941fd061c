// Demo data: the Contabilidad switch on and a realistic year of accounting for each demo complex, ending today.
// Each complex's year is simulated in memory by the steps below (year.ts: the model and the accounts;
// payments.ts: what residents owe and pay; expenses.ts: what running the complex costs; books.ts: closing
// the year), then all are written with one insert per table (write.ts): every test file seeds the demo
// database, so the seed must stay fast.
import { businessDay, type DemoSeedContext } from '@conjunto/core';
import { addPayables, keepAffordable, numberReceipts, reconcileMainAccount, reportTransfers } from './books.ts';
import { addSuppliers, planExpenses } from './expenses.ts';
import { addSpecialIncomes, chargeFees, collectPayments } from './payments.ts';
import { type Em, writeYears } from './write.ts';
import { type ComplexRow, openAccounts, type UnitRow, Year } from './year.ts';

/** `today` ('YYYY-MM-DD', Guayaquil) ends the year; tests may pass another day. */
export async function seedAccounting(ctx: DemoSeedContext, today = businessDay()): Promise<void> {
  const em = ctx.em as Em;
  const ids = ctx.complexes.map((c) => c.id);
  if (!ids.length) return;
  await em.execute(`update complexes set modules = modules || '{"Contabilidad": true}'::jsonb where id in (?)`, [ids]);
  const { complexes, units, banks } = await readDemo(em, ids);
  const years: Year[] = [];
  for (const id of ids) {
    const complexUnits = units.filter((u) => u.complex_id === id);
    if (!complexUnits.length) continue; // no units, no ledger
    const y = new Year(complexes.find((c) => c.id === id)!, complexUnits, today, ctx.random);
    openAccounts(y, banks);
    chargeFees(y);
    collectPayments(y);
    addSpecialIncomes(y);
    const suppliers = addSuppliers(y);
    planExpenses(y, suppliers);
    keepAffordable(y);
    numberReceipts(y);
    addPayables(y, suppliers);
    reconcileMainAccount(y);
    reportTransfers(y);
    years.push(y);
  }
  await writeYears(em, years);
}

/** The complexes (with their company and first active administrator), their active units with who pays, the banks used. */
async function readDemo(em: Em, ids: string[]) {
  const complexes: ComplexRow[] = await em.execute(
    `select c.id, c.name, c.ruc, c.city, c.contact_email, co.name as company_name, a.id as admin_id, a.name as admin_name
       from complexes c left join companies co on co.id = c.company_id
       left join lateral (select u.id, u.first_name || ' ' || u.last_name as name from user_complexes uc join users u on u.id = uc.user_id
                           where uc.complex_id = c.id and u.is_active and u.roles @> '["administrador"]'::jsonb order by u.email limit 1) a on true
      where c.id in (?)`,
    [ids],
  );
  const units: UnitRow[] = await em.execute(
    `select un.id, un.complex_id, un.number, un.aliquot::text as aliquot, coalesce(un.owner_id, un.tenant_id) as user_id,
            (select u.first_name || ' ' || u.last_name from users u where u.id = coalesce(un.owner_id, un.tenant_id)) as user_name
       from units un where un.complex_id in (?) and un.is_active order by un.number_sort`,
    [ids],
  );
  const banks: { id: string; name: string }[] = await em.execute(
    "select id, name from banks where name in ('Banco Pichincha', 'Produbanco')",
  );
  return { complexes, units, banks: new Map(banks.map((b) => [b.name, b.id])) };
}
