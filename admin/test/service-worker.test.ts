// The admin's service worker (admin/public/sw.js), run in Node against a stand-in of the browser's worker scope:
// a push shows the server's title, body and tag (a retried delivery replaces itself), a click opens the page of the
// notification in this admin only.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const SOURCE = readFileSync(new URL('../public/sw.js', import.meta.url), 'utf8');
const ORIGIN = 'https://conjunto.example.com';

function workerScope(windows: { url: string }[] = []) {
  const handlers = new Map<string, (event: unknown) => void>();
  const shown: { title: string; options: Record<string, unknown> }[] = [];
  const opened: string[] = [];
  const navigated: string[] = [];
  const scope = {
    addEventListener: (type: string, handler: (event: unknown) => void) => handlers.set(type, handler),
    location: { origin: ORIGIN },
    registration: {
      showNotification: async (title: string, options: Record<string, unknown>) => void shown.push({ title, options }),
    },
    clients: {
      matchAll: async () =>
        windows.map((w) => ({ ...w, focus: async () => undefined, navigate: async (url: string) => void navigated.push(url) })),
      openWindow: async (url: string) => void opened.push(url),
    },
  };
  new Function('self', SOURCE)(scope);
  /** Dispatches an event and waits for what it handed to waitUntil. */
  const dispatch = async (type: string, event: Record<string, unknown>) => {
    let work: Promise<unknown> = Promise.resolve();
    handlers.get(type)?.({ ...event, waitUntil: (p: Promise<unknown>) => (work = p) });
    await work;
  };
  return { dispatch, shown, opened, navigated };
}

const pushEvent = (payload: unknown) => ({ data: { json: () => payload, text: () => JSON.stringify(payload) } });
const click = (url?: string) => ({ notification: { data: { url }, close: () => undefined } });

describe('the service worker', () => {
  it("shows a push's title and body, tagged with its id, and keeps its page", async () => {
    const sw = workerScope();
    await sw.dispatch('push', pushEvent({ id: 'p1', title: 'Reserva aprobada', body: 'Salón comunal', url: '/#/residente' }));
    expect(sw.shown).toEqual([
      { title: 'Reserva aprobada', options: { body: 'Salón comunal', tag: 'p1', data: { url: '/#/residente' } } },
    ]);
    // A payload that is not JSON still shows, under the product's name.
    await sw.dispatch('push', { data: { json: () => JSON.parse('x'), text: () => 'Aviso' } });
    expect(sw.shown[1]).toMatchObject({ title: 'Conjunto', options: { body: 'Aviso' } });
  });

  it("opens the notification's page in an open window of the admin, else in a new one, and never another site", async () => {
    const open = workerScope([{ url: `${ORIGIN}/#/residente/dashboard` }]);
    await open.dispatch('notificationclick', click('/#/residente/perfil'));
    expect(open.navigated).toEqual([`${ORIGIN}/#/residente/perfil`]);
    const none = workerScope();
    await none.dispatch('notificationclick', click());
    expect(none.opened).toEqual([`${ORIGIN}/`]);
    const elsewhere = workerScope();
    await elsewhere.dispatch('notificationclick', click('https://phishing.example.net/login'));
    expect(elsewhere.opened).toEqual([]);
  });
});
