// Accounting's service for other plugins, called as a consumer gets it (a scope of one complex): the batch
// `unitsInArrears` answers, in one query, exactly the units whose own `arrearsOf` shows an overdue balance.
import { startTestServer, type TestServer } from '@conjunto/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountingService } from '../server/service.ts';

let t: TestServer;
let alamos: string;
const scopeOf = (complexId: string) => ({
  complexId,
  userId: null,
  userName: 'prueba',
  em: t.db.orm.em.fork(),
});

beforeAll(async () => {
  t = await startTestServer();
  alamos = await t.complexId('alamos');
}, 180_000);
afterAll(() => t?.close());

describe('accounting service: unitsInArrears', () => {
  it('answers the units in arrears among those asked, as arrearsOf does unit by unit', async () => {
    const units = await t.sql<{ id: string }>('select id from units where complex_id = ? order by number', [alamos]);
    const service = accountingService(scopeOf(alamos));
    const expected = new Set<string>();
    for (const u of units) if ((await service.arrearsOf(u.id)).overdue > 0) expected.add(u.id);
    expect(expected.size, 'the demo has units in arrears').toBeGreaterThan(0);
    expect(expected.size, 'and units in good standing').toBeLessThan(units.length);
    const batch = await service.unitsInArrears(units.map((u) => u.id));
    expect([...batch].sort()).toEqual([...expected].sort());
    // A subset answers only its own; repeated ids once.
    const [one] = [...expected];
    expect([...(await service.unitsInArrears([one, one]))]).toEqual([one]);
    expect((await service.unitsInArrears([])).size).toBe(0);
  });

  it("never answers another complex's units, and refuses malformed ids (400)", async () => {
    const colina = await t.complexId('colina');
    const foreign = await t.sql<{ unit_id: string }>(
      `select distinct unit_id from receivables where complex_id = ? and balance > 0
          and due_date <= (now() at time zone 'America/Guayaquil')::date`,
      [colina],
    );
    const service = accountingService(scopeOf(alamos));
    if (foreign.length) expect((await service.unitsInArrears(foreign.map((f) => f.unit_id))).size).toBe(0);
    for (const bad of [['not-a-uuid'], ["' or 1=1 --"], [null]])
      await expect(service.unitsInArrears(bad as string[])).rejects.toMatchObject({ statusCode: 400 });
  });
});
