// Demo reports per complex in every state (Pendiente, En progreso, Completado, Calificado with ratings), some with
// a photo, spread over the last weeks and over the complex's residents (the demo resident has two of their own).
import type { DemoSeedContext } from '@conjunto/core';
import { IssueReport } from './issue.entity.ts';

interface DemoReport {
  category: number;
  detail: string;
  status: 0 | 1 | 2 | 3;
  rating?: number;
  observations?: string;
  photo?: string;
  daysAgo: number;
}

const REPORTS: DemoReport[] = [
  {
    category: 2,
    detail: 'La luz del pasillo del bloque B no enciende desde hace dos días.',
    status: 0,
    daysAgo: 1,
    photo: '#4a5a6a',
  },
  { category: 1, detail: 'Ruido excesivo en el departamento vecino después de las 23:00.', status: 0, daysAgo: 2 },
  { category: 3, detail: 'Solicito instalar un basurero adicional junto al parque infantil.', status: 0, daysAgo: 4 },
  {
    category: 2,
    detail: 'Filtración de agua en el techo del parqueadero, puesto 14.',
    status: 1,
    daysAgo: 6,
    observations: 'Se contactó al proveedor de impermeabilización; visita programada.',
    photo: '#6b7f8f',
  },
  { category: 6, detail: 'La puerta del gimnasio no cierra bien.', status: 1, daysAgo: 9, observations: 'Cerrajero asignado.' },
  {
    category: 2,
    detail: 'El intercomunicador de la torre A no funciona.',
    status: 2,
    daysAgo: 15,
    observations: 'Se reemplazó la placa del intercomunicador.',
  },
  {
    category: 4,
    detail: 'Sugiero ampliar el horario de la piscina los fines de semana.',
    status: 3,
    rating: 5,
    daysAgo: 25,
    observations: 'Aprobado por la directiva: sábados y domingos hasta las 20:00.',
  },
  {
    category: 2,
    detail: 'Fuga de agua en la llave del jardín central.',
    status: 3,
    rating: 2,
    daysAgo: 30,
    observations: 'Se cambió el empaque de la llave.',
  },
  {
    category: 5,
    detail: 'Felicitaciones al personal de limpieza por su trabajo.',
    status: 3,
    rating: 4,
    daysAgo: 40,
    observations: '¡Gracias!',
  },
  {
    category: 1,
    detail: 'Mascotas sin correa en las áreas comunales.',
    status: 2,
    daysAgo: 12,
    observations: 'Se envió un comunicado.',
  },
];

/** A plain photo of `color` with a lighter band (sharp draws it: the demo carries no image files). */
async function demoPhoto(color: string): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  const band = await sharp({ create: { width: 640, height: 120, channels: 3, background: '#c9d3dc' } })
    .png()
    .toBuffer();
  return sharp({ create: { width: 640, height: 480, channels: 3, background: color } })
    .composite([{ input: band, top: 300, left: 0 }])
    .jpeg({ quality: 70 })
    .toBuffer();
}

export async function seedIssueReports(ctx: DemoSeedContext) {
  const { em, complexes } = ctx;
  const now = Date.now();
  const day = 86_400_000;
  for (const complex of complexes) {
    const residents = (await ctx.directory(complex.id).residents()).filter((r) => r.unitId);
    if (!residents.length) continue;
    const demo = residents.find((r) => r.email === 'residente@demo.test');
    // The demo resident gets the completed one to rate and a rated one; the others go round the residents.
    const others = residents.filter((r) => r !== demo);
    for (const [i, r] of REPORTS.entries()) {
      const who = demo && (i === 5 || i === 6) ? demo : (others[i % Math.max(others.length, 1)] ?? residents[0]);
      const reportedAt = new Date(now - r.daysAgo * day - (i % 5) * 3_600_000);
      const startedAt = r.status >= 1 ? new Date(reportedAt.getTime() + day / 2) : null;
      const completedAt = r.status >= 2 ? new Date(reportedAt.getTime() + 3 * day) : null;
      const report = em.create(IssueReport, {
        complexId: complex.id,
        unitId: who.unitId,
        residentId: who.id,
        category: r.category,
        detail: r.detail,
        status: r.status,
        observations: r.observations ?? null,
        rating: r.rating ?? 0,
        reportedAt,
        startedAt,
        completedAt,
        ratedAt: r.status === 3 ? new Date((completedAt as Date).getTime() + day) : null,
        updatedAt: reportedAt,
      } as never) as IssueReport;
      if (r.photo) {
        const saved = await ctx.files(complex.id).save(em, {
          category: 'issue-report',
          personal: false,
          filename: 'reporte.jpg',
          label: r.detail.slice(0, 60),
          contentType: 'image/jpeg',
          data: await demoPhoto(r.photo),
        });
        report.photoFileId = saved.id;
      }
    }
  }
}
