// The voucher of an expense (Comprobante de egreso, spec 000 §3 Egreso: Valor, Descripcion, Fecha, Cuenta, Forma,
// Proveedor, Factura, NumeroComprobanteEgreso, and its lines by rubro), printable like an income's receipt.
import { contentDisposition, formatDate, formatMoney } from '@conjunto/core';
import { methodText } from '../../manifest.ts';
import { expenseLinesOf } from '../expenses.ts';
import { amountOf, type Tx } from '../ledger.ts';
import { fields, letterhead, letterheadOf, renderPdf, rule, signatures, table, totals } from './pdf.ts';

export interface VoucherData {
  receiptNumber: number;
  date: string;
  description: string;
  method: string;
  accountName: string;
  payee: string | null;
  supplierIdNumber: string | null;
  invoice: string | null;
  chequeNumber: number | null;
  amount: number;
  lines: Awaited<ReturnType<typeof expenseLinesOf>>;
}

/** The expense as its voucher shows it, or undefined when it is not of the complex. */
export async function voucherOf(tx: Tx, complexId: string, expenseId: string): Promise<VoucherData | undefined> {
  const [e] = await tx.execute(
    `select e.receipt_number, e.date::text as date, e.description, e.method, e.amount::text, e.invoice, e.cheque_number,
            coalesce(s.name, e.payee_name) as payee, s.id_number as supplier_id_number, a.name as account_name
       from expenses e join bank_accounts a on a.id = e.account_id left join suppliers s on s.id = e.supplier_id
      where e.id = ? and e.complex_id = ?`,
    [expenseId, complexId],
  );
  if (!e) return undefined;
  return {
    receiptNumber: e.receipt_number,
    date: e.date,
    description: e.description,
    method: e.method,
    accountName: e.account_name,
    payee: e.payee ?? null,
    supplierIdNumber: e.supplier_id_number ?? null,
    invoice: e.invoice ?? null,
    chequeNumber: e.cheque_number ?? null,
    amount: amountOf(e.amount),
    lines: await expenseLinesOf(tx, expenseId),
  };
}

export const voucherDisposition = (v: VoucherData) => contentDisposition(`comprobante-egreso-${v.receiptNumber}.pdf`);

export async function voucherPdf(tx: Tx, complexId: string, v: VoucherData): Promise<Buffer> {
  const complex = await letterheadOf(tx, complexId);
  const number = String(v.receiptNumber).padStart(6, '0');
  return renderPdf(`Comprobante de egreso N° ${number}`, (doc) => {
    letterhead(doc, complex, 'COMPROBANTE DE EGRESO', [`N° ${number}`, `Fecha: ${formatDate(v.date)}`]);
    fields(doc, [
      ['Pagado a', v.payee],
      ['RUC / Cédula', v.supplierIdNumber],
      ['Factura', v.invoice],
      ['Forma de pago', methodText(v.method)],
      ['Cuenta', v.accountName],
      ['Cheque N°', v.chequeNumber == null ? null : String(v.chequeNumber)],
    ]);
    fields(doc, [['Concepto', v.description]]);
    rule(doc);
    table(
      doc,
      [
        { header: 'Descripción', width: 46 },
        { header: 'Rubro', width: 20 },
        { header: 'SubRubro', width: 20 },
        { header: 'Valor', width: 14, align: 'right' },
      ],
      v.lines.map((l) => [l.description, l.category, l.subcategory ?? '', formatMoney(l.amount)]),
    );
    totals(doc, [['Total', formatMoney(v.amount), true]]);
    signatures(doc, 'Elaborado por', 'Recibí conforme');
  });
}
