// A property of reservations under races: whatever random requests arrive at once on one area (bookings of random
// ranges for random units, approvals, cancellations), no two live reservations overlap, and every approved
// reservation of a QR area holds exactly one valid code (8 digits, unique in the complex) while no other holds one.
import { startTestServer, type TestServer } from '@conjunto/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instantOf } from '../server/slots.ts';

let t: TestServer;
let alamos: string;
let admin: { authorization: string };
let areaId: string;
let units: string[];

const DAY = 86_400_000;
/** A seeded generator (mulberry32): the same requests every run. */
function seededRandom(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}
const dayAt = (offset: number) => new Date(Date.now() + offset * DAY - 5 * 3_600_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await startTestServer();
  alamos = await t.complexId('alamos');
  admin = await t.login('admin@demo.test');
  const area = await t.app.inject({
    method: 'POST',
    url: `/api/complexes/${alamos}/reservation-areas`,
    headers: admin,
    payload: {
      name: 'Propiedad',
      allowQr: true,
      opensAt: '08:00',
      closesAt: '20:00',
      slotMinutes: 60,
      maxSlots: 3,
      minNoticeHours: 0,
    },
  });
  areaId = area.json().id;
  units = (await t.sql<{ id: string }>('select id from units where complex_id = ? and is_active limit 20', [alamos])).map(
    (u) => u.id,
  );
});
afterAll(() => t?.close());

describe('reservations under random concurrent requests', () => {
  it('never overlap, and each approved one holds exactly one valid code', async () => {
    const random = seededRandom(20261127);
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
    const url = `/api/complexes/${alamos}/reservations`;
    for (let round = 0; round < 8; round++) {
      // Bookings (the office's are approved at once), approvals and cancellations of the live ones, all at once.
      const live = await t.sql<{ id: string }>(
        "select id from reservations where area_id = ? and status in ('pendiente', 'aprobada')",
        [areaId],
      );
      const requests = Array.from({ length: 24 }, () => {
        const roll = random();
        if (roll < 0.6 || !live.length) {
          const day = dayAt(1 + Math.floor(random() * 4));
          const start = 8 + Math.floor(random() * 11);
          const length = 1 + Math.floor(random() * 3);
          return t.app.inject({
            method: 'POST',
            url,
            headers: admin,
            payload: {
              areaId,
              unitId: pick(units),
              startsAt: instantOf(day, start * 60).toISOString(),
              endsAt: instantOf(day, Math.min(20, start + length) * 60).toISOString(),
            },
          });
        }
        const target = pick(live).id;
        return roll < 0.9
          ? t.app.inject({ method: 'POST', url: `${url}/${target}/approve`, headers: admin })
          : t.app.inject({ method: 'POST', url: `${url}/${target}/cancel`, headers: admin, payload: {} });
      });
      const answers = await Promise.all(requests);
      // Every answer is the rule's: created, changed, or refused with a 4xx (never a 5xx).
      for (const a of answers) expect(a.statusCode, a.body).toBeLessThan(500);
      // Some approved reservations go back to pending, so that approvals race too.
      await t.sql(
        "update reservations set status = 'pendiente', code = null, code_valid_from = null, code_valid_until = null where area_id = ? and status = 'aprobada' and random() < 0.3",
        [areaId],
      );
    }
    const overlaps = await t.sql(
      `select a.id from reservations a join reservations b on a.area_id = b.area_id and a.id < b.id
        where a.area_id = ? and a.status in ('pendiente', 'aprobada') and b.status in ('pendiente', 'aprobada')
          and tstzrange(a.starts_at, a.ends_at) && tstzrange(b.starts_at, b.ends_at)`,
      [areaId],
    );
    expect(overlaps).toEqual([]);
    const rows = await t.sql<{
      status: string;
      code: string | null;
      code_valid_from: Date | null;
      code_valid_until: Date | null;
      starts_at: Date;
      ends_at: Date;
    }>('select status, code, code_valid_from, code_valid_until, starts_at, ends_at from reservations where area_id = ?', [
      areaId,
    ]);
    // The run did approve and cancel (not only refuse).
    expect(rows.filter((r) => r.status === 'aprobada').length).toBeGreaterThan(3);
    expect(rows.filter((r) => r.status === 'cancelada').length).toBeGreaterThan(0);
    for (const r of rows) {
      if (r.status !== 'aprobada') {
        expect(r.code).toBeNull();
        continue;
      }
      expect(r.code).toMatch(/^\d{8}$/);
      expect(new Date(r.code_valid_until as Date).getTime()).toBe(new Date(r.ends_at).getTime());
      expect(new Date(r.code_valid_from as Date).getTime()).toBe(new Date(r.starts_at).getTime());
    }
    const codes = rows.filter((r) => r.code).map((r) => r.code);
    expect(new Set(codes).size).toBe(codes.length);
  });
});
