// Live events: NOTIFY-based publish and the SSE endpoint, over a real listening server read with fetch.
// Absence is proven without sleeping: after the event that must not arrive, a marker event is published on
// the same channel; the next event the stream yields must be the marker.

import { newId } from '@conjunto/core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_EVENT_BYTES, MAX_STREAMS_PER_USER } from '../src/events.ts';
import { hostServices } from '../src/tenancy.ts';
import { startTestServer, type TestServer } from './harness.ts';

let t: TestServer;
let base: string;
let alamos: string;
let bosque: string;
let closed = false;
beforeAll(async () => {
  t = await startTestServer();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  alamos = await t.complexId('alamos');
  bosque = await t.complexId('bosque');
});
afterAll(async () => {
  if (!closed) await t?.close();
});

interface SseEvent {
  event: string;
  data: unknown;
}

/** Opens the SSE endpoint and reads it frame by frame; next() waits for the next event (comments skipped). */
async function openStream(complexId: string, headers: Record<string, string>, query = '') {
  const controller = new AbortController();
  const response = await fetch(`${base}/api/complexes/${complexId}/events${query}`, { headers, signal: controller.signal });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let opened = false;

  /** The next complete frame, or undefined when the stream ended. */
  async function frame(timeoutMs: number): Promise<string | undefined> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const text = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        return text;
      }
      let timer: NodeJS.Timeout | undefined;
      const chunk = await Promise.race([
        reader.read(),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('timed out waiting for the stream')), Math.max(deadline - Date.now(), 0));
        }),
      ]).finally(() => clearTimeout(timer));
      if (chunk.done) return undefined;
      buffer += decoder.decode(chunk.value, { stream: true });
    }
  }

  return {
    response,
    /** Waits for the server's first bytes: from then on the stream is subscribed. */
    async ready() {
      if (opened) return;
      const first = await frame(5000);
      expect(first).toContain(': connected');
      opened = true;
    },
    async next(timeoutMs = 5000): Promise<SseEvent | undefined> {
      await this.ready();
      for (;;) {
        const text = await frame(timeoutMs);
        if (text === undefined) return undefined;
        const lines = text.split('\n').filter((l) => !l.startsWith(':'));
        const event = lines.find((l) => l.startsWith('event: '))?.slice(7);
        const data = lines.find((l) => l.startsWith('data: '))?.slice(6);
        if (event) return { event, data: data === undefined ? undefined : JSON.parse(data) };
      }
    },
    close: () => controller.abort(),
  };
}

const publish = (complexId: string, topic: string, payload: unknown) => t.app.events.publish(complexId, topic, payload);

/** Polls until check() holds (a few ms per round), failing after timeoutMs. */
async function until(check: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('live events', () => {
  it('streams the events of its complex only, as text/event-stream', async () => {
    const stream = await openStream(alamos, await t.login('admin@demo.test'));
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    await stream.ready();
    // admin@demo.test also administers El Bosque: its events still go only to El Bosque's streams.
    await publish(bosque, 'test.progress', { n: 0 });
    await publish(alamos, 'test.progress', { n: 1, text: 'Importación\nen progreso' });
    expect(await stream.next()).toEqual({ event: 'test.progress', data: { n: 1, text: 'Importación\nen progreso' } });
    stream.close();
  });

  it('answers 401 without a token, 404 to a user of another complex, 403 to a role not allowed', async () => {
    const noToken = await fetch(`${base}/api/complexes/${alamos}/events`);
    expect(noToken.status).toBe(401);
    const other = await fetch(`${base}/api/complexes/${alamos}/events`, { headers: await t.login('admin2@demo.test') });
    expect(other.status).toBe(404);
    expect((await other.json()).code).toBe('NOT_FOUND');
    const parkey = await fetch(`${base}/api/complexes/${alamos}/events`, { headers: await t.login('parkey@demo.test') });
    expect(parkey.status).toBe(403);
  });

  it('lets the supervisor and the directiva subscribe, and filters by topics', async () => {
    const guard = await openStream(alamos, await t.login('guardia@demo.test'), '?topics=test.wanted,test.other');
    const board = await openStream(alamos, await t.login('directiva@demo.test'));
    await guard.ready();
    await board.ready();
    await publish(alamos, 'test.unwanted', { n: 1 });
    await publish(alamos, 'test.wanted', { n: 2 });
    expect(await guard.next()).toEqual({ event: 'test.wanted', data: { n: 2 } });
    expect(await board.next()).toEqual({ event: 'test.unwanted', data: { n: 1 } });
    expect(await board.next()).toEqual({ event: 'test.wanted', data: { n: 2 } });
    guard.close();
    board.close();
  });

  it('delivers an event published in a transaction at its commit, and never one of a rolled-back transaction', async () => {
    const stream = await openStream(alamos, await t.login('admin@demo.test'));
    await stream.ready();
    await expect(
      t.db.orm.em.fork().transactional(async (em) => {
        await hostServices.publish(alamos, 'test.rolledBack', { n: 1 }, em);
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    await t.db.orm.em.fork().transactional(async (em) => {
      await hostServices.publish(alamos, 'test.committed', { n: 2 }, em);
    });
    expect(await stream.next()).toEqual({ event: 'test.committed', data: { n: 2 } });
    stream.close();
  });

  it('releases the subscription when the client disconnects', async () => {
    await until(() => t.app.events.subscriberCount() === 0);
    const streams = await Promise.all([1, 2].map(async () => openStream(alamos, await t.login('admin@demo.test'))));
    for (const s of streams) await s.ready();
    expect(t.app.events.subscriberCount()).toBe(2);
    for (const s of streams) s.close();
    await until(() => t.app.events.subscriberCount() === 0);
  });

  it('caps the concurrent streams of a user', async () => {
    const headers = await t.login('multi@demo.test');
    const streams = [];
    for (let i = 0; i < MAX_STREAMS_PER_USER; i++) {
      const s = await openStream(alamos, headers);
      await s.ready();
      streams.push(s);
    }
    const refused = await fetch(`${base}/api/complexes/${alamos}/events`, { headers });
    expect(refused.status).toBe(429);
    expect((await refused.json()).code).toBe('TOO_MANY_STREAMS');
    streams.pop()!.close();
    await until(() => t.app.events.subscriberCount() === MAX_STREAMS_PER_USER - 1);
    const again = await openStream(alamos, headers);
    expect(again.response.status).toBe(200);
    for (const s of [...streams, again]) s.close();
    await until(() => t.app.events.subscriberCount() === 0);
  });

  it('ends the stream when the access token expires', async () => {
    const [user] = await t.sql<{ id: string; token_version: number }>(
      "select id, token_version from users where email = 'admin@demo.test'",
    );
    const token = t.app.jwt.sign({ sub: user.id, typ: 'access', ver: user.token_version, sid: newId() }, { expiresIn: '2s' });
    const stream = await openStream(alamos, { authorization: `Bearer ${token}` });
    expect(stream.response.status).toBe(200);
    expect(await stream.next(4000)).toBeUndefined();
    await until(() => t.app.events.subscriberCount() === 0);
  });

  it('refuses a bad topic, a bad complex id and a payload over the NOTIFY limit', async () => {
    await expect(publish(alamos, 'bad topic\nevent: x', {})).rejects.toThrow(/invalid topic/);
    await expect(publish('not-a-uuid', 'test.x', {})).rejects.toThrow(/invalid complex id/);
    await expect(publish(alamos, 'test.big', { text: 'x'.repeat(MAX_EVENT_BYTES) })).rejects.toThrow(/more than 7900/);
    await expect(publish(alamos, 'test.fits', { text: 'x'.repeat(MAX_EVENT_BYTES - 200) })).resolves.toBeUndefined();
  });

  describe.skipIf(!process.env.DATABASE_URL)('on PostgreSQL', () => {
    const databaseUrl = () => (t.db.orm.config.get('clientUrl') as string) ?? '';

    it('delivers a NOTIFY sent by another connection (another server process)', async () => {
      const stream = await openStream(alamos, await t.login('admin@demo.test'));
      await stream.ready();
      const other = new pg.Client({ connectionString: databaseUrl() });
      await other.connect();
      try {
        await other.query("notify conjunto_events, 'not json'");
        await other.query(`notify conjunto_events, '${JSON.stringify({ complexId: bosque, topic: 'test.remote', payload: 0 })}'`);
        await other.query(
          `notify conjunto_events, '${JSON.stringify({ complexId: alamos, topic: 'test.remote', payload: { n: 1 } })}'`,
        );
      } finally {
        await other.end();
      }
      // The previous test's 'test.fits' NOTIFY may still be on its way to this process under load: pass it.
      let event = await stream.next();
      while (event?.event === 'test.fits') event = await stream.next();
      expect(event).toEqual({ event: 'test.remote', data: { n: 1 } });
      stream.close();
    });

    it('reconnects its listener when the connection is killed', async () => {
      const listeners = () =>
        t.sql<{ pid: number }>(
          "select pid from pg_stat_activity where application_name = 'conjunto-events' and datname = current_database()",
        );
      const [before] = await listeners();
      expect(before).toBeDefined();
      await t.sql('select pg_terminate_backend(?)', [before.pid]);
      await until(async () => (await listeners()).some((l) => l.pid !== before.pid));
      const stream = await openStream(alamos, await t.login('admin@demo.test'));
      await stream.ready();
      // LISTEN runs right after the connection shows up: retry the publish until it lands.
      let got: SseEvent | undefined;
      for (let i = 0; i < 20 && !got; i++) {
        await publish(alamos, 'test.afterReconnect', { i });
        got = await stream.next(250).catch(() => undefined);
      }
      expect(got?.event).toBe('test.afterReconnect');
      stream.close();
    });
  });

  it('ends open streams when the server closes', async () => {
    const stream = await openStream(alamos, await t.login('admin@demo.test'));
    await stream.ready();
    closed = true;
    const closing = t.close();
    // Ended at once: without that the server would wait for the stream forever.
    expect(await stream.next(1000)).toBeUndefined();
    await closing;
  });
});
