// The vote's report (spec 002 §2.5 screen 14): the questions with both percentages, the quorum, who voted and who
// did not, and the proxies, as PDF (pdfkit, standard Helvetica: WinAnsi covers Spanish) or Excel (exceljs, cells
// as text values, never formulas). Both libraries load on the first report, not at boot.
import { formatDateTime, formatPercentage, safeCell } from '@conjunto/core';
import type { VoteProxy, VoteResults } from '../schemas.ts';

export interface VoteReport {
  complexName: string;
  results: VoteResults;
  voters: NonNullable<VoteResults['voters']>;
  nonVoters: NonNullable<VoteResults['nonVoters']>;
  proxies: VoteProxy[];
}

// The screens' number convention (core: '66.67 %'), so that the report and the results dialog read the same.
const pct = (n: number) => formatPercentage(n, 'es');
const yesNo = (b: boolean) => (b ? 'Sí' : 'No');

export const reportFileName = (r: VoteReport, ext: 'pdf' | 'xlsx') =>
  `votacion-${
    r.results.title
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .toLowerCase()
      .slice(0, 60) || 'resultados'
  }.${ext}`;

export async function reportPdf(r: VoteReport): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'A4', margin: 40, info: { Title: r.results.title } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  const q = r.results.quorum;
  doc.fontSize(9).fillColor('#6b7280').text(r.complexName);
  doc.moveDown(0.3).fontSize(16).fillColor('#1e3a8a').text(`Votación: ${r.results.title}`);
  doc
    .moveDown(0.3)
    .fontSize(10)
    .fillColor('#1f2937')
    .text(`Fin: ${formatDateTime(r.results.endsAt)} · ${r.results.finished ? 'Finalizada' : 'En curso'}`)
    .text(`Ponderada por alícuota: ${yesNo(r.results.weighted)}`)
    .text(
      `Quórum: ${pct(q.percentage)} de la alícuota (${q.presentAliquot} de ${q.eligibleAliquot}) · ${q.presentUnits} de ${q.eligibleUnits} unidades (${pct(q.unitPercentage)})`,
    )
    .text(`Votaron ${q.votedUnits} unidades (alícuota ${q.votedAliquot}); presentes sin votar: ${q.presentUnits - q.votedUnits}`);
  if (r.results.excludedUnits) doc.text(`Unidades excluidas por valores vencidos: ${r.results.excludedUnits}`);
  for (const question of r.results.questions) {
    doc
      .moveDown(0.8)
      .fontSize(12)
      .fillColor('#1e3a8a')
      .text(`${question.index + 1}. ${question.text}`);
    doc.fontSize(10).fillColor('#1f2937');
    for (const o of question.options) {
      const mark = question.winner === o.index ? ' (ganadora)' : '';
      doc.text(
        `  ${o.label}${mark}: ${o.count} voto(s), ${pct(o.percentage)} por unidad · alícuota ${o.aliquot}, ${pct(o.weightedPercentage)} ponderado`,
      );
    }
  }
  const list = (title: string, lines: string[]) => {
    doc.moveDown(0.8).fontSize(12).fillColor('#1e3a8a').text(title);
    doc.fontSize(9).fillColor('#1f2937');
    if (!lines.length) doc.text('No hay información');
    for (const line of lines) doc.text(line);
  };
  list(
    `Votaron (${r.voters.length})`,
    r.voters.map(
      (v) =>
        `${v.unitNumber} · alícuota ${v.aliquot} · ${v.castByName}${v.viaProxy ? ' (por poder)' : ''} · ${formatDateTime(v.castAt)}`,
    ),
  );
  list(
    `No votaron (${r.nonVoters.length})`,
    r.nonVoters.map((v) => `${v.unitNumber} · alícuota ${v.aliquot} · ${v.holderName}${v.present ? ' · presente' : ''}`),
  );
  list(
    `Poderes (${r.proxies.length})`,
    r.proxies.map(
      (p) => `${p.unitNumber} delega en ${p.holderName} · registrado por ${p.grantedByName} · ${formatDateTime(p.createdAt)}`,
    ),
  );
  doc.end();
  return done;
}

export async function reportXlsx(r: VoteReport): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  const results = book.addWorksheet('Resultados');
  const q = r.results.quorum;
  const row = (sheet: typeof results, values: unknown[]) =>
    sheet.addRow(values.map((v) => (typeof v === 'number' ? v : safeCell(v))));
  row(results, ['Votación', r.results.title]);
  row(results, ['Conjunto', r.complexName]);
  row(results, ['Fin', formatDateTime(r.results.endsAt)]);
  row(results, ['Finalizada', yesNo(r.results.finished)]);
  row(results, ['Ponderada por alícuota', yesNo(r.results.weighted)]);
  row(results, ['Quórum (alícuota %)', q.percentage]);
  row(results, ['Alícuota presente o que votó', q.presentAliquot]);
  row(results, ['Alícuota que votó', q.votedAliquot]);
  row(results, ['Alícuota habilitada', q.eligibleAliquot]);
  row(results, ['Unidades presentes o que votaron', q.presentUnits]);
  row(results, ['Unidades que votaron', q.votedUnits]);
  row(results, ['Unidades habilitadas', q.eligibleUnits]);
  row(results, ['Unidades excluidas', r.results.excludedUnits]);
  row(results, []);
  row(results, ['Pregunta', 'Opción', 'Votos', '% por unidad', 'Alícuota', '% ponderado', 'Ganadora']).font = { bold: true };
  for (const question of r.results.questions)
    for (const o of question.options)
      row(results, [
        `${question.index + 1}. ${question.text}`,
        o.label,
        o.count,
        o.percentage,
        o.aliquot,
        o.weightedPercentage,
        yesNo(question.winner === o.index),
      ]);
  results.columns.forEach((c, i) => {
    c.width = i === 0 ? 50 : 18;
  });
  const voters = book.addWorksheet('Votaron');
  row(voters, ['Unidad', 'Alícuota', 'Votó', 'Por poder', 'Fecha', ...r.results.questions.map((x) => `P${x.index + 1}`)]).font = {
    bold: true,
  };
  for (const v of r.voters)
    row(voters, [
      v.unitNumber,
      v.aliquot,
      v.castByName,
      yesNo(v.viaProxy),
      formatDateTime(v.castAt),
      ...v.answers.map((a, i) => r.results.questions[i]?.options[a]?.label ?? ''),
    ]);
  const non = book.addWorksheet('No votaron');
  row(non, ['Unidad', 'Alícuota', 'Responsable', 'Presente']).font = { bold: true };
  for (const v of r.nonVoters) row(non, [v.unitNumber, v.aliquot, v.holderName, yesNo(v.present)]);
  const proxies = book.addWorksheet('Poderes');
  row(proxies, ['Unidad', 'Delegado', 'Registrado por', 'Fecha']).font = { bold: true };
  for (const p of r.proxies) row(proxies, [p.unitNumber, p.holderName, p.grantedByName, formatDateTime(p.createdAt)]);
  for (const sheet of [voters, non, proxies]) for (const c of sheet.columns) c.width = 22;
  return Buffer.from(await book.xlsx.writeBuffer());
}
