// Kill the server (SIGKILL) in the middle of a 500-face import job: after a restart on the same data the job
// runs again, completes, and no face is duplicated. The server runs as a real child process (`npm start`'s
// entry) on an embedded database folder, or on a fresh PostgreSQL database when DATABASE_URL is set.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Child, freePort, freshPostgres, multipart, spawnServer, waitHealthy } from '@conjunto/server/testing';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROWS = 500;

let dataDir: string;
let env: Record<string, string>;
let base: string;
let child: Child | undefined;
let dropDatabase: (() => Promise<void>) | undefined;

async function start(): Promise<void> {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  child = spawnServer({ ...env, PORT: String(port) });
  await waitHealthy(base, child);
}

/** The server's last log lines (warnings and errors), shown when an assertion fails. */
const logTail = () => child?.output().slice(-20_000) ?? '';

async function api(path: string, init: RequestInit & { token?: string } = {}) {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  const res = await fetch(`${base}/api${path}`, { ...init, headers });
  return { status: res.status, body: await res.json() };
}

const signIn = async () =>
  (
    await api('/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@demo.test', password: 'demo1234' }),
    })
  ).body as { token: string; user: { complexes: { id: string; name: string }[] } };

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'conjunto-crash-'));
  env = {
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    JWT_SECRET: 'crash-secret-crash-secret-crash-secret',
    LOG_LEVEL: 'warn',
    JOBS_POLL_SECONDS: '0.5',
    ADMIN_DIST: join(dataDir, 'none'),
  };
  if (process.env.DATABASE_URL) {
    const database = await freshPostgres(process.env.DATABASE_URL);
    env.DATABASE_URL = database.url;
    dropDatabase = database.drop;
  }
  await start();
}, 90_000);

afterAll(async () => {
  child?.process.kill('SIGKILL');
  await dropDatabase?.();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('an import job killed half-way', () => {
  it('completes after a restart, with every face once', async () => {
    const session = await signIn();
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
    const sent = await fetch(`${base}/api/biometrics/conjuntos/${alamos}/rostros/import/`, {
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
    child?.process.kill('SIGKILL');
    await child?.exited;
    await start();

    const relogin = await signIn();
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
      `${base}/api/complexes/${alamos}/faces?range=[0,999]&filter=${encodeURIComponent(JSON.stringify({ q: '18000' }))}`,
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
