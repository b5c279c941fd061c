// Demo: four common areas per complex (one disabled) and a month of reservations around today: past ones approved
// (a few rejected or cancelled), coming ones pending or approved with their codes. The demo resident of each complex
// has one approved with a QR code and one pending, so their area shows both.
import { type DemoSeedContext, newId } from '@conjunto/core';
import sharp from 'sharp';
import { codeWindow } from './booking.ts';
import { REMINDER_SCHEDULE, reminderSchedule } from './reminders.ts';
import { instantOf, newCode, newHash, slotsOf, weekdayMask } from './slots.ts';

const ALL_DAYS = weekdayMask([1, 2, 3, 4, 5, 6, 7]);
const AREAS = [
  {
    name: 'Salón comunal',
    description: 'Salón para eventos con cocina, mesas y sillas.',
    rules: 'Música hasta las 22:00. Entregar el salón limpio. Máximo 80 invitados.',
    allowQr: true,
    capacity: 80,
    price: '50.00',
    deposit: '100.00',
    mode: 'horas',
    opens: 10 * 60,
    closes: 22 * 60,
    slot: 60,
    maxSlots: 6,
    notice: 48,
    perMonth: 2,
  },
  {
    name: 'BBQ',
    description: 'Zona de parrillas junto a la piscina.',
    rules: 'Traer carbón propio. Limpiar la parrilla al terminar.',
    allowQr: true,
    capacity: 20,
    price: '15.00',
    deposit: '0.00',
    mode: 'bloques',
    opens: 10 * 60,
    closes: 22 * 60,
    slot: 4 * 60,
    maxSlots: 1,
    notice: 24,
    perMonth: 4,
  },
  {
    name: 'Cancha de tenis',
    description: 'Cancha de arcilla con iluminación.',
    rules: 'Usar calzado adecuado.',
    allowQr: false,
    capacity: 4,
    price: '0.00',
    deposit: '0.00',
    mode: 'horas',
    opens: 7 * 60,
    closes: 21 * 60,
    slot: 60,
    maxSlots: 2,
    notice: 2,
    perMonth: null,
  },
  {
    name: 'Gimnasio',
    description: 'En mantenimiento.',
    rules: null,
    allowQr: false,
    capacity: 10,
    price: '0.00',
    deposit: '0.00',
    mode: 'horas',
    opens: 6 * 60,
    closes: 22 * 60,
    slot: 60,
    maxSlots: 1,
    notice: 1,
    perMonth: null,
    disabled: true,
  },
] as const;

const DAY = 86_400_000;
const COLORS = ['#5b7db1', '#c0843d', '#4f9a6b', '#8a8f99'];

/** A demo photo: the area's name on a colour (a real complex uploads its own). */
const demoPhoto = (name: string, color: string) =>
  sharp({ create: { width: 800, height: 450, channels: 3, background: color } })
    .composite([
      {
        input: Buffer.from(
          `<svg width="800" height="450"><text x="400" y="240" font-size="56" font-family="sans-serif" fill="white" text-anchor="middle">${name}</text></svg>`,
        ),
      },
    ])
    .jpeg({ quality: 70 })
    .toBuffer();
const dayAt = (offset: number) => new Date(Date.now() + offset * DAY - 5 * 3_600_000).toISOString().slice(0, 10);

export async function seedReservations({ em, complexes, residents, random, directory, files, schedule }: DemoSeedContext) {
  for (const complex of complexes) {
    await schedule(complex.id, REMINDER_SCHEDULE, reminderSchedule());
    const people = residents[complex.id] ?? [];
    if (!people.length) continue;
    const units = new Map<string, string>();
    for (const person of await directory(complex.id).residents({ ids: people.map((p) => p.id) }))
      if (person.unitId) units.set(person.id, person.unitId);
    const bookers = people.filter((p) => units.has(p.id));
    if (!bookers.length) continue;
    const usedCodes = new Set<string>();
    const codeFor = () => {
      let code = newCode();
      while (usedCodes.has(code)) code = newCode();
      usedCodes.add(code);
      return code;
    };
    const rows: unknown[][] = [];
    const add = (
      areaId: string,
      qr: boolean,
      price: string,
      deposit: string,
      who: { id: string },
      s: { startsAt: Date; endsAt: Date },
      status: string,
    ) => {
      const approved = status === 'aprobada';
      const code = approved && qr ? codeFor() : null;
      const [from, until] = code ? codeWindow(s.startsAt, s.endsAt) : [null, null];
      const created = new Date(Math.min(Date.now() - DAY, s.startsAt.getTime() - 5 * DAY));
      rows.push([
        newId(),
        complex.id,
        areaId,
        units.get(who.id),
        who.id,
        s.startsAt,
        s.endsAt,
        status,
        newHash(),
        code,
        from,
        until,
        price,
        deposit,
        status === 'pendiente' ? null : created,
        created,
      ]);
    };

    for (const [index, spec] of AREAS.entries()) {
      const areaId = newId();
      const photo = await files(complex.id).save(em, {
        category: 'common-area',
        personal: false,
        filename: `${spec.name}.jpg`,
        label: spec.name,
        contentType: 'image/jpeg',
        data: await demoPhoto(spec.name, COLORS[index]),
      });
      await em.execute(
        `insert into reservation_areas (id, complex_id, name, description, rules, enabled, allow_qr, capacity, price, deposit,
           mode, opens_minute, closes_minute, slot_minutes, max_slots, min_notice_hours, max_per_unit_month, weekdays, photos)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb)`,
        [
          areaId,
          complex.id,
          spec.name,
          spec.description,
          spec.rules,
          !('disabled' in spec),
          spec.allowQr,
          spec.capacity,
          spec.price,
          spec.deposit,
          spec.mode,
          spec.opens,
          spec.closes,
          spec.slot,
          spec.maxSlots,
          spec.notice,
          spec.perMonth,
          ALL_DAYS,
          JSON.stringify([photo.id]),
        ],
      );
      if ('disabled' in spec) continue;
      const hours = {
        mode: spec.mode,
        opensMinute: spec.opens,
        closesMinute: spec.closes,
        slotMinutes: spec.slot,
        maxSlots: spec.maxSlots,
        weekdays: ALL_DAYS,
      };
      // A month around today: about one reservation every other day per area, never two on one slot.
      for (let offset = -20; offset <= 12; offset++) {
        if (random() < 0.5) continue;
        const slots = slotsOf(hours, dayAt(offset));
        const first = Math.floor(random() * slots.length);
        const length = Math.min(slots.length - first, 1 + Math.floor(random() * spec.maxSlots));
        const range = { startsAt: slots[first].startsAt, endsAt: slots[first + length - 1].endsAt };
        const who = bookers[Math.floor(random() * bookers.length)];
        const roll = random();
        const status =
          offset < 0 ? (roll < 0.8 ? 'aprobada' : roll < 0.9 ? 'rechazada' : 'cancelada') : roll < 0.5 ? 'pendiente' : 'aprobada';
        add(areaId, spec.allowQr, spec.price, spec.deposit, who, range, status);
      }
      // The demo resident (the first resident): next week's party approved with its code, and a pending barbecue.
      const demo = bookers[0];
      if (spec.name === 'Salón comunal')
        add(
          areaId,
          true,
          spec.price,
          spec.deposit,
          demo,
          { startsAt: instantOf(dayAt(20), 18 * 60), endsAt: instantOf(dayAt(20), 22 * 60) },
          'aprobada',
        );
      if (spec.name === 'BBQ')
        add(
          areaId,
          true,
          spec.price,
          spec.deposit,
          demo,
          { startsAt: instantOf(dayAt(21), 14 * 60), endsAt: instantOf(dayAt(21), 18 * 60) },
          'pendiente',
        );
    }
    for (const row of rows)
      await em.execute(
        `insert into reservations (id, complex_id, area_id, unit_id, user_id, starts_at, ends_at, status, hash, code,
           code_valid_from, code_valid_until, price, deposit, decided_at, created_at)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        row,
      );
  }
}
