// Kill the server (SIGKILL) in the middle of a 500-face import job: after a restart on the same data the job
// runs again, completes, and no face is duplicated. The server runs as a real child process (`npm start`'s
// entry) on an embedded database folder, or on a fresh PostgreSQL database when DATABASE_URL is set.
import { type KillableServer, killableServer, multipart } from '@conjunto/server/testing';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROWS = 500;

let server: KillableServer;
beforeAll(async () => {
  server = await killableServer('import-crash');
}, 90_000);
afterAll(() => server?.close());

describe('an import job killed half-way', () => {
  it('completes after a restart, with every face once', async () => {
    const { api, logTail } = server;
    const session = await server.signIn();
    const token = session.token;
    const alamos = session.user.complexes.find((c) => c.name === 'Conjunto Los Álamos')?.id as string;
    const { body: status } = await api(`/biometrics/conjuntos/${alamos}/biometricos/status`, { token });
    // The active devices on a reachable controller: each face must end on every one of them.
    const devices = (status.data.devices_status as { rostro_id: string; status: string; ssh_status: string }[])
      .filter((d) => d.status === 'active' && d.ssh_status === 'connected')
      .map((d) => d.rostro_id);
    expect(devices.length).toBeGreaterThan(1);

    const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#9ab' } })
      .jpeg()
      .toBuffer();
    const rows = Array.from({ length: ROWS }, (_, i) => ({
      nombre: `Persona ${i}`,
      identificacion: String(1_800_000_000 + i),
      dispositivos_biometricos: devices,
    }));
    const body = multipart([
      { name: 'rostros', data: JSON.stringify(rows) },
      ...rows.map((_, i) => ({ name: `imagen_${i}`, filename: `${i}.jpg`, contentType: 'image/jpeg', data: photo })),
    ]);
    const sent = await fetch(`${server.base}/api/biometrics/conjuntos/${alamos}/rostros/import/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, ...body.headers },
      body: new Uint8Array(body.payload),
    });
    expect(sent.status).toBe(202);
    const { job_id: jobId } = await sent.json();

    // Kill it once a part of the rows is done.
    let before = 0;
    for (const deadline = Date.now() + 60_000; before < 60; ) {
      before = (await api(`/complexes/${alamos}/face-imports/${jobId}`, { token })).body.procesados;
      if (Date.now() > deadline) throw new Error(`the import did not start\n${logTail()}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    await server.killAndRestart();

    const relogin = await server.signIn();
    let record: { status: string; procesados: number; exitosos: number; fallidos: number };
    for (const deadline = Date.now() + 120_000; ; ) {
      record = (await api(`/complexes/${alamos}/face-imports/${jobId}`, { token: relogin.token })).body;
      if (record.status === 'completed' || record.status === 'failed' || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(before).toBeLessThan(ROWS);
    expect(record, logTail()).toMatchObject({ status: 'completed', procesados: ROWS, exitosos: ROWS, fallidos: 0 });

    // Every face once, each on every chosen device.
    const res = await fetch(
      `${server.base}/api/complexes/${alamos}/faces?range=[0,999]&filter=${encodeURIComponent(JSON.stringify({ q: '18000' }))}`,
      { headers: { authorization: `Bearer ${relogin.token}` } },
    );
    const faces = (await res.json()) as { identificacion: string; devices: string[] }[];
    const mine = faces.filter((f) => f.identificacion.startsWith('18'));
    expect(new Set(mine.map((f) => f.identificacion)).size).toBe(mine.length);
    expect(
      mine.filter((f) => f.devices.length !== devices.length),
      logTail(),
    ).toEqual([]);
    expect(mine).toHaveLength(ROWS);
    expect(Number(res.headers.get('content-range')?.split('/')[1])).toBe(ROWS);
  }, 240_000);
});
