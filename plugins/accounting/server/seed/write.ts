// Writes the planned years of all complexes at once: the settings, the receipt counters, and one multi-row
// insert per table of what the simulation produced.
import { type DemoSeedContext, centsToDecimal as decimal, newId } from '@conjunto/core';
import { at, GRACE_DAYS, type Line, owed, type Row, total, type Year } from './year.ts';

export type Em = DemoSeedContext['em'];

/** All complexes at once, so each table takes one statement whatever the number of complexes. */
export async function writeYears(em: Em, years: Year[]): Promise<void> {
  if (!years.length) return;
  const settings = years.map(({ complex, profile }) => ({
    complex_id: complex.id,
    total_fee: decimal(profile.totalFee),
    grace_days: GRACE_DAYS,
    cheque_numbering: profile.chequeStart != null,
    cheque_start: profile.chequeStart,
  }));
  await updateRows(em, 'accounting_settings', 'complex_id', settings);
  // The next receipt numbers continue after the seeded ones; UltimoMesAlicuota is the latest month of fees.
  const counters = years.map((y) => ({
    complex_id: y.complex.id,
    receipt_number: y.incomes.filter((i) => !i.initial).length + 1,
    expense_receipt_number: y.expenses.length + 1,
    last_aliquot_month:
      y.receivables
        .filter((r) => r.kind === 'fee' && r.period)
        .map((r) => r.period as string)
        .sort()
        .at(-1) ?? null,
  }));
  await updateRows(em, 'accounting_settings', 'complex_id', counters);
  const rows = years.map(rowsOf);
  for (const table of Object.keys(rows[0]))
    await insertRows(
      em,
      table,
      years.flatMap((y, n) => rows[n][table].map((r) => ({ complex_id: y.complex.id, ...r }))),
    );
}

/** One complex's rows by table: those built as they are, and the simulated movements as columns. */
function rowsOf(y: Year): Record<string, Row[]> {
  const receivables = y.receivables.map((r) => ({
    id: r.id,
    unit_id: r.unit.id,
    user_id: r.unit.user_id,
    kind: r.kind,
    period: r.period,
    name: r.name,
    description: r.description,
    category: r.category,
    subcategory: r.subcategory,
    original_amount: decimal(r.cents),
    discount: decimal(r.discount),
    balance: decimal(owed(r)),
    due_date: r.dueDate,
    created_at: at(r.from, 0),
  }));
  const incomes = y.incomes.map((i) => ({
    id: i.id,
    account_id: i.accountId,
    receipt_number: i.receipt,
    date: i.date,
    description: i.description,
    method: i.method,
    amount: decimal(total(i)),
    balance: decimal(i.advance),
    is_advance: i.advance > 0,
    is_initial_balance: !!i.initial,
    unit_id: i.unit?.id,
    user_id: i.unit?.user_id,
    payer_name: i.unit?.user_name,
    transaction_reference: i.reference,
    // Annulled incomes are frozen too, without a reconciliation.
    reconciled: !!(i.annulledAt || i.reconciliationId),
    reconciliation_id: i.reconciliationId,
    annulled_at: i.annulledAt,
    before_annulment: i.annulledFrom && {
      description: i.annulledFrom.description,
      amount: decimal(total(i.annulledFrom)),
      discount: '0.00',
      balance: decimal(i.annulledFrom.advance),
      lines: i.annulledFrom.lines.map((l) => ({
        unitNumber: i.unit?.number ?? null,
        description: l.description,
        category: l.category,
        subcategory: l.subcategory,
        amount: decimal(l.cents),
      })),
    },
    created_at: at(i.date, i.initial ? 60 : 120),
  }));
  const expenses = y.expenses.map((e) => ({
    id: e.id,
    account_id: e.accountId,
    receipt_number: e.receipt,
    date: e.date,
    description: e.description,
    method: e.method,
    amount: decimal(total(e)),
    supplier_id: e.supplierId,
    payee_name: e.payeeName,
    invoice: e.invoice,
    cheque_number: e.cheque,
    payable_id: e.payableId,
    reconciled: !!e.reconciliationId,
    reconciliation_id: e.reconciliationId,
    created_at: at(e.date, 180),
  }));
  const line = (l: Line, position: number) => ({
    id: newId(),
    position,
    description: l.description,
    category: l.category,
    subcategory: l.subcategory,
    amount: decimal(l.cents),
  });
  const incomeLines = y.incomes.flatMap((i) =>
    i.lines.map((l, n) => ({ ...line(l, n), income_id: i.id, unit_id: i.unit?.id, receivable_id: l.receivable?.id })),
  );
  const expenseLines = y.expenses.flatMap((e) => e.lines.map((l, n) => ({ ...line(l, n), expense_id: e.id })));
  const transfers = y.transfers.map((t) => ({
    id: newId(),
    from_account_id: t.from,
    to_account_id: t.to,
    amount: decimal(t.cents!),
    date: t.date,
    description: t.description,
    created_at: at(t.date, 540),
  }));
  return { ...y.rows, receivables, incomes, income_lines: incomeLines, expenses, expense_lines: expenseLines, transfers };
}

// One statement per table: the rows travel as one JSON array, read with the table's own row type (a column a row
// lacks is null), which is faster than thousands of inlined parameters.
async function insertRows(em: Em, table: string, rows: Row[]): Promise<void> {
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))].join(', ');
  await em.execute(
    `insert into ${table} (${columns}) select ${columns} from jsonb_populate_recordset(null::${table}, ?::jsonb)`,
    [JSON.stringify(rows)],
  );
}

/** The same for updates: one statement sets each row's columns, found by `key`. */
async function updateRows(em: Em, table: string, key: string, rows: Row[]): Promise<void> {
  const set = Object.keys(rows[0])
    .filter((c) => c !== key)
    .map((c) => `${c} = v.${c}`);
  const from = `jsonb_populate_recordset(null::${table}, ?::jsonb) v`;
  await em.execute(`update ${table} t set ${set.join(', ')} from ${from} where t.${key} = v.${key}`, [JSON.stringify(rows)]);
}
