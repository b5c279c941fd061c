// The layout every accounting PDF shares (pdfkit, standard Helvetica: its WinAnsi encoding covers Spanish):
// the complex's letterhead, tables that break across pages with their header repeated, an optional
// watermark, and a footer with the page count.
import { formatDateTime } from '@conjunto/core';
import { directory } from '../directory.ts';
import type { Tx } from '../ledger.ts';

type Doc = PDFKit.PDFDocument;

/** The letterhead of receipts and statements: the complex's data (spec 000 §3 Conjunto). */
export interface Letterhead {
  name: string;
  ruc: string | null;
  address: string | null;
  phone: string | null;
  email: string | null;
}

/** With `unitId`: a unit's document, which shows the unit's own address when it has one (spec 002 §3). */
export async function letterheadOf(tx: Tx, complexId: string, unitId?: string | null): Promise<Letterhead> {
  const c = await directory(tx, complexId).complex();
  const unitAddress = unitId ? (await directory(tx, complexId).unit(unitId))?.address : null;
  return {
    name: c.name,
    ruc: c.ruc,
    address: unitAddress || [c.address, c.city, c.province].filter(Boolean).join(', ') || null,
    phone: c.contactPhone,
    email: c.customEmail || c.contactEmail,
  };
}

const MARGIN = 40;
const INK = '#1f2937';
const MUTED = '#6b7280';
const BRAND = '#1e3a8a';

/** Builds a PDF in memory. pdfkit is loaded on the first document, not at boot (memory). */
export async function renderPdf(title: string, draw: (doc: Doc) => void, options: { watermark?: string } = {}): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: title, Author: 'Conjunto', Creator: 'Conjunto' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  if (options.watermark) {
    const mark = options.watermark;
    watermark(doc, mark);
    doc.on('pageAdded', () => watermark(doc, mark));
  }
  draw(doc);
  footer(doc);
  doc.end();
  return done;
}

/** Big grey diagonal text behind the page's content (e.g. 'ANULADO'). */
function watermark(doc: Doc, text: string): void {
  const { width, height } = doc.page;
  const { x, y } = doc;
  doc.save();
  doc.rotate(-35, { origin: [width / 2, height / 2] });
  doc.font('Helvetica-Bold').fontSize(110).fillColor('#dc2626').fillOpacity(0.16);
  doc.text(text, 0, height / 2 - 55, { width, align: 'center', lineBreak: false });
  doc.restore();
  doc.fillOpacity(1).fillColor(INK);
  doc.x = x;
  doc.y = y;
}

function footer(doc: Doc): void {
  const range = doc.bufferedPageRange();
  const generated = `Generado el ${formatDateTime(new Date())}`;
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0; // writing inside the margin must not open a new page
    const y = doc.page.height - MARGIN + 12;
    doc.font('Helvetica').fontSize(8).fillColor(MUTED);
    doc.text(generated, MARGIN, y, { width: 300, lineBreak: false });
    doc.text(`Página ${i - range.start + 1} de ${range.count}`, doc.page.width - MARGIN - 150, y, {
      width: 150,
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins.bottom = bottom;
  }
  doc.fillColor(INK);
}

/** The complex's data on the left, the document's title and number on the right. */
export function letterhead(doc: Doc, complex: Letterhead, title: string, lines: string[]): void {
  const top = MARGIN;
  const left = MARGIN;
  const half = (doc.page.width - 2 * MARGIN) / 2;
  doc
    .font('Helvetica-Bold')
    .fontSize(14)
    .fillColor(BRAND)
    .text(complex.name, left, top, { width: half + 20 });
  doc.font('Helvetica').fontSize(9).fillColor(INK);
  const details = [
    complex.ruc ? `RUC: ${complex.ruc}` : null,
    complex.address ? `Dirección: ${complex.address}` : null,
    complex.phone ? `Teléfono: ${complex.phone}` : null,
    complex.email ? `Correo: ${complex.email}` : null,
  ].filter((l): l is string => l !== null);
  for (const line of details) doc.text(line, left, doc.y, { width: half + 20 });
  const leftBottom = doc.y;

  const right = left + half + 30;
  const rightWidth = doc.page.width - MARGIN - right;
  doc.font('Helvetica-Bold').fontSize(13).fillColor(BRAND).text(title, right, top, { width: rightWidth, align: 'right' });
  doc.font('Helvetica').fontSize(10).fillColor(INK);
  for (const line of lines) doc.text(line, right, doc.y + 2, { width: rightWidth, align: 'right' });
  doc.y = Math.max(leftBottom, doc.y) + 12;
  rule(doc);
}

export function rule(doc: Doc, color = '#cbd5e1'): void {
  doc
    .moveTo(MARGIN, doc.y)
    .lineTo(doc.page.width - MARGIN, doc.y)
    .lineWidth(0.7)
    .strokeColor(color)
    .stroke();
  doc.y += 8;
  doc.x = MARGIN;
}

/** 'Label: value' pairs in two columns. */
export function fields(doc: Doc, pairs: [string, string | null | undefined][]): void {
  const width = (doc.page.width - 2 * MARGIN) / 2;
  for (let i = 0; i < pairs.length; i += 2) {
    const y = doc.y;
    let bottom = y;
    for (const [j, pair] of pairs.slice(i, i + 2).entries()) {
      const x = MARGIN + j * width;
      doc
        .font('Helvetica-Bold')
        .fontSize(9)
        .fillColor(MUTED)
        .text(`${pair[0]}: `, x, y, { width: width - 10, continued: true });
      doc
        .font('Helvetica')
        .fillColor(INK)
        .text(pair[1] || '—');
      bottom = Math.max(bottom, doc.y);
    }
    doc.y = bottom + 3;
  }
  doc.x = MARGIN;
  doc.y += 6;
}

export function heading(doc: Doc, text: string): void {
  ensureSpace(doc, 40);
  doc.font('Helvetica-Bold').fontSize(11).fillColor(BRAND).text(text, MARGIN, doc.y);
  doc.fillColor(INK);
  doc.y += 4;
}

function ensureSpace(doc: Doc, height: number): void {
  if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
}

export interface Column {
  header: string;
  /** Share of the usable width. */
  width: number;
  align?: 'left' | 'right' | 'center';
}

/** A table; rows that do not fit start a new page, which repeats the header. */
export function table(doc: Doc, columns: Column[], rows: string[][]): void {
  const usable = doc.page.width - 2 * MARGIN;
  const total = columns.reduce((s, c) => s + c.width, 0);
  const widths = columns.map((c) => (c.width / total) * usable);
  const pad = 4;
  const drawRow = (cells: string[], kind: 'header' | 'row', fill?: string) => {
    const font = kind === 'row' ? 'Helvetica' : 'Helvetica-Bold';
    doc.font(font).fontSize(8);
    const height = Math.max(...cells.map((text, i) => doc.heightOfString(text || ' ', { width: widths[i] - 2 * pad }))) + 2 * pad;
    if (doc.y + height > doc.page.height - doc.page.margins.bottom) {
      doc.addPage();
      if (kind !== 'header') drawHeader();
    }
    const y = doc.y;
    if (fill) doc.rect(MARGIN, y, usable, height).fill(fill);
    let x = MARGIN;
    doc
      .fillColor(kind === 'header' ? '#ffffff' : INK)
      .font(font)
      .fontSize(8);
    cells.forEach((text, i) => {
      doc.text(text, x + pad, y + pad, { width: widths[i] - 2 * pad, align: columns[i].align ?? 'left' });
      x += widths[i];
    });
    doc
      .moveTo(MARGIN, y + height)
      .lineTo(MARGIN + usable, y + height)
      .lineWidth(0.4)
      .strokeColor('#e5e7eb')
      .stroke();
    doc.fillColor(INK);
    doc.x = MARGIN;
    doc.y = y + height;
  };
  const drawHeader = () =>
    drawRow(
      columns.map((c) => c.header),
      'header',
      BRAND,
    );
  ensureSpace(doc, 40);
  drawHeader();
  for (const [i, row] of rows.entries()) drawRow(row, 'row', i % 2 ? '#f8fafc' : undefined);
  doc.y += 8;
}

/** Right-aligned 'label  value' lines (subtotal, discount, total). */
export function totals(doc: Doc, lines: [string, string, boolean?][]): void {
  const width = 250;
  const x = doc.page.width - MARGIN - width;
  ensureSpace(doc, lines.length * 16 + 10);
  for (const [label, value, strong] of lines) {
    const y = doc.y;
    doc
      .font(strong ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(strong ? 11 : 9.5)
      .fillColor(INK);
    doc.text(label, x, y, { width: width - 100 });
    doc.text(value, x + width - 100, y, { width: 100, align: 'right' });
    doc.y = Math.max(doc.y, y + (strong ? 16 : 14));
  }
  doc.x = MARGIN;
  doc.y += 6;
}

/** Two signature lines at the foot of a document, labelled left and right. */
export function signatures(doc: Doc, left: string, right: string): void {
  const y = Math.min(doc.y + 50, doc.page.height - doc.page.margins.bottom - 30);
  if (y < doc.y) return;
  const width = 180;
  const leftX = doc.page.margins.left + 20;
  const rightX = doc.page.width - doc.page.margins.right - 20 - width;
  doc.lineWidth(0.7).strokeColor('#6b7280');
  doc
    .moveTo(leftX, y)
    .lineTo(leftX + width, y)
    .stroke();
  doc
    .moveTo(rightX, y)
    .lineTo(rightX + width, y)
    .stroke();
  doc.font('Helvetica').fontSize(9).fillColor('#1f2937');
  doc.text(left, leftX, y + 4, { width, align: 'center' });
  doc.text(right, rightX, y + 4, { width, align: 'center' });
  doc.x = doc.page.margins.left;
}
