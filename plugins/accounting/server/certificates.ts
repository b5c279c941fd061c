// The unit's certificates (spec 002 §2.5 screen 2, issue 12): 'certificado de expensas' (what the unit pays
// and how its account stands) and 'certificado de no adeudar' (nothing past due), as PDF under the complex's
// letterhead with the host's verification code and QR, optionally signed with the complex's signature (PAdES).
import { ApiError, type DocumentVerification, formatDate, formatMoney } from '@conjunto/core';
import { fields, heading, type Letterhead, letterhead, renderPdf, table, totals } from './documents/pdf.ts';
import { addDays } from './receivables.ts';
import type { Statement } from './statements.ts';

export const CERTIFICATE_KINDS = {
  expensas: { kind: 'accounting.fees', title: 'Certificado de expensas', heading: 'CERTIFICADO DE EXPENSAS' },
  'no-adeudar': { kind: 'accounting.no-debt', title: 'Certificado de no adeudar', heading: 'CERTIFICADO DE NO ADEUDAR' },
} as const;
export type CertificateKind = keyof typeof CERTIFICATE_KINDS;

/** Days a certificate certifies from its issue (its verification says 'vigente' until then). */
export const CERTIFICATE_VALID_DAYS = 30;

export const CERTIFICATE_MESSAGES = {
  owes: (amount: number) =>
    `La unidad tiene valores vencidos por ${formatMoney(amount)}: no se puede emitir el certificado de no adeudar.`,
} as const;

/** The 422 of a no-debt certificate asked for a unit with something past due. */
export function checkNoDebt(s: Statement): void {
  if (s.totals.overdue > 0)
    throw new ApiError(422, 'UNIT_HAS_DEBTS', CERTIFICATE_MESSAGES.owes(s.totals.overdue), {
      unitId: CERTIFICATE_MESSAGES.owes(s.totals.overdue),
    });
}

export const certificateValidUntil = (s: Statement) => addDays(s.date, CERTIFICATE_VALID_DAYS);

const FEE_SUBCATEGORY = 'Expensa mensual';

/** The certificate as PDF; `verification` is printed with its QR at the foot. */
export function certificatePdf(
  complex: Letterhead,
  s: Statement,
  kind: CertificateKind,
  verification: DocumentVerification,
  options: { signed: boolean; validUntil: string },
): Promise<Buffer> {
  const meta = CERTIFICATE_KINDS[kind];
  return renderPdf(`${meta.title} ${s.unit.number}`, (doc) => {
    letterhead(doc, complex, meta.heading, [`Casa: ${s.unit.number}`, `Fecha: ${formatDate(s.date)}`]);
    const holder = s.resident?.name?.trim() || 'su propietario o responsable';
    doc.font('Helvetica').fontSize(10.5).fillColor('#1f2937');
    const paragraph = (text: string) => {
      doc.text(text, { align: 'justify', lineGap: 3 });
      doc.moveDown(0.8);
    };
    const intro =
      `La administración de ${complex.name}${complex.ruc ? `, RUC ${complex.ruc}` : ''}, certifica que la unidad habitacional ` +
      `${s.unit.number}, a nombre de ${holder}, con una alícuota de ${s.unit.aliquot.toFixed(4).replace(/\.?0+$/, '')} %, `;
    const fees = s.receivables.filter((r) => r.subcategory === FEE_SUBCATEGORY);
    if (kind === 'no-adeudar') {
      paragraph(
        `${intro}NO ADEUDA valores vencidos por expensas ni por otros conceptos a la fecha de corte ${formatDate(s.date)}.` +
          (s.totals.pending > 0
            ? ` Tiene valores aún no vencidos por ${formatMoney(s.totals.pending)}, que se pagan en sus fechas.`
            : ''),
      );
    } else {
      const last = fees.at(-1);
      paragraph(
        `${intro}tiene registradas ${fees.length} expensa(s) mensual(es)` +
          (last
            ? `; la última, "${last.name}", por ${formatMoney(last.originalAmount)} con vencimiento el ${formatDate(last.dueDate)}`
            : '') +
          `. Su estado de cuenta a la fecha de corte ${formatDate(s.date)} es el siguiente:`,
      );
      heading(doc, 'Expensas');
      table(
        doc,
        [
          { header: 'Fecha límite', width: 14 },
          { header: 'Descripción', width: 38 },
          { header: 'Valor', width: 16, align: 'right' },
          { header: 'Pagado', width: 16, align: 'right' },
          { header: 'Saldo', width: 16, align: 'right' },
        ],
        fees.length
          ? fees
              .slice(-12)
              .map((r) => [
                formatDate(r.dueDate),
                r.name,
                formatMoney(r.originalAmount),
                formatMoney(r.paid),
                formatMoney(r.balance),
              ])
          : [['', 'Sin expensas registradas', '', '', '']],
      );
      totals(doc, [
        ['Saldo pendiente', formatMoney(s.totals.pending)],
        ['Vencido', formatMoney(s.totals.overdue)],
        ['Saldo a favor', formatMoney(s.totals.credit)],
        [s.totals.net < 0 ? 'Saldo neto a favor' : 'Total a pagar', formatMoney(Math.abs(s.totals.net)), true],
      ]);
    }
    fields(doc, [
      ['Fecha de emisión', formatDate(s.date)],
      ['Vigente hasta', formatDate(options.validUntil)],
    ]);
    paragraph('Se extiende el presente certificado a petición de la parte interesada, para los fines que estime convenientes.');

    // The verification: QR on the left, code and address on the right; kept together on one page.
    const size = 96;
    if (doc.y + size + 20 > doc.page.height - doc.page.margins.bottom) doc.addPage();
    const top = doc.y + 6;
    const left = doc.page.margins.left;
    doc.image(verification.qrPng, left, top, { width: size, height: size });
    const textX = left + size + 14;
    const width = doc.page.width - doc.page.margins.right - textX;
    doc
      .font('Helvetica-Bold')
      .fontSize(10)
      .fillColor('#1e3a8a')
      .text('Verificación del documento', textX, top + 4, { width });
    doc.font('Helvetica').fontSize(9).fillColor('#1f2937');
    doc.text(`Código de verificación: ${verification.code}`, textX, doc.y + 4, { width });
    doc.text(`Verifique su autenticidad y vigencia escaneando el código QR o en: ${verification.url}`, textX, doc.y + 2, {
      width,
    });
    doc.text(
      options.signed
        ? `Documento firmado electrónicamente por ${complex.name}.`
        : 'Documento sin firma electrónica: su validez se comprueba con el código de verificación.',
      textX,
      doc.y + 2,
      { width },
    );
    doc.x = left;
    doc.y = Math.max(doc.y, top + size) + 8;
  });
}
