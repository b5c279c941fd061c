// Demo data of moving requests and pets: in every demo complex a few pets (two with a photo, one with its
// vaccination overdue) and moving requests in each state, with the log of an approved one; the Mudanza and
// Pets switches on, so the demo shows both screens. The first unit of Los Álamos (residente@demo.test's) gets
// a pet and a pending request of its own, for the resident's area.
import { businessDay, type DemoSeedContext } from '@conjunto/core';
import { MovingEntry, MovingRequest } from './moving.entity.ts';
import { Pet } from './pet.entity.ts';

const PETS = [
  { name: 'Max', species: 'perro', breed: 'Labrador', color: 'Dorado', months: 3, photo: '#c8a165' },
  { name: 'Luna', species: 'gato', breed: 'Siamés', color: 'Crema', months: 14, photo: '#e8dcc4' },
  { name: 'Rocky', species: 'perro', breed: 'Schnauzer', color: 'Gris', months: 8, photo: null },
  { name: 'Michi', species: 'gato', breed: 'Mestizo', color: 'Negro', months: null, photo: null },
  { name: 'Kiwi', species: 'otro', breed: 'Periquito', color: 'Verde', months: 2, photo: null },
] as const;
const PLATES = ['PBA1234', 'GYE5678', 'PCD903', 'ABC4521'];

/** 'YYYY-MM-DD' `days` from the business day `from`. */
const shift = (from: string, days: number) =>
  new Date(Date.parse(`${from}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

async function photo(color: string): Promise<Uint8Array> {
  const { default: sharp } = await import('sharp');
  return sharp({ create: { width: 320, height: 240, channels: 3, background: color } })
    .jpeg({ quality: 70 })
    .toBuffer();
}

export async function seedMoving(ctx: DemoSeedContext): Promise<void> {
  const { em } = ctx;
  const today = businessDay();
  await ctx.switchOn(
    ctx.complexes.map((c) => c.id),
    'Mudanza',
  );
  await ctx.switchOn(
    ctx.complexes.map((c) => c.id),
    'Pets',
  );
  for (const complex of ctx.complexes) {
    const directory = ctx.directory(complex.id);
    // Decisions and truck entries are the complex's administrator's.
    const admin = (await directory.staff('administrador'))[0]?.id;
    const units = await directory.units();
    if (units.length < 6) continue;
    const files = ctx.files(complex.id);
    // Pets in units 1, 3, 5, 7, 9 (the first one is the demo resident's in Los Álamos).
    for (const [i, pet] of PETS.entries()) {
      const unit = units[i * 2];
      if (!unit) break;
      const vaccinatedOn = pet.months === null ? null : shift(today, -Math.round(pet.months * 30.5));
      let photoFileId: string | null = null;
      if (pet.photo) {
        const saved = await files.save(em, {
          category: 'pet',
          personal: false,
          filename: `${pet.name.toLowerCase()}.jpg`,
          label: `${pet.name} (${unit.number})`,
          contentType: 'image/jpeg',
          data: await photo(pet.photo),
        });
        photoFileId = saved.id;
      }
      em.create(Pet, {
        complexId: complex.id,
        unitId: unit.id,
        ownerId: unit.holderId,
        name: pet.name,
        species: pet.species,
        breed: pet.breed,
        color: pet.color,
        vaccinatedOn,
        notes: i === 0 ? 'Sale a pasear con correa por las áreas comunes.' : null,
        photoFileId,
      } as never);
    }
    // Moving requests: the first unit's pending move-in, an approved move-out with its truck's log, a completed
    // one last month and a rejected one.
    const requests = [
      { unit: units[0], type: 'ingreso', date: shift(today, 7), status: 'pendiente', plate: PLATES[0] },
      { unit: units[3], type: 'salida', date: today, status: 'aprobada', plate: PLATES[1] },
      { unit: units[4], type: 'ingreso', date: shift(today, -30), status: 'completada', plate: PLATES[2] },
      { unit: units[5], type: 'salida', date: shift(today, 3), status: 'rechazada', plate: PLATES[3] },
    ];
    for (const r of requests) {
      const decided = r.status !== 'pendiente';
      const request = em.create(MovingRequest, {
        complexId: complex.id,
        unitId: r.unit.id,
        residentId: r.unit.holderId,
        type: r.type,
        date: r.date,
        startTime: '08:00',
        endTime: '13:00',
        plate: r.plate,
        notes: r.type === 'ingreso' ? 'Camión mediano, usar el ascensor de carga.' : null,
        status: r.status,
        rejectReason: r.status === 'rechazada' ? 'La fecha coincide con el mantenimiento del ascensor.' : null,
        decidedBy: decided ? (admin ?? null) : null,
        decidedAt: decided ? new Date(Date.parse(`${r.date}T12:00:00Z`) - 3 * 86_400_000) : null,
        createdBy: r.unit.holderId,
      } as never);
      if (r.status === 'aprobada' || r.status === 'completada') {
        const enteredAt = new Date(`${r.date}T08:10:00-05:00`);
        em.create(MovingEntry, {
          complexId: complex.id,
          requestId: request.id,
          unitId: r.unit.id,
          plate: r.plate,
          enteredAt,
          exitedAt: r.status === 'completada' ? new Date(enteredAt.getTime() + 4 * 3_600_000) : null,
          registeredBy: admin ?? null,
          notes: null,
        } as never);
      }
    }
  }
}
