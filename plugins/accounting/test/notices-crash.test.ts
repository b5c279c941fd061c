// Kill the server (SIGKILL) in the middle of a statement-notices job: after a restart on the same data the job
// runs again, completes, and every resident has the notice's mail once. The server runs as a real child process
// (`npm start`'s entry) on an embedded database folder, or on a fresh PostgreSQL database when DATABASE_URL is set.
import { type KillableServer, killableServer } from '@conjunto/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let server: KillableServer;
beforeAll(async () => {
  server = await killableServer('notices-crash');
}, 90_000);
afterAll(() => server?.close());

describe('a statement-notices job killed half-way', () => {
  it('completes after a restart, with one mail per resident', async () => {
    const { api, logTail } = server;
    const { token, user } = await server.signIn();
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
    await server.killAndRestart();

    const relogin = await server.signIn();
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
