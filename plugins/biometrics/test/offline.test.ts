// The dashboard's "devices offline" figure: the device list filtered by every status but active answers how many
// and which (Los Álamos's demo: 'Parqueadero' inactive, 'Gimnasio' with a connection error, three active).
import { listQuery, startTestServer, type TestServer } from '@conjunto/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFFLINE_STATUSES } from '../manifest.ts';

let t: TestServer;
let complexId: string;
beforeAll(async () => {
  t = await startTestServer();
  complexId = await t.complexId('alamos');
});
afterAll(() => t?.close());

const offline = async (email: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/complexes/${complexId}/biometric-devices?${listQuery({
      filter: { status: OFFLINE_STATUSES },
      sort: ['name', 'ASC'],
      range: [0, 4],
    })}`,
    headers: await t.login(email),
  });

describe('devices offline', () => {
  it('counts and names the devices that are not active', async () => {
    const res = await offline('admin@demo.test');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-range']).toBe('biometric-devices 0-1/2');
    expect(res.json().map((d: { name: string }) => d.name)).toEqual(['Gimnasio', 'Parqueadero']);
    await t.sql("update biometric_devices set status = 'mantenimiento' where complex_id = ? and name = 'Entrada principal'", [
      complexId,
    ]);
    expect((await offline('admin@demo.test')).headers['content-range']).toBe('biometric-devices 0-2/3');
  });

  it('is for the office only', async () => {
    expect((await offline('guardia@demo.test')).statusCode).toBe(403);
    expect([403, 404]).toContain((await offline('admin2@demo.test')).statusCode);
  });
});
