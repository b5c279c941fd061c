// Receivables (cuentas por cobrar): monthly fees from the total fee and each unit's aliquot, extraordinary
// and mass charges, discounts, the transfer of debts to a new owner, and days overdue.
import { centsToDecimal, type DirectoryUnit, MESSAGES, newId, percentOf, toCents } from '@conjunto/core';
import { INCOME_PURPOSES, ACCOUNTING_MESSAGES as M } from '../manifest.ts';
import { directory } from './directory.ts';
import type { Receivable } from './ledger.entities.ts';
import { amountOf, checkCategories, conflict, daysBetween, invalid, iso, type Tx, today } from './ledger.ts';

/** Overdue when the deadline is on or before the start of today (spec 002 §7), with something still owed. */
export function overdueDays(dueDate: string, balanceCents: number, on = today()): { overdue: boolean; daysOverdue: number } {
  const overdue = balanceCents > 0 && dueDate <= on;
  return { overdue, daysOverdue: overdue ? daysBetween(dueDate, on) : 0 };
}

export function toReceivable(r: Receivable) {
  const balance = toCents(r.balance);
  const dueDate = r.dueDate;
  return {
    id: r.id,
    unitId: r.unitId,
    unitNumber: r.unitNumber ?? '',
    userId: r.userId ?? null,
    userName: r.userName ?? null,
    kind: r.kind,
    period: r.period ?? null,
    name: r.name,
    description: r.description ?? null,
    category: r.category,
    subcategory: r.subcategory ?? null,
    originalAmount: amountOf(r.originalAmount),
    discount: amountOf(r.discount),
    paid: amountOf(centsToDecimal(toCents(r.originalAmount) - toCents(r.discount) - balance)),
    balance: amountOf(r.balance),
    dueDate,
    ...overdueDays(dueDate, balance),
    createdAt: iso(r.createdAt)!,
  };
}

const MONTHS = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];
/** 'Expensa {month}' for 2026-11 -> 'Expensa noviembre 2026'; '{mes}' is the token the Spanish screen shows. */
export const monthName = (name: string, period: string) =>
  name.replaceAll(/\{(?:month|mes)\}/g, `${MONTHS[Number(period.slice(5, 7)) - 1]} ${period.slice(0, 4)}`);

/** Months from `from` to `to`, both 'YYYY-MM', within one year (fees are generated up to December). */
export function monthsBetween(from: string, to: string): string[] {
  if (to < from) throw invalid('toMonth', 'El mes final no puede ser anterior al inicial.');
  if (to.slice(0, 4) !== from.slice(0, 4)) throw invalid('toMonth', M.monthsUpToDecember);
  const months: string[] = [];
  for (let m = Number(from.slice(5, 7)); m <= Number(to.slice(5, 7)); m++)
    months.push(`${from.slice(0, 4)}-${String(m).padStart(2, '0')}`);
  return months;
}

/** Adds days to a 'YYYY-MM-DD' day. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

type UnitForCharge = DirectoryUnit;

async function unitsForCharge(tx: Tx, complexId: string, unitIds?: readonly string[]): Promise<UnitForCharge[]> {
  const rows = await directory(tx, complexId).units({ ids: unitIds });
  if (unitIds && rows.length !== new Set(unitIds).size) throw invalid('unitIds', M.unitRequired);
  return rows;
}

export interface NewReceivable {
  unitId: string;
  userId: string | null;
  kind: 'fee' | 'extraordinary' | 'imported';
  period?: string | null;
  name: string;
  description?: string | null;
  category: string;
  subcategory?: string | null;
  cents: number;
  dueDate: string;
  /** A consuming plugin's key of what is charged (accounting service's postCharge): one charge per key. */
  sourceRef?: string | null;
}

/** Inserts charges in one statement; monthly fees already generated for a unit and month are skipped. */
export async function insertReceivables(
  tx: Tx,
  complexId: string,
  charges: NewReceivable[],
): Promise<{ id: string; amount: string; index: number }[]> {
  const created: { id: string; amount: string; index: number }[] = [];
  for (let start = 0; start < charges.length; start += 1000) {
    const chunk = charges.slice(start, start + 1000);
    const values: unknown[] = [];
    const ids = chunk.map(() => newId());
    const rows = chunk.map((c, i) => {
      values.push(
        ids[i],
        complexId,
        c.unitId,
        c.userId,
        c.kind,
        c.period ?? null,
        c.name,
        c.description ?? null,
        c.category,
        c.subcategory ?? null,
      );
      values.push(centsToDecimal(c.cents), centsToDecimal(c.cents), c.dueDate, c.sourceRef ?? null);
      return '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)';
    });
    const inserted = await tx.execute(
      `insert into receivables (id, complex_id, unit_id, user_id, kind, period, name, description, category, subcategory, original_amount, balance, due_date, source_ref)
       values ${rows.join(', ')} on conflict (complex_id, unit_id, period) where kind = 'fee' do nothing returning id, original_amount::text as amount`,
      values,
    );
    // RETURNING does not promise the input's order, and a fee already generated is skipped: the ids made here
    // give each created row its charge's position.
    const amounts = new Map(inserted.map((r) => [r.id as string, r.amount as string]));
    ids.forEach((id, i) => {
      if (amounts.has(id)) created.push({ id, amount: amounts.get(id) as string, index: start + i });
    });
  }
  return created;
}

export interface ChargeInput {
  /** Omitted: every active unit. */
  unitIds?: string[];
  name: string;
  description?: string | null;
  category: string;
  subcategory?: string | null;
  amount: number;
  dueDate: string;
}

/** An extraordinary charge for one unit, or a mass charge for several. */
export async function createCharges(tx: Tx, complexId: string, input: ChargeInput) {
  await checkCategories(tx, complexId, 'income', [input]);
  const units = await unitsForCharge(tx, complexId, input.unitIds);
  return insertReceivables(
    tx,
    complexId,
    units.map((u) => ({ ...input, unitId: u.id, userId: u.holderId, kind: 'extraordinary', cents: toCents(input.amount) })),
  );
}

export interface GenerateInput {
  name: string;
  fromMonth: string;
  toMonth: string;
  mode: 'percentage' | 'fixed';
  amount?: number;
  dueDay?: number;
  unitIds?: string[];
}

/** The fees a generation makes, by unit (the job inserts them a group of units at a time). */
export interface FeePlan {
  months: string[];
  /** Each unit's charges, one per month, in the order of the units. */
  byUnit: NewReceivable[][];
}

/**
 * Monthly fees (spec 002 §2.5 screen 5): each unit's aliquot of the total fee, or a fixed amount. Checks the
 * input (the request answers its messages) and plans the charges; writes nothing.
 */
export async function planFees(tx: Tx, complexId: string, input: GenerateInput): Promise<FeePlan> {
  const months = monthsBetween(input.fromMonth, input.toMonth);
  const [settings] = await tx.execute('select total_fee::text, grace_days from accounting_settings where complex_id = ?', [
    complexId,
  ]);
  let perUnit: (u: UnitForCharge) => number;
  if (input.mode === 'percentage') {
    const total = settings?.total_fee == null ? 0 : toCents(settings.total_fee);
    if (total <= 0) throw conflict('TOTAL_FEE_REQUIRED', M.feeRequiresTotal, 'mode');
    perUnit = (u) => percentOf(total, u.aliquot);
  } else {
    if (!input.amount) throw invalid('amount', MESSAGES.required);
    const cents = toCents(input.amount);
    perUnit = () => cents;
  }
  const units = await unitsForCharge(tx, complexId, input.unitIds);
  const graceDays = Number(settings?.grace_days ?? 10);
  const fee = INCOME_PURPOSES.Expensas;
  const byUnit = units.map((unit) => {
    const cents = perUnit(unit);
    if (cents <= 0) return [];
    return months.map(
      (period): NewReceivable => ({
        unitId: unit.id,
        userId: unit.holderId,
        kind: 'fee',
        period,
        name: monthName(input.name, period),
        category: fee.category,
        subcategory: fee.subcategory,
        cents,
        dueDate: addDays(`${period}-${String(input.dueDay ?? 1).padStart(2, '0')}`, graceDays),
      }),
    );
  });
  return { months, byUnit };
}

/**
 * Inserts the fees of some units of the plan. A fee already generated for a unit and month is skipped, so a
 * retry of the job repeats nothing. UltimoMesAlicuota: the latest month that has fees, never moved back.
 */
export async function insertFees(tx: Tx, complexId: string, plan: FeePlan, charges: NewReceivable[]) {
  const created = await insertReceivables(tx, complexId, charges);
  if (charges.length)
    await tx.execute(
      `insert into accounting_settings as s (complex_id, last_aliquot_month) values (?, ?)
       on conflict (complex_id) do update set last_aliquot_month = greatest(s.last_aliquot_month, excluded.last_aliquot_month)`,
      [complexId, plan.months[plan.months.length - 1]],
    );
  return {
    created: created.length,
    skipped: charges.length - created.length,
    cents: created.reduce((sum, r) => sum + toCents(r.amount), 0),
  };
}

/** A discount lowers what is still owed; it cannot take the balance below zero. */
export function updateReceivable(
  receivable: Receivable,
  input: { name?: string; description?: string | null; dueDate?: string; discount?: number },
) {
  if (input.discount !== undefined) {
    const newDiscount = toCents(input.discount);
    const balance = toCents(receivable.balance) + toCents(receivable.discount) - newDiscount;
    if (balance < 0) throw invalid('discount', 'El descuento no puede superar el saldo de la deuda.');
    receivable.discount = centsToDecimal(newDiscount);
    receivable.balance = centsToDecimal(balance);
  }
  if (input.name !== undefined) receivable.name = input.name;
  if (input.description !== undefined) receivable.description = input.description;
  if (input.dueDate !== undefined) receivable.dueDate = input.dueDate;
}

/** A debt with payments applied keeps its history: only untouched debts are deleted. */
export function checkDeletable(receivable: Receivable): void {
  if (toCents(receivable.originalAmount) - toCents(receivable.discount) !== toCents(receivable.balance)) {
    throw conflict('RECEIVABLE_HAS_PAYMENTS', 'La deuda tiene pagos aplicados y no se puede eliminar.');
  }
}

/** Moves the selected debts to another resident of the complex (a new owner). */
export async function transferDebts(tx: Tx, complexId: string, receivableIds: string[], userId: string): Promise<number> {
  if (!receivableIds.length) throw invalid('receivableIds', M.selectDebt);
  const [user] = await directory(tx, complexId).residents({ ids: [userId], includeInactive: true });
  if (!user) throw invalid('userId', M.residentNotInComplex);
  const rows = await tx.execute('update receivables set user_id = ? where complex_id = ? and id in (?) returning id', [
    userId,
    complexId,
    receivableIds,
  ]);
  if (rows.length !== new Set(receivableIds).size) throw invalid('receivableIds', MESSAGES.notFound);
  return rows.length;
}
