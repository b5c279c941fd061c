// The admin's live events: one shared stream per current complex, dispatched by topic, moved when the
// complex changes, closed without subscribers, and re-authenticated once on a 401. fetch, localStorage and
// window are stubbed (Node, no browser).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

const storage = () => {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, String(v)),
    removeItem: (k: string) => void map.delete(k),
  };
};

interface Call {
  url: string;
  authorization: string | null;
  signal?: AbortSignal;
  push(text: string): void;
}
const calls: Call[] = [];
let answer401 = false;

function fakeFetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const url = String(input);
  if (url.endsWith('/auth/refresh')) {
    // The refresh token travels in the (httpOnly) cookie: the answer has the access token and the user.
    return Promise.resolve(Response.json({ token: 'fresh', user: session.get().user }));
  }
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  const signal = init.signal ?? undefined;
  signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
  const authorization = new Headers(init.headers).get('Authorization');
  calls.push({ url, authorization, signal, push: (text) => controller.enqueue(new TextEncoder().encode(text)) });
  if (answer401) {
    answer401 = false;
    return Promise.resolve(Response.json({ message: 'x' }, { status: 401 }));
  }
  return Promise.resolve(new Response(body, { headers: { 'Content-Type': 'text/event-stream' } }));
}

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(check()).toBe(true);
}

let live: typeof import('../src/liveEvents.ts');
let session: typeof import('../src/session.ts')['session'];
const complexes = ['a', 'b'].map((id) => ({ id, name: id, isActive: true, themeColor: null, companyId: null }));

beforeAll(async () => {
  vi.stubGlobal('window', { addEventListener() {} });
  vi.stubGlobal('localStorage', storage());
  vi.stubGlobal('sessionStorage', storage());
  vi.stubGlobal('fetch', fakeFetch);
  live = await import('../src/liveEvents.ts');
  session = (await import('../src/session.ts')).session;
  session.signIn('t1', {
    id: 'u',
    firstName: 'A',
    lastName: 'B',
    email: 'a@b.c',
    roles: ['administrador'],
    legalAccepted: true,
    legalAcceptedAt: null,
    companyId: null,
    complexes,
  });
});
afterAll(() => vi.unstubAllGlobals());

describe('live events in the admin', () => {
  it('shares one stream per complex, dispatches by topic, follows the complex picker and closes when unused', async () => {
    const got: unknown[] = [];
    const opened: unknown[] = [];
    const offDone = live.subscribe('demo.done', (payload) => got.push(payload));
    const offOpened = live.subscribe(live.STREAM_OPENED, () => opened.push(1));
    const offOther = live.subscribe('demo.other', () => got.push('other'));
    await until(() => calls.length === 1 && opened.length === 1);
    expect(calls[0]).toMatchObject({ url: '/api/complexes/a/events', authorization: 'Bearer t1' });

    calls[0].push(': connected\n\nevent: demo.unknown\ndata: {}\n\n: ping\n\nevent: demo.do');
    calls[0].push('ne\ndata: {"n":1}\n\n');
    await until(() => got.length === 1);
    expect(got).toEqual([{ n: 1 }]);

    session.setComplexId('b');
    await until(() => calls.length === 2);
    expect(calls[0].signal?.aborted).toBe(true);
    expect(calls[1].url).toBe('/api/complexes/b/events');

    offDone();
    offOpened();
    offOther();
    await until(() => calls[1].signal?.aborted === true);
    expect(calls).toHaveLength(2);
  });

  it('refreshes the token once on a 401 and reconnects with the new one', async () => {
    answer401 = true;
    const off = live.subscribe('demo.done', () => {});
    await until(() => calls.length === 4);
    expect(calls[2].authorization).toBe('Bearer t1');
    expect(calls[3].authorization).toBe('Bearer fresh');
    off();
    await until(() => calls[3].signal?.aborted === true);
  });
});
