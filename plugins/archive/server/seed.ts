// Demo: two folders and four small generated PDFs per complex, some visible to residents.
import type { DemoSeedContext } from '@conjunto/core';
import { ArchiveDocument, ArchiveFolder } from './archive.entity.ts';

const DEMO_FOLDERS = ['Actas de asamblea', 'Reglamentos'] as const;
const DEMO_DOCUMENTS: { title: string; folder: 0 | 1 | null; visible: boolean; lines: string[] }[] = [
  {
    title: 'Acta de la asamblea ordinaria',
    folder: 0,
    visible: true,
    lines: ['Se aprobó el presupuesto anual.', 'Se eligió a la nueva directiva.'],
  },
  {
    title: 'Acta de la reunión de directiva',
    folder: 0,
    visible: false,
    lines: ['Revisión de cuentas por pagar.', 'Cotizaciones de mantenimiento.'],
  },
  {
    title: 'Reglamento interno',
    folder: 1,
    visible: true,
    lines: ['Horarios de silencio: 22:00 a 07:00.', 'Uso de áreas comunales con reserva previa.'],
  },
  {
    title: 'Contrato de guardianía',
    folder: null,
    visible: false,
    lines: ['Servicio de seguridad 24 horas.', 'Vigencia de un año.'],
  },
];

async function demoPdf(complexName: string, title: string, lines: string[]): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: title } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.fontSize(10).fillColor('#6b7280').text(complexName);
  doc.moveDown(0.5).fontSize(18).fillColor('#1e3a8a').text(title);
  doc.moveDown().fontSize(11).fillColor('#111827');
  for (const line of lines) doc.text(`• ${line}`).moveDown(0.3);
  doc.moveDown().fontSize(9).fillColor('#6b7280').text('Documento de demostración.');
  doc.end();
  return done;
}

const fileName = (title: string) =>
  `${title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase()}.pdf`;

export async function seedArchive({ em, complexes, files }: DemoSeedContext) {
  for (const complex of complexes) {
    const folders = DEMO_FOLDERS.map((name) => em.create(ArchiveFolder, { complexId: complex.id, name, parentId: null }));
    for (const [i, d] of DEMO_DOCUMENTS.entries()) {
      const data = await demoPdf(complex.name, d.title, d.lines);
      const saved = await files(complex.id).save(em, {
        category: 'document',
        personal: false,
        filename: fileName(d.title),
        label: d.title,
        contentType: 'application/pdf',
        data,
      });
      em.create(ArchiveDocument, {
        complexId: complex.id,
        folderId: d.folder === null ? null : folders[d.folder].id,
        title: d.title,
        fileId: saved.id,
        filename: fileName(d.title),
        contentType: 'application/pdf',
        sizeBytes: saved.size,
        visibleToResidents: d.visible,
        uploadedBy: null,
        createdAt: new Date(Date.now() - (i + 1) * 7 * 86_400_000),
      });
    }
  }
}
