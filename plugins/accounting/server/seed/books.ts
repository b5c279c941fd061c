// Closing the year, once it is all planned: what the accounts could not afford is dropped, receipts and cheques are
// numbered, and the payables, the reconciliation and the pending transfers are drawn from what happened.
import { centsToDecimal, newId } from '@conjunto/core';
import { CHEQUE_METHODS } from '../../manifest.ts';
import { addDays } from '../receivables.ts';
import type { Suppliers } from './expenses.ts';
import { at, type Expense, lastDay, owed, type Row, type Transfer, total, type Year } from './year.ts';

/**
 * Walks the year day by day, money out before money in, so that no account ever ends a day below zero: an expense
 * or transfer its account cannot afford that day is dropped; a cash deposit takes what the box holds above its float.
 */
export function keepAffordable(y: Year): void {
  const balance = new Map([y.main, y.savings, y.cash].map((id) => [id, 0]));
  const move = (id: string, cents: number) => balance.set(id, balance.get(id)! + cents);
  const byDay = <T extends { date: string }>(list: T[]) => Map.groupBy(list, (x) => x.date);
  const [expenses, transfers, incomes] = [byDay(y.expenses), byDay(y.transfers), byDay(y.incomes)];
  const kept = { expenses: [] as Expense[], transfers: [] as Transfer[] };
  for (const date of [...new Set([...incomes.keys(), ...expenses.keys(), ...transfers.keys()])].sort()) {
    for (const e of expenses.get(date) ?? []) {
      if (balance.get(e.accountId)! < total(e)) continue;
      move(e.accountId, -total(e));
      kept.expenses.push(e);
    }
    for (const t of transfers.get(date) ?? []) {
      const cents = t.cents ?? balance.get(t.from)! - (t.keep ?? 0);
      if (cents <= 0 || balance.get(t.from)! < cents) continue;
      move(t.from, -cents);
      move(t.to, cents);
      kept.transfers.push({ ...t, cents });
    }
    for (const i of incomes.get(date) ?? []) move(i.accountId, total(i));
  }
  y.expenses = kept.expenses;
  y.transfers = kept.transfers;
}

/** Receipts 1..n in date order (opening balances take none), and cheques from the configured start. */
export function numberReceipts(y: Year): void {
  const byDate = (a: { date: string }, b: { date: string }) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0);
  for (const [n, i] of y.incomes
    .filter((i) => !i.initial)
    .sort(byDate)
    .entries())
    i.receipt = n + 1;
  let cheque = y.profile.chequeStart ?? 1;
  y.expenses.sort(byDate).forEach((e, n) => {
    e.receipt = n + 1;
    if (CHEQUE_METHODS.includes(e.method)) e.cheque = cheque++;
  });
}

/** The security contract recurs monthly (the latest invoice paid it, the next one is due soon) and two one-off bills are due. */
export function addPayables(y: Year, suppliers: Suppliers): void {
  const payable = (
    supplier: { id: string | null; name: string },
    detail: string,
    amount: string,
    due_date: string,
    more: Row,
  ) => {
    const id = newId();
    y.rows.payables.push({ id, supplier_id: supplier.id, supplier_name: supplier.name, detail, amount, due_date, ...more });
    return id;
  };
  const paid = y.expenses.filter((e) => e.security).at(-1);
  if (paid) {
    const [detail, amount, recurrence_days] = ['Servicio mensual de guardianía 24 horas', centsToDecimal(total(paid)), 30];
    const done = { recurrence_days, paid_at: at(paid.date, 240), expense_id: paid.id, created_at: at(addDays(paid.date, -30)) };
    paid.payableId = payable(suppliers.security, detail, amount, paid.date, done);
    payable(suppliers.security, detail, amount, addDays(paid.date, 30), { recurrence_days, created_at: at(paid.date, 240) });
  }
  const [soon, later] = [addDays(y.today, 12), addDays(y.today, 45)];
  payable({ id: null, name: 'Hidrobombas del Ecuador' }, 'Cambio de tablero de control de bombas de agua', '640.00', soon, {
    created_at: at(addDays(y.today, -3)),
  });
  payable(suppliers.hardware, 'Materiales para reparación del cerramiento posterior', '385.40', later, {
    created_at: at(addDays(y.today, -1)),
  });
}

/** The main account reconciled up to the end of the month two months ago: what it covered is marked and counted. */
export function reconcileMainAccount(y: Year): void {
  const id = newId();
  const until = lastDay(y.months[9]);
  const incomes = y.incomes.filter((i) => i.accountId === y.main && i.date <= until && !i.annulledAt);
  const expenses = y.expenses.filter((e) => e.accountId === y.main && e.date <= until);
  for (const x of [...incomes, ...expenses]) x.reconciliationId = id;
  const sum = (list: { lines: { cents: number }[] }[]) => centsToDecimal(list.reduce((s, x) => s + total(x), 0));
  y.rows.reconciliations.push({
    id,
    account_id: y.main,
    until_date: until,
    income_count: incomes.length,
    expense_count: expenses.length,
    income_total: sum(incomes),
    expense_total: sum(expenses),
    user_id: y.complex.admin_id,
    user_name: y.complex.admin_name ?? 'Administración',
    created_at: at(addDays(until, 8), 180),
  });
}

/** Two residents in arrears reported transfers for their oldest debts, waiting for the administrator's approval. */
export function reportTransfers(y: Year): void {
  const banks = ['Banco del Pacífico', 'Banco Guayaquil'];
  for (const unit of y.units.filter((u) => y.chronic.has(u))) {
    const n = y.rows.pending_transfers.length;
    const debts = y.receivables.filter((r) => r.unit === unit && owed(r) > 0).slice(0, 2);
    if (n === banks.length || !debts.length) continue;
    y.rows.pending_transfers.push({
      id: newId(),
      user_id: unit.user_id,
      unit_id: unit.id,
      amount: centsToDecimal(debts.reduce((s, r) => s + owed(r), 0)),
      detail: `Transferencia desde ${banks[n]} por ${debts.map((r) => r.name.toLowerCase()).join(' y ')}`,
      reference: y.digits(9),
      receivable_ids: debts.map((r) => r.id),
      status: 'Pendiente',
      created_at: at(addDays(y.today, -1 - n), 90),
    });
  }
}
