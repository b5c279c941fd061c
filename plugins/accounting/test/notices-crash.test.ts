// Kill the server (SIGKILL) in the middle of a statement-notices job: after a restart on the same data the job
// runs again, completes, and every resident has the notice's mail once. The server runs as a real child process
// (`npm start`'s entry) on an embedded database folder, or on a fresh PostgreSQL database when DATABASE_URL is set.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Child, freePort, freshPostgres, spawnServer, waitHealthy } from '@conjunto/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

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
  if (init.body) headers.set('content-type', 'application/json');
  const res = await fetch(`${base}/api${path}`, { ...init, headers });
  return { status: res.status, body: await res.json() };
}

const signIn = async () =>
  (
    await api('/auth/login', {
      method: 'POST',
      body: JSON.stringify({ email: 'admin@demo.test', password: 'demo1234' }),
    })
  ).body as { token: string; user: { complexes: { id: string; name: string }[] } };

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'conjunto-notices-crash-'));
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

describe('a statement-notices job killed half-way', () => {
  it('completes after a restart, with one mail per resident', async () => {
    const { token, user } = await signIn();
    const alamos = user.complexes.find((c) => c.name === 'Conjunto Los Álamos')?.id as string;
    const sent = await api(`/complexes/${alamos}/notices/statements`, {
      method: 'POST',
      token,
      body: JSON.stringify({ recipients: 'all' }),
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(202);
    const { jobId, number, total } = sent.body as { jobId: string; number: number; total: number };

    // Kill it once some residents have their mail.
    let before = 0;
    for (const deadline = Date.now() + 60_000; before < 5; ) {
      before = (await api(`/complexes/${alamos}/jobs/${jobId}`, { token })).body.progress?.done ?? 0;
      if (Date.now() > deadline) throw new Error(`the job did not start\n${logTail()}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    child?.process.kill('SIGKILL');
    await child?.exited;
    await start();

    const relogin = await signIn();
    let job: { state: string; progress: { done: number; total: number } | null; output: Record<string, unknown> | null };
    for (const deadline = Date.now() + 120_000; ; ) {
      job = (await api(`/complexes/${alamos}/jobs/${jobId}`, { token: relogin.token })).body;
      if (['completed', 'failed'].includes(job.state) || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(before).toBeLessThan(total);
    expect(job, logTail()).toMatchObject({
      state: 'completed',
      progress: { done: total, total },
      output: { number, queued: total },
    });

    // Every resident once: the mails of this notice, by recipient.
    const mails = (
      await api(
        `/complexes/${alamos}/mail-outbox?range=[0,999]&filter=${encodeURIComponent(JSON.stringify({ category: 'accounting.statement' }))}`,
        { token: relogin.token },
      )
    ).body as { to: string[]; subject: string }[];
    const mine = mails.filter((m) => m.subject.startsWith(`Aviso de cobro N° ${number}:`));
    expect(mine).toHaveLength(total);
    expect(new Set(mine.map((m) => m.to[0])).size).toBe(total);
  }, 240_000);
});
