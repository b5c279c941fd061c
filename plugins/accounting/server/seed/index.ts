// Demo data: the Contabilidad switch on and a realistic year of accounting for each demo complex, ending today.
// Each complex's year is simulated in memory by the steps below (year.ts: the model and the accounts;
// payments.ts: what residents owe and pay; expenses.ts: what running the complex costs; books.ts: closing
// the year), then all are written with one insert per table (write.ts): every test file seeds the demo
// database, so the seed must stay fast.
import { businessDay, type DemoSeedContext } from '@conjunto/core';
import { recordNoticeRun } from '../notices.ts';
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
  await ctx.switchOn(ids, 'Contabilidad');
  const { complexes, units, banks } = await readDemo(ctx, ids);
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
  await sendPastNotices(em, complexes, units, today);
}

/**
 * Three past payment-notice runs per complex (the history of 'Avisos enviados', issue 14): a statement run two
 * months ago, an overdue run last month, a manual notice ten days ago, sent by the administrator; the complex's
 * numbering (NumeroAvisoCobro, FechaAvisoCobro) continues after them.
 */
async function sendPastNotices(em: Em, complexes: ComplexRow[], units: UnitRow[], today: string) {
  const daysAgo = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
  for (const c of complexes) {
    const residents = new Set(units.filter((u) => u.complex_id === c.id && u.user_id).map((u) => u.user_id)).size;
    if (!residents || !c.admin_id) continue;
    const runs = [
      { kind: 'statement', noticeDate: daysAgo(60), cutoffDate: daysAgo(61), queued: residents, skipped: 0 },
      {
        kind: 'overdue',
        noticeDate: daysAgo(30),
        cutoffDate: daysAgo(30),
        queued: Math.max(1, Math.round(residents / 4)),
        skipped: 0,
      },
      { kind: 'manual', noticeDate: daysAgo(10), cutoffDate: null, queued: 1, skipped: 0 },
    ] as const;
    for (const [i, run] of runs.entries())
      await recordNoticeRun(
        em,
        c.id,
        { ...run, number: i + 1, noticeDate: `${run.noticeDate}T15:30:00Z` },
        { userId: c.admin_id, userName: c.admin_name ?? '' },
      );
    await em.execute(
      `insert into accounting_settings (complex_id, payment_notice_number, payment_notice_date) values (?, ?, ?)
       on conflict (complex_id) do update set payment_notice_number = excluded.payment_notice_number, payment_notice_date = excluded.payment_notice_date`,
      [c.id, runs.length + 1, `${runs[runs.length - 1].noticeDate}T15:30:00Z`],
    );
  }
}

/** The complexes (with their company and first active administrator), their active units with who pays, the banks used. */
async function readDemo(ctx: DemoSeedContext, ids: string[]) {
  const complexes: ComplexRow[] = [];
  const units: UnitRow[] = [];
  for (const id of ids) {
    const directory = ctx.directory(id);
    const c = await directory.complex();
    const [admin] = await directory.staff('administrador');
    complexes.push({
      id,
      name: c.name,
      ruc: c.ruc,
      city: c.city,
      contact_email: c.contactEmail,
      company_name: c.companyName,
      admin_id: admin?.id ?? null,
      admin_name: admin?.name ?? null,
    });
    for (const u of await directory.units())
      units.push({
        id: u.id,
        complex_id: id,
        number: u.number,
        aliquot: u.aliquot,
        user_id: u.holderId,
        user_name: u.holderName,
      });
  }
  const em = ctx.em as Em;
  const banks: { id: string; name: string }[] = await em.execute(
    "select id, name from banks where name in ('Banco Pichincha', 'Produbanco')",
  );
  return { complexes, units, banks: new Map(banks.map((b) => [b.name, b.id])) };
}
