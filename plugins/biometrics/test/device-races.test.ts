// Attacks on the device registry's uniqueness: one IP per controller must hold under concurrent writes and whatever
// spelling of the same address is sent; a controller's name likewise under concurrent renames (a 409, never a 500).
import { startTestServer, type TestServer } from '@conjunto/server/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let t: TestServer;
let alamos: string;
let admin: { authorization: string };
let controllers: { id: string; name: string }[];

beforeAll(async () => {
  t = await startTestServer();
  alamos = await t.complexId('alamos');
  admin = await t.login('admin@demo.test');
  controllers = await t.sql('select id, name from biometric_controllers where complex_id = ? order by sequence', [alamos]);
});
afterAll(() => t?.close());

const call = (method: 'POST' | 'PUT', path: string, payload: unknown) =>
  t.app.inject({ method, url: `/api/complexes/${alamos}/${path}`, headers: admin, payload: payload as object });

describe('one IP per controller', () => {
  it('holds under 40 concurrent creates of the same IP on one controller: one 201, the others 409', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        call('POST', 'biometric-devices', { name: `Carrera ${i}`, ip: '10.9.9.9', controllerId: controllers[0].id }),
      ),
    );
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s !== 201).every((s) => s === 409)).toBe(true);
    // The writes the index refused answer as the route's own check does: the field and its message.
    const refused = answers.filter((r) => r.statusCode === 409).map((r) => JSON.stringify(r.json().errors));
    expect(new Set(refused)).toEqual(
      new Set([JSON.stringify({ ip: 'Ya existe un dispositivo con esa IP en el mismo controlador' })]),
    );
    const rows = await t.sql('select id from biometric_devices where complex_id = ? and ip = ?', [alamos, '10.9.9.9']);
    expect(rows).toHaveLength(1);
  });

  it('holds under concurrent creates on no controller too', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => call('POST', 'biometric-devices', { name: `Suelto ${i}`, ip: '10.9.9.8' })),
    );
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(answers.every((r) => r.statusCode < 500)).toBe(true);
  });

  it('sees one IPv6 address however it is spelled (case, leading zeros, compression)', async () => {
    const first = await call('POST', 'biometric-devices', { name: 'V6 a', ip: 'fe80::1', controllerId: controllers[0].id });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().ip).toBe('fe80::1');
    for (const spelling of ['FE80::1', 'fe80:0:0:0:0:0:0:1', 'fe80::0001', 'FE80:0000::0:1']) {
      const again = await call('POST', 'biometric-devices', { name: 'V6 b', ip: spelling, controllerId: controllers[0].id });
      expect(again.statusCode, `${spelling}: ${again.body}`).toBe(409);
    }
  });
});

describe('controller names', () => {
  it('two controllers renamed to one name at once: one 200, the other 409 on the name, never a 500', async () => {
    const [a, b] = await Promise.all([
      call('PUT', `biometric-controllers/${controllers[0].id}`, { name: 'Garita Carrera' }),
      call('PUT', `biometric-controllers/${controllers[1].id}`, { name: 'garita carrera' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
  });

  // PostgreSQL only (PGlite has one connection): another session renames a controller to the name and commits
  // between this rename's check and its update, so only the unique index sees the clash.
  it.skipIf(!process.env.DATABASE_URL)(
    'a clash that only the index sees answers as the check does: 409 on the name',
    async () => {
      const [{ db }] = await t.sql<{ db: string }>('select current_database() as db');
      const url = new URL(process.env.DATABASE_URL!);
      url.pathname = `/${db}`;
      const other = new pg.Client({ connectionString: url.toString() });
      await other.connect();
      try {
        await other.query('begin');
        await other.query("update biometric_controllers set name = 'Garita Índice' where id = $1", [controllers[1].id]);
        const pending = call('PUT', `biometric-controllers/${controllers[0].id}`, { name: 'garita índice' });
        // The rename's update waits on the other session's index entry; the other session then commits.
        await new Promise((resolve) => setTimeout(resolve, 500));
        await other.query('commit');
        const res = await pending;
        expect(res.statusCode, res.body).toBe(409);
        expect(res.json().errors).toEqual({ name: 'Ya existe un controlador con ese nombre' });
      } finally {
        await other.end();
      }
    },
  );
});
