// The admin's creates and POST calls carry an Idempotency-Key: a fresh one per call, the same one when the call is
// repeated after renewing the session, so the server never records one create twice. fetch and localStorage are
// stubbed (Node, no browser).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

const storage = () => {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, String(v)),
    removeItem: (k: string) => void map.delete(k),
  };
};

const USER = {
  id: 'u',
  firstName: 'A',
  lastName: 'B',
  email: 'a@b.c',
  roles: ['administrador'],
  legalAccepted: true,
  legalAcceptedAt: null,
  companyId: null,
  complexes: [{ id: 'c1', name: 'c1', isActive: true, themeColor: null, companyId: null }],
};
const calls: { url: string; method: string; key: string | null }[] = [];
let answer401 = false;
function fakeFetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const url = String(input);
  if (url.endsWith('/auth/refresh')) return Promise.resolve(Response.json({ token: 'fresh', user: USER }));
  calls.push({ url, method: init.method ?? 'GET', key: new Headers(init.headers).get('Idempotency-Key') });
  if (answer401) {
    answer401 = false;
    return Promise.resolve(Response.json({ message: 'x' }, { status: 401 }));
  }
  return Promise.resolve(Response.json({ id: 'new' }, { status: 201 }));
}

let provider: ReturnType<typeof import('../src/dataProvider.ts')['createDataProvider']>;
beforeAll(async () => {
  vi.stubGlobal('window', { addEventListener() {} });
  vi.stubGlobal('localStorage', storage());
  vi.stubGlobal('sessionStorage', storage());
  vi.stubGlobal('fetch', fakeFetch);
  const { session } = await import('../src/session.ts');
  session.signIn('t1', USER);
  provider = (await import('../src/dataProvider.ts')).createDataProvider({});
});
afterAll(() => vi.unstubAllGlobals());

describe('Idempotency-Key from the admin', () => {
  it('sends a fresh key on every create, and the same key when the create is repeated after a 401', async () => {
    calls.length = 0;
    await provider.create('incomes', { data: { amount: 1 } });
    await provider.create('incomes', { data: { amount: 1 } });
    answer401 = true;
    await provider.create('incomes', { data: { amount: 2 } });
    expect(calls.map((c) => c.url)).toEqual(Array(4).fill('/api/complexes/c1/incomes'));
    const keys = calls.map((c) => c.key);
    expect(keys.every((k) => typeof k === 'string' && /^[0-9a-f-]{36}$/.test(k))).toBe(true);
    expect(new Set(keys.slice(0, 3)).size).toBe(3);
    expect(keys[3]).toBe(keys[2]);
  });

  it('sends one on the shell POST calls (notices, fee generation), none on reads', async () => {
    calls.length = 0;
    await provider.send('receivables', 'generate', { method: 'POST', body: {} });
    await provider.send('receivables', 'generate', { method: 'POST', body: {} });
    await provider.send('receivables', 'x');
    expect(calls[0].key).toBeTruthy();
    expect(calls[1].key).not.toBe(calls[0].key);
    expect(calls[2].key).toBeNull();
  });
});
