// Domain events survive a killed server: an income committed by a process that dies before delivering its
// event is still handled, and a process killed in the middle of the handler (after the handler's write, before
// the delivery's commit) leaves nothing behind, so the next process handles it exactly once in effect.
// Real processes, SIGKILL: on the embedded database (one folder, one process at a time) or a fresh PostgreSQL one.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPostgres } from './harness.ts';
import { type Child, freePort, spawnServer, waitHealthy } from './processes.ts';

const ENTRY = 'server/test/fixtures/serve-watch.ts';
let dataDir: string;
let env: Record<string, string>;
let dropDatabase: (() => Promise<void>) | undefined;
const children: Child[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'conjunto-events-'));
  env = {
    DATA_DIR: dataDir,
    JWT_SECRET: 'events-secret-events-secret-events-se',
    LOG_LEVEL: 'warn',
    ADMIN_DIST: join(dataDir, 'none'),
    RATE_LIMIT_API: '100000',
  };
  if (process.env.DATABASE_URL) {
    const database = await freshPostgres(process.env.DATABASE_URL);
    env.DATABASE_URL = database.url;
    dropDatabase = database.drop;
  }
});
afterAll(async () => {
  for (const child of children) child.process.kill('SIGKILL');
  await Promise.all(children.map((c) => c.exited));
  await dropDatabase?.();
  rmSync(dataDir, { recursive: true, force: true });
});

async function start(extra: Record<string, string> = {}): Promise<{ child: Child; base: string }> {
  const port = await freePort();
  const child = spawnServer({ ...env, PORT: String(port), ...extra }, ENTRY);
  children.push(child);
  const base = `http://127.0.0.1:${port}`;
  await waitHealthy(base, child);
  return { child, base };
}

async function call(base: string, method: string, path: string, token?: string, body?: object) {
  const res = await fetch(`${base}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: await res.json().catch(() => null) };
}

describe('domain events across a killed server', () => {
  it('are delivered once in effect after a kill between commit and delivery, and a kill inside the handler', async () => {
    // 1. A process that records events but does not deliver them: an income commits, then the process dies.
    const first = await start({ DOMAIN_EVENTS_WORKER: 'false' });
    const login = await call(first.base, 'POST', '/auth/login', undefined, { email: 'admin@demo.test', password: 'demo1234' });
    const token = login.body.token as string;
    const complexId = (login.body.user.complexes as { id: string; name: string }[]).find((c) => c.name === 'Conjunto Los Álamos')
      ?.id as string;
    const scoped = (base: string, method: string, path: string, body?: object) =>
      call(base, method, `/complexes/${complexId}${path}`, token, body);
    const cash = await scoped(first.base, 'POST', '/bank-accounts', {
      methodType: 'Caja',
      name: 'Caja eventos',
      initialBalance: 0,
      cutoffDate: '2026-01-01',
    });
    expect(cash.status).toBe(201);
    const units = await scoped(first.base, 'GET', '/units?range=[0,0]');
    const income = await scoped(first.base, 'POST', '/incomes', {
      accountId: cash.body.id,
      unitId: units.body[0].id,
      date: '2026-11-20',
      description: 'Pago antes del corte',
      method: 'Efectivo',
      lines: [{ description: 'Otros', category: 'Ingresos Extraordinarios', subcategory: 'Otros ingresos', amount: 9.75 }],
    });
    expect(income.status).toBe(201);
    expect((await scoped(first.base, 'GET', `/watch/effects/${income.body.id}`)).body).toEqual({ effects: 0, state: 'pending' });
    first.child.process.kill('SIGKILL');
    await first.child.exited;

    // 2. A delivering process dies inside the handler, after the handler's own write.
    const dieFile = join(dataDir, 'died-in-handler');
    const second = spawnServer({ ...env, PORT: String(await freePort()), WATCH_DIE_FILE: dieFile }, ENTRY);
    children.push(second);
    expect(await second.exited, second.output()).toBe(-1);
    expect(readFileSync(dieFile, 'utf8').trim()).toMatch(/^[0-9a-f-]{36}$/);

    // 3. The next process delivers it: one effect, the delivery done.
    const third = await start();
    let effects: { effects: number; state: string } = { effects: -1, state: '' };
    for (const until = Date.now() + 20_000; Date.now() < until; await new Promise((r) => setTimeout(r, 200))) {
      effects = (await scoped(third.base, 'GET', `/watch/effects/${income.body.id}`)).body;
      if (effects.state === 'done') break;
    }
    expect(effects).toEqual({ effects: 1, state: 'done' });
  }, 180_000);
});
