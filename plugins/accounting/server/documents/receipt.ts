// The receipt of an income (Comprobante de ingreso, spec 000 §3 Ingreso: Cobros with Casa, Descripcion, Rubro,
// SubRubro, Valor). An annulled income shows the values it had before the annulment, under 'ANULADO'.
import { centsToDecimal, contentDisposition, formatDate, formatMoney, fromCents, toCents } from '@conjunto/core';
import { methodText } from '../../manifest.ts';
import { linesOf } from '../incomes.ts';
import { amountOf, iso, type Tx } from '../ledger.ts';
import { fields, letterhead, letterheadOf, renderPdf, rule, signatures, table, totals } from './pdf.ts';

interface ReceiptLine {
  unitNumber: string | null;
  description: string;
  category: string;
  subcategory: string | null;
  amount: number;
}

export interface ReceiptData {
  receiptNumber: number | null;
  date: string;
  description: string;
  method: string;
  accountName: string;
  transactionReference: string | null;
  unitNumber: string | null;
  /** The unit paid for: its own address, when it has one, heads the receipt. */
  unitId?: string | null;
  payerName: string | null;
  amount: number;
  discount: number;
  balance: number;
  annulled: boolean;
  annulledAt: string | null;
  lines: ReceiptLine[];
}

/** The income as its receipt shows it, or undefined when it is not of the complex. */
export async function receiptOf(tx: Tx, complexId: string, incomeId: string): Promise<ReceiptData | undefined> {
  const [i] = await tx.execute(
    `select i.id, i.receipt_number, i.date::text as date, i.description, i.method, i.amount::text, i.discount::text, i.balance::text,
            i.transaction_reference, i.payer_name, i.annulled_at, i.before_annulment, a.name as account_name, u.number as unit_number, i.unit_id
       from incomes i join bank_accounts a on a.id = i.account_id left join directory_units u on u.id = i.unit_id
      where i.id = ? and i.complex_id = ?`,
    [incomeId, complexId],
  );
  if (!i) return undefined;
  let data: ReceiptData = {
    receiptNumber: i.receipt_number ?? null,
    date: i.date,
    description: i.description,
    method: i.method,
    accountName: i.account_name,
    transactionReference: i.transaction_reference ?? null,
    unitNumber: i.unit_number ?? null,
    unitId: i.unit_id ?? null,
    payerName: i.payer_name ?? null,
    amount: amountOf(i.amount),
    discount: amountOf(i.discount),
    balance: amountOf(i.balance),
    annulled: i.annulled_at != null,
    annulledAt: iso(i.annulled_at),
    lines: await linesOf(tx, incomeId),
  };
  // The annulment zeroed the values; the receipt shows those from before (incomes.ts: annulIncome).
  const before = i.before_annulment as
    | (Pick<ReceiptData, 'description' | 'lines'> & Record<'amount' | 'discount' | 'balance', number | string>)
    | null;
  if (data.annulled && before) {
    data = {
      ...data,
      description: before.description,
      amount: Number(before.amount),
      discount: Number(before.discount),
      balance: Number(before.balance),
      lines: before.lines.map((l) => ({ ...l, amount: Number(l.amount) })),
    };
  }
  return data;
}

export const receiptFileName = (r: ReceiptData) =>
  `comprobante-ingreso-${r.receiptNumber ?? 'sin-numero'}${r.annulled ? '-anulado' : ''}.pdf`;
export const receiptDisposition = (r: ReceiptData) => contentDisposition(receiptFileName(r));

export async function receiptPdf(tx: Tx, complexId: string, r: ReceiptData): Promise<Buffer> {
  const complex = await letterheadOf(tx, complexId, r.unitId);
  const number = r.receiptNumber == null ? 'S/N' : String(r.receiptNumber).padStart(6, '0');
  const subtotal = r.lines.reduce((sum, l) => sum + toCents(l.amount), 0);
  return renderPdf(
    `Comprobante de ingreso N° ${number}`,
    (doc) => {
      letterhead(doc, complex, 'COMPROBANTE DE INGRESO', [`N° ${number}`, `Fecha: ${formatDate(r.date)}`]);
      fields(doc, [
        ['Recibido de', r.payerName ?? (r.unitNumber ? null : 'Ingreso no identificado')],
        ['Casa', r.unitNumber],
        ['Forma de pago', methodText(r.method)],
        ['Cuenta', r.accountName],
        ['Comprobante de transacción', r.transactionReference],
        ['Estado', r.annulled ? `Anulado el ${formatDate(r.annulledAt)}` : 'Vigente'],
      ]);
      fields(doc, [['Concepto', r.description]]);
      rule(doc);
      table(
        doc,
        [
          { header: 'Casa', width: 12 },
          { header: 'Descripción', width: 34 },
          { header: 'Rubro', width: 20 },
          { header: 'SubRubro', width: 20 },
          { header: 'Valor', width: 14, align: 'right' },
        ],
        r.lines.map((l) => [l.unitNumber ?? '', l.description, l.category, l.subcategory ?? '', formatMoney(l.amount)]),
      );
      const lines: [string, string, boolean?][] = [
        ['Subtotal', formatMoney(fromCents(subtotal))],
        ['Descuento', formatMoney(r.discount)],
        ['Total', formatMoney(centsToDecimal(subtotal - toCents(r.discount))), true],
      ];
      if (r.balance > 0) lines.push(['Saldo a favor incluido', formatMoney(r.balance)]);
      totals(doc, lines);
      signatures(doc, 'Entregado por', 'Recibido por');
    },
    { watermark: r.annulled ? 'ANULADO' : undefined },
  );
}
