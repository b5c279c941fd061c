// The platform's complex list shows each complex's residents (counted: its active users holding the residente
// role, one aggregate query per page) and its declared parking spaces (NumParqueaderos).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

let t: TestServer;
let staff: { authorization: string };
beforeAll(async () => {
  t = await startTestServer();
  staff = await t.login('superadmin@demo.test');
});
afterAll(() => t?.close());

const platform = (method: 'GET' | 'PUT', path: string, payload?: object) =>
  t.app.inject({ method, url: `/api/platform/${path}`, headers: staff, payload });

/** name -> [residents, parking spaces] of the platform's list. */
async function counts(): Promise<Record<string, [number, number]>> {
  const res = await platform('GET', 'complexes');
  expect(res.statusCode).toBe(200);
  return Object.fromEntries(
    res
      .json()
      .map((c: { name: string; residentCount: number; parkingCount: number }) => [c.name, [c.residentCount, c.parkingCount]]),
  );
}

describe("the platform's complex counts", () => {
  it("shows the demo's residents and parking spaces, counting the residents of the page in one query", async () => {
    const connection = t.app.orm.em.getConnection();
    const execute = connection.execute;
    const sent: string[] = [];
    connection.execute = ((sql: string, ...rest: unknown[]) => {
      sent.push(String(sql));
      return (execute as (...args: unknown[]) => unknown).call(connection, sql, ...rest);
    }) as typeof execute;
    try {
      expect(await counts()).toEqual({
        // Owners of every unit, and the tenants of the rented ones (Casa 4, 11, 18, 25, 32...).
        'Conjunto Los Álamos': [41, 40],
        'Conjunto El Bosque': [37, 36],
        'Conjunto La Colina': [34, 30],
      });
    } finally {
      connection.execute = execute;
    }
    expect(sent.filter((sql) => sql.includes('residence_complex_id in'))).toHaveLength(1);
  });

  it('follows the residents: an inactive one or a back-office user living there does not count', async () => {
    const alamos = await t.complexId('alamos');
    const [one] = await t.sql<{ id: string }>(
      "select id from users where residence_complex_id = ? and email <> 'residente@demo.test' limit 1",
      [alamos],
    );
    await t.sql('update users set is_active = false where id = ?', [one.id]);
    await t.sql("update users set residence_complex_id = ? where email = 'guardia@demo.test'", [alamos]);
    try {
      expect((await counts())['Conjunto Los Álamos']).toEqual([40, 40]);
      // The same figure on the complex itself, for the platform and for its administrator.
      expect((await platform('GET', `complexes/${alamos}`)).json().residentCount).toBe(40);
      const own = await t.app.inject({
        method: 'GET',
        url: `/api/complexes/${alamos}`,
        headers: await t.login('admin@demo.test'),
      });
      expect(own.json().residentCount).toBe(40);
      const csv = (await platform('GET', `complexes/export?format=csv&filter=${encodeURIComponent('{"q":"Álamos"}')}`)).body;
      const [header, row] = csv.replace(/^\uFEFF/, '').split('\r\n');
      const cells = row.slice(1, -1).split('","');
      const names = header.slice(1, -1).split('","');
      expect([cells[names.indexOf('Residentes')], cells[names.indexOf('Parqueaderos')]]).toEqual(['40', '40']);
    } finally {
      await t.sql('update users set is_active = true where id = ?', [one.id]);
      await t.sql("update users set residence_complex_id = null where email = 'guardia@demo.test'");
    }
  });

  it('lets the platform declare the parking spaces, never the residents', async () => {
    const colina = await t.complexId('colina');
    const set = await platform('PUT', `complexes/${colina}`, { parkingCount: 45 });
    expect(set.statusCode, set.body).toBe(200);
    expect([set.json().residentCount, set.json().parkingCount]).toEqual([34, 45]);
    // A resident count sent is not a field of the complex: it is left out, the count stays the residents'.
    const ignored = await platform('PUT', `complexes/${colina}`, { residentCount: 9999 });
    expect(ignored.json().residentCount).toBe(34);
    expect((await counts())['Conjunto La Colina']).toEqual([34, 45]);
  });
});
