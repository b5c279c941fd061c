// Incomes (ingresos): charge lines applied to the unit's receivables, receipt numbers, advances, discounts,
// unidentified incomes assigned later, and annulment (spec 000 §4).
import { centsToDecimal, MESSAGES, newId, toCents } from '@conjunto/core';
import { INCOME_PURPOSES, ACCOUNTING_MESSAGES as M } from '../manifest.ts';
import type { Income } from './ledger.entities.ts';
import {
  accountOf,
  amountOf,
  checkCategories,
  checkMethod,
  conflict,
  invalid,
  iso,
  nextReceiptNumber,
  type Tx,
  unitOf,
} from './ledger.ts';

export interface LineInput {
  receivableId?: string | null;
  description: string;
  category: string;
  subcategory?: string | null;
  amount: number;
}

export interface IncomeInput {
  accountId: string;
  unitId?: string | null;
  date: string;
  description: string;
  method: string;
  transactionReference?: string | null;
  discount?: number;
  advance?: number;
  lines: LineInput[];
}

interface Line extends Omit<LineInput, 'amount'> {
  cents: number;
}

const ADVANCE = INCOME_PURPOSES['Saldos a favor'];
const advanceLine = (cents: number): Line => ({
  description: 'Saldo a favor',
  category: ADVANCE.category,
  subcategory: ADVANCE.subcategory,
  cents,
});

/** Lines that pay debts must name debts of the income's unit, each for at most what it still owes. */
async function applyToReceivables(tx: Tx, complexId: string, unitId: string | null, lines: Line[]): Promise<void> {
  const perDebt = new Map<string, number>();
  lines.forEach((line, i) => {
    if (!line.receivableId) return;
    if (!unitId) throw invalid(`lines.${i}.receivableId`, M.unitRequired);
    perDebt.set(line.receivableId, (perDebt.get(line.receivableId) ?? 0) + line.cents);
  });
  if (!perDebt.size) return;
  const rows = await tx.execute(
    'select id, unit_id, balance::text from receivables where complex_id = ? and id in (?) order by id for update',
    [complexId, [...perDebt.keys()]],
  );
  const debts = new Map(rows.map((r) => [r.id as string, r]));
  lines.forEach((line, i) => {
    if (!line.receivableId) return;
    const debt = debts.get(line.receivableId);
    if (!debt || debt.unit_id !== unitId) throw invalid(`lines.${i}.receivableId`, M.debtOfOtherUnit);
    if (perDebt.get(line.receivableId)! > toCents(debt.balance as string)) throw invalid(`lines.${i}.amount`, M.lineExceedsDebt);
  });
  const paid = [...perDebt];
  await tx.execute(
    `update receivables r set balance = r.balance - v.amount
       from (values ${paid.map(() => '(?::uuid, ?::numeric)').join(', ')}) v(id, amount) where r.id = v.id`,
    paid.flatMap(([id, cents]) => [id, centsToDecimal(cents)]),
  );
}

async function insertLines(tx: Tx, complexId: string, incomeId: string, unitId: string | null, lines: Line[]): Promise<void> {
  const values: unknown[] = [];
  const rows = lines.map((l, position) => {
    values.push(
      newId(),
      complexId,
      incomeId,
      position,
      unitId,
      l.receivableId ?? null,
      l.description,
      l.category,
      l.subcategory ?? null,
      centsToDecimal(l.cents),
    );
    return '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)';
  });
  await tx.execute(
    `insert into income_lines (id, complex_id, income_id, position, unit_id, receivable_id, description, category, subcategory, amount) values ${rows.join(', ')}`,
    values,
  );
}

/** Records an income and applies its lines; answers its id. Money received = lines + advance - discount. */
export async function createIncome(tx: Tx, complexId: string, input: IncomeInput): Promise<string> {
  const account = await accountOf(tx, complexId, input.accountId);
  checkMethod(account, input.method);
  const unit = input.unitId ? await unitOf(tx, complexId, input.unitId) : null;
  const advance = toCents(input.advance ?? 0);
  if (advance > 0 && !unit) throw invalid('advance', M.unitRequired);
  const lines: Line[] = input.lines.map(({ amount, ...line }) => ({ ...line, cents: toCents(amount) }));
  if (advance > 0) lines.push(advanceLine(advance));
  if (!lines.length) throw invalid('lines', MESSAGES.required);
  await checkCategories(tx, complexId, 'income', lines);
  const total = lines.reduce((sum, l) => sum + l.cents, 0);
  const discount = toCents(input.discount ?? 0);
  if (discount > total) throw invalid('discount', M.discountTooHigh);

  // The receipt number first: it locks the complex's counter, so incomes of a complex are written one at a time.
  const receiptNumber = await nextReceiptNumber(tx, complexId, 'income');
  await applyToReceivables(tx, complexId, unit?.id ?? null, lines);
  const id = newId();
  await tx.execute(
    `insert into incomes (id, complex_id, account_id, receipt_number, date, description, method, amount, discount, balance, is_advance,
                          unit_id, user_id, payer_name, transaction_reference)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      id,
      complexId,
      account.id,
      receiptNumber,
      input.date,
      input.description,
      input.method,
      centsToDecimal(total - discount),
      centsToDecimal(discount),
      centsToDecimal(advance),
      advance > 0,
      unit?.id ?? null,
      unit?.user_id ?? null,
      unit?.user_name ?? null,
      input.transactionReference ?? null,
    ],
  );
  await insertLines(tx, complexId, id, unit?.id ?? null, lines);
  return id;
}

/**
 * Annulment (spec 000 §4): value, balance, discount and every line become zero, the description 'Anulación',
 * and the income is marked Conciliado; what its lines paid is owed again. The values from before stay in
 * before_annulment for its receipt (the audit log keeps the history too).
 */
export async function annulIncome(tx: Tx, income: Income): Promise<void> {
  if (income.annulledAt) throw conflict('ANNULLED', M.annulled);
  if (income.reconciled) throw conflict('RECONCILED', M.reconciled);
  if (income.isInitialBalance) throw conflict('INITIAL_BALANCE', M.initialBalanceIncome);
  await tx.execute(
    `update receivables r set balance = r.balance + l.amount
       from (select receivable_id, sum(amount) as amount from income_lines where income_id = ? and receivable_id is not null group by receivable_id) l
      where r.id = l.receivable_id`,
    [income.id],
  );
  // Every SET reads the row as it was: the values from before are kept as the same statement zeroes them.
  await tx.execute(
    `update incomes i set before_annulment = jsonb_build_object(
       'description', i.description, 'amount', i.amount, 'discount', i.discount, 'balance', i.balance,
       'lines', coalesce((select jsonb_agg(jsonb_build_object('unitNumber', u.number, 'description', l.description, 'category', l.category,
                                                              'subcategory', l.subcategory, 'amount', l.amount) order by l.position)
                            from income_lines l left join directory_units u on u.id = l.unit_id where l.income_id = i.id), '[]'::jsonb)),
       amount = 0, balance = 0, discount = 0, description = 'Anulación', reconciled = true, annulled_at = now()
      where i.id = ?`,
    [income.id],
  );
  await tx.execute('update income_lines set amount = 0 where income_id = ?', [income.id]);
}

/**
 * Assigns an unidentified income to a unit. With lines (their sum must be the income's value) they pay that
 * unit's debts; without, the whole value stays in favour of the unit.
 */
export async function assignIncome(tx: Tx, income: Income, unitId: string, inputLines?: LineInput[]): Promise<void> {
  if (income.unitId) throw conflict('ASSIGNED', M.unitAssigned, 'unitId');
  if (income.annulledAt) throw conflict('ANNULLED', M.annulled);
  const unit = await unitOf(tx, income.complexId, unitId);
  const amount = toCents(income.amount) + toCents(income.discount);
  const lines: Line[] = inputLines?.length
    ? inputLines.map(({ amount: a, ...l }) => ({ ...l, cents: toCents(a) }))
    : [advanceLine(amount)];
  if (lines.reduce((s, l) => s + l.cents, 0) !== amount)
    throw invalid('lines', 'La suma de los cobros debe ser igual al valor del ingreso.');
  await checkCategories(tx, income.complexId, 'income', lines);
  await applyToReceivables(tx, income.complexId, unit.id, lines);
  await tx.execute('delete from income_lines where income_id = ?', [income.id]);
  await insertLines(tx, income.complexId, income.id, unit.id, lines);
  const advance = lines
    .filter((l) => !l.receivableId && l.category === ADVANCE.category && l.subcategory === ADVANCE.subcategory)
    .reduce((s, l) => s + l.cents, 0);
  await tx.execute('update incomes set unit_id = ?, user_id = ?, payer_name = ?, balance = ?, is_advance = ? where id = ?', [
    unit.id,
    unit.user_id,
    unit.user_name,
    centsToDecimal(advance),
    advance > 0,
    income.id,
  ]);
}

export async function linesOf(tx: Tx, incomeId: string) {
  const rows = await tx.execute(
    `select l.id, l.unit_id, u.number as unit_number, l.receivable_id, l.description, l.category, l.subcategory, l.amount::text
       from income_lines l left join directory_units u on u.id = l.unit_id where l.income_id = ? order by l.position`,
    [incomeId],
  );
  return rows.map((l) => ({
    id: l.id as string,
    unitId: (l.unit_id as string) ?? null,
    unitNumber: (l.unit_number as string) ?? null,
    receivableId: (l.receivable_id as string) ?? null,
    description: l.description as string,
    category: l.category as string,
    subcategory: (l.subcategory as string) ?? null,
    amount: amountOf(l.amount as string),
  }));
}

export const toIncome = (i: Income) => ({
  id: i.id,
  accountId: i.accountId,
  accountName: i.accountName ?? '',
  receiptNumber: i.receiptNumber ?? null,
  date: i.date,
  description: i.description,
  method: i.method,
  amount: amountOf(i.amount),
  discount: amountOf(i.discount),
  balance: amountOf(i.balance),
  isAdvance: i.isAdvance,
  isInitialBalance: i.isInitialBalance,
  unitId: i.unitId ?? null,
  unitNumber: i.unitNumber ?? null,
  userId: i.userId ?? null,
  payerName: i.payerName ?? null,
  transactionReference: i.transactionReference ?? null,
  reconciled: i.reconciled,
  annulled: i.annulledAt != null,
  createdAt: iso(i.createdAt)!,
});

/**
 * Applies a unit's balance in favour (advances) to its pending debts, oldest advance and oldest due debt
 * first. Each application moves value from the income's 'Saldo a favor' line to a line that pays the debt,
 * so the income's value is unchanged and what every debt owes stays explained by the lines.
 */
export async function applyCredit(
  tx: Tx,
  complexId: string,
  unitId: string,
): Promise<{ applied: number; receivableIds: string[] }> {
  await unitOf(tx, complexId, unitId);
  const credits = await tx.execute(
    `select id, balance::text from incomes where complex_id = ? and unit_id = ? and balance > 0 and annulled_at is null
      order by date, receipt_number for update`,
    [complexId, unitId],
  );
  const debts = await tx.execute(
    `select id, name, category, subcategory, balance::text from receivables where complex_id = ? and unit_id = ? and balance > 0
      order by due_date, id for update`,
    [complexId, unitId],
  );
  const owed = debts.map((d) => ({
    id: d.id as string,
    name: d.name as string,
    category: d.category as string,
    subcategory: d.subcategory as string | null,
    cents: toCents(d.balance as string),
  }));
  let applied = 0;
  const paid = new Set<string>();
  for (const credit of credits) {
    let left = toCents(credit.balance as string);
    const lines = await tx.execute(
      `select id, amount::text, (select coalesce(max(position), 0) from income_lines where income_id = ?) as last
         from income_lines where income_id = ? and receivable_id is null and category = ? and subcategory = ? and amount > 0 order by position`,
      [credit.id, credit.id, ADVANCE.category, ADVANCE.subcategory],
    );
    let position = Number(lines[0]?.last ?? 0);
    const advanceLines = lines.map((l) => ({ id: l.id as string, cents: toCents(l.amount as string) }));
    for (const debt of owed) {
      if (left === 0) break;
      const pay = Math.min(left, debt.cents);
      if (pay === 0) continue;
      let take = pay;
      for (const line of advanceLines) {
        const part = Math.min(take, line.cents);
        if (part === 0) continue;
        line.cents -= part;
        take -= part;
        await tx.execute('update income_lines set amount = amount - ? where id = ?', [centsToDecimal(part), line.id]);
      }
      await tx.execute(
        `insert into income_lines (id, complex_id, income_id, position, unit_id, receivable_id, description, category, subcategory, amount)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          newId(),
          complexId,
          credit.id,
          ++position,
          unitId,
          debt.id,
          debt.name,
          debt.category,
          debt.subcategory,
          centsToDecimal(pay),
        ],
      );
      await tx.execute('update receivables set balance = balance - ? where id = ?', [centsToDecimal(pay), debt.id]);
      debt.cents -= pay;
      left -= pay;
      applied += pay;
      paid.add(debt.id);
    }
    await tx.execute('update incomes set balance = ? where id = ?', [centsToDecimal(left), credit.id]);
  }
  return { applied: applied / 100, receivableIds: [...paid] };
}
