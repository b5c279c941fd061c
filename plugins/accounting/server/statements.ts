// A unit's statement of account (estado de cuenta, spec 002 §2.5 screen 4): its charges with what is still
// owed and the days overdue, the payments (incomes) of the unit, the credit in its favour, and the totals.
import { contentDisposition, formatDate, formatMoney, fromCents, notFound, toCents } from '@conjunto/core';
import { methodText } from '../manifest.ts';
import { directory } from './directory.ts';
import { fields, heading, type Letterhead, letterhead, renderPdf, table, totals } from './documents/pdf.ts';
import { amountOf, type Tx, today } from './ledger.ts';
import { overdueDays } from './receivables.ts';

export interface StatementReceivable {
  id: string;
  kind: string;
  name: string;
  description: string | null;
  category: string;
  subcategory: string | null;
  dueDate: string;
  originalAmount: number;
  discount: number;
  paid: number;
  balance: number;
  overdue: boolean;
  daysOverdue: number;
}

export interface StatementIncome {
  id: string;
  receiptNumber: number | null;
  date: string;
  description: string;
  method: string;
  accountName: string;
  amount: number;
  discount: number;
  balance: number;
  annulled: boolean;
}

export interface Statement {
  date: string;
  unit: { id: string; number: string; type: string | null; aliquot: number };
  resident: { id: string; name: string; email: string | null; phone: string | null } | null;
  receivables: StatementReceivable[];
  incomes: StatementIncome[];
  totals: {
    /** Sum of the charges' original values. */
    charged: number;
    discounts: number;
    /** What payments covered of the charges. */
    paid: number;
    /** Still owed (sum of the receivables' balances). */
    pending: number;
    overdue: number;
    /** In favour of the unit (sum of its incomes' balances). */
    credit: number;
    /** Money received (sum of the unit's incomes). */
    received: number;
    /** pending - credit: what the unit owes after its credit (negative: in its favour). */
    net: number;
  };
}

/**
 * The statement of a unit of the complex; 404 for another complex's unit. `on` is the cut-off day: debts due
 * on or before it count as overdue (today by default).
 */
export async function statementOf(tx: Tx, complexId: string, unitId: string, on = today()): Promise<Statement> {
  const unit = await directory(tx, complexId).unit(unitId);
  if (!unit) throw notFound();
  const receivableRows = await tx.execute(
    `select id, kind, name, description, category, subcategory, due_date::text as due_date, original_amount::text as original_amount,
            discount::text as discount, balance::text as balance
       from receivables where complex_id = ? and unit_id = ? order by due_date, created_at, id`,
    [complexId, unitId],
  );
  const incomeRows = await tx.execute(
    `select i.id, i.receipt_number, i.date::text as date, i.description, i.method, a.name as account_name, i.amount::text as amount,
            i.discount::text as discount, i.balance::text as balance, i.annulled_at
       from incomes i join bank_accounts a on a.id = i.account_id
      where i.complex_id = ? and i.unit_id = ? order by i.date, i.receipt_number nulls first, i.id`,
    [complexId, unitId],
  );
  const sum = { charged: 0, discounts: 0, pending: 0, overdue: 0, credit: 0, received: 0 };
  const receivables = receivableRows.map((r): StatementReceivable => {
    const original = toCents(r.original_amount);
    const discount = toCents(r.discount);
    const balance = toCents(r.balance);
    const dueDate = r.due_date;
    const late = overdueDays(dueDate, balance, on);
    sum.charged += original;
    sum.discounts += discount;
    sum.pending += balance;
    if (late.overdue) sum.overdue += balance;
    return {
      id: r.id,
      kind: r.kind,
      name: r.name,
      description: r.description ?? null,
      category: r.category,
      subcategory: r.subcategory ?? null,
      dueDate,
      originalAmount: fromCents(original),
      discount: fromCents(discount),
      paid: fromCents(original - discount - balance),
      balance: fromCents(balance),
      ...late,
    };
  });
  const incomes = incomeRows.map((i): StatementIncome => {
    sum.credit += toCents(i.balance);
    sum.received += toCents(i.amount);
    return {
      id: i.id,
      receiptNumber: i.receipt_number ?? null,
      date: i.date,
      description: i.description,
      method: i.method,
      accountName: i.account_name,
      amount: amountOf(i.amount),
      discount: amountOf(i.discount),
      balance: amountOf(i.balance),
      annulled: i.annulled_at != null,
    };
  });
  return {
    date: on,
    unit: { id: unit.id, number: unit.number, type: unit.type ?? null, aliquot: Number(unit.aliquot) },
    resident: unit.holderId
      ? { id: unit.holderId, name: unit.holderName ?? '', email: unit.holderEmail ?? null, phone: unit.holderPhone ?? null }
      : null,
    receivables,
    incomes,
    totals: {
      charged: fromCents(sum.charged),
      discounts: fromCents(sum.discounts),
      paid: fromCents(sum.charged - sum.discounts - sum.pending),
      pending: fromCents(sum.pending),
      overdue: fromCents(sum.overdue),
      credit: fromCents(sum.credit),
      received: fromCents(sum.received),
      net: fromCents(sum.pending - sum.credit),
    },
  };
}

const slug = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();

export const statementFileName = (s: Statement) => `estado-de-cuenta-${slug(s.unit.number) || 'unidad'}-${s.date}.pdf`;
export const statementDisposition = (s: Statement) => contentDisposition(statementFileName(s));

/** The statement as PDF under the complex's letterhead (read once by the caller, also for a run of many). */
export function statementPdf(complex: Letterhead, s: Statement): Promise<Buffer> {
  return renderPdf(`Estado de cuenta ${s.unit.number}`, (doc) => {
    letterhead(doc, complex, 'ESTADO DE CUENTA', [`Casa: ${s.unit.number}`, `Fecha de corte: ${formatDate(s.date)}`]);
    fields(doc, [
      ['Residente', s.resident?.name],
      ['Correo', s.resident?.email],
      ['Casa', s.unit.number],
      ['Alícuota', `${s.unit.aliquot.toFixed(4).replace(/\.?0+$/, '')} %`],
    ]);
    heading(doc, 'Cuentas por cobrar');
    table(
      doc,
      [
        { header: 'Fecha límite', width: 10 },
        { header: 'Descripción', width: 25 },
        { header: 'Rubro', width: 16 },
        { header: 'Valor', width: 10, align: 'right' },
        { header: 'Descuento', width: 10, align: 'right' },
        { header: 'Pagado', width: 10, align: 'right' },
        { header: 'Saldo', width: 10, align: 'right' },
        { header: 'Días vencidos', width: 9, align: 'right' },
      ],
      s.receivables.length
        ? s.receivables.map((r) => [
            formatDate(r.dueDate),
            r.name,
            r.subcategory ?? r.category,
            formatMoney(r.originalAmount),
            formatMoney(r.discount),
            formatMoney(r.paid),
            formatMoney(r.balance),
            r.overdue ? String(r.daysOverdue) : '',
          ])
        : [['', 'Sin cuentas por cobrar', '', '', '', '', '', '']],
    );
    heading(doc, 'Pagos recibidos');
    table(
      doc,
      [
        { header: 'N°', width: 8 },
        { header: 'Fecha', width: 11 },
        { header: 'Descripción', width: 33 },
        { header: 'Forma de pago', width: 16 },
        { header: 'Valor', width: 11, align: 'right' },
        { header: 'Descuento', width: 10, align: 'right' },
        { header: 'Saldo a favor', width: 11, align: 'right' },
      ],
      s.incomes.length
        ? s.incomes.map((i) => [
            i.receiptNumber == null ? '' : String(i.receiptNumber),
            formatDate(i.date),
            i.annulled && !i.description.startsWith('Anulaci') ? `${i.description} (anulado)` : i.description,
            methodText(i.method),
            formatMoney(i.amount),
            formatMoney(i.discount),
            formatMoney(i.balance),
          ])
        : [['', '', 'Sin pagos registrados', '', '', '', '']],
    );
    totals(doc, [
      ['Total cobros', formatMoney(s.totals.charged)],
      ['Descuentos', formatMoney(s.totals.discounts)],
      ['Pagado', formatMoney(s.totals.paid)],
      ['Saldo pendiente', formatMoney(s.totals.pending)],
      ['Vencido', formatMoney(s.totals.overdue)],
      ['Saldo a favor', formatMoney(s.totals.credit)],
      [s.totals.net < 0 ? 'Saldo neto a favor' : 'Total a pagar', formatMoney(Math.abs(s.totals.net)), true],
    ]);
  });
}

/** The statement's summary as e-mail text (the PDF goes attached). */
export function statementText(s: Statement): string {
  const lines = s.receivables
    .filter((r) => r.balance > 0)
    .map(
      (r) =>
        `- ${r.name} (vence ${formatDate(r.dueDate)}${r.overdue ? `, ${r.daysOverdue} días vencida` : ''}): ${formatMoney(r.balance)}`,
    );
  return [
    `Casa: ${s.unit.number}`,
    lines.length ? `Valores pendientes:\n${lines.join('\n')}` : 'No tiene valores pendientes.',
    `Saldo pendiente: ${formatMoney(s.totals.pending)}`,
    `Vencido: ${formatMoney(s.totals.overdue)}`,
    `Saldo a favor: ${formatMoney(s.totals.credit)}`,
    `${s.totals.net < 0 ? 'Saldo neto a favor' : 'Total a pagar'}: ${formatMoney(Math.abs(s.totals.net))}`,
  ].join('\n');
}
