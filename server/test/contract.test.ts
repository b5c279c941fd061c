// Plugins that need each other: a consumer plugin (fixtures/watch-plugin.ts) calls accounting's service and
// handles its 'accounting.income.created' events. Events exist only if the write committed, are delivered
// after commit, once in effect (a failed handler's writes are rolled back and it is retried), and skipped while
// the handler's plugin is off; a service that is off answers why and the consumer degrades.
import type { ServerPlugin } from '@conjunto/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { installedPlugins } from '../src/plugins.ts';
import { checkPlugins } from '../src/server.ts';
import { behaviour, watchPlugin } from './fixtures/watch-plugin.ts';
import { startTestServer, type TestServer } from './harness.ts';

let t: TestServer;
let alamos: string;
let admin: { authorization: string };
let accountId: string;
let unitId: string;

beforeAll(async () => {
  // No dispatcher of its own: the tests deliver with dispatch(), so each step is seen.
  t = await startTestServer({ plugins: [...installedPlugins, watchPlugin], env: { DOMAIN_EVENTS_WORKER: 'false' } });
  alamos = await t.complexId('alamos');
  admin = await t.login('admin@demo.test');
  const [bank] = await t.sql<{ id: string }>("select id from banks where name = 'Banco Pichincha'");
  const account = await call('POST', '/bank-accounts', {
    methodType: 'Cuenta Bancaria',
    bankId: bank.id,
    name: 'Cuenta eventos',
    number: '2200113344',
    idType: 'Ruc',
    accountType: 'Corriente',
    initialBalance: 0,
    cutoffDate: '2026-01-01',
  });
  accountId = account.json().id;
  [{ id: unitId }] = await t.sql<{ id: string }>('select id from units where complex_id = ? order by number_sort limit 1', [
    alamos,
  ]);
});
afterAll(() => t?.close());
beforeEach(() => {
  behaviour.failures = 0;
});

const call = (method: string, path: string, payload?: object) =>
  t.app.inject({ method: method as 'POST', url: `/api/complexes/${alamos}${path}`, headers: admin, payload });
const income = (amount = 12.5) =>
  call('POST', '/incomes', {
    accountId,
    unitId,
    date: '2026-11-20',
    description: 'Pago de prueba',
    method: 'Transferencia',
    lines: [{ description: 'Otros', category: 'Ingresos Extraordinarios', subcategory: 'Otros ingresos', amount }],
  });
const pushes = (incomeId: string) =>
  t.sql("select user_id from push_outbox where category = 'watch.income' and body = ?", [incomeId]);
const effects = (incomeId: string) =>
  t.sql<{ event_id: string; attempt: number }>('select event_id, attempt from watch_effects where income_id = ?', [incomeId]);
const delivery = async (incomeId: string) =>
  (
    await t.sql<{ state: string; attempts: number }>(
      "select d.state, d.attempts from domain_event_deliveries d join domain_events e on e.id = d.event_id where e.payload->>'incomeId' = ? and d.plugin = 'watch'",
      [incomeId],
    )
  )[0];
const setModule = (name: string, on: boolean) =>
  t.sql(`update complexes set modules = coalesce(modules, '{}'::jsonb) || jsonb_build_object(?::text, ?::boolean) where id = ?`, [
    name,
    on,
    alamos,
  ]);

describe('domain events', () => {
  it('delivers an income to its handler after commit, once', async () => {
    const res = await income();
    expect(res.statusCode).toBe(201);
    const incomeId = res.json().id;
    // Recorded with the income, not yet delivered.
    expect(await delivery(incomeId)).toEqual({ state: 'pending', attempts: 0 });
    expect(await effects(incomeId)).toHaveLength(0);
    expect(await t.app.domainEvents.dispatch()).toBeGreaterThanOrEqual(1);
    expect(await effects(incomeId)).toHaveLength(1);
    expect(await delivery(incomeId)).toEqual({ state: 'done', attempts: 1 });
    // The handler's push notification (ctx.push) went with its effect, to the user who recorded the income.
    const [{ id: adminId }] = await t.sql<{ id: string }>("select id from users where email = 'admin@demo.test'");
    expect(await pushes(incomeId)).toEqual([{ user_id: adminId }]);
    // Nothing is delivered twice.
    await t.app.domainEvents.dispatch();
    expect(await effects(incomeId)).toHaveLength(1);
    const [event] = await t.sql<{ payload: Record<string, unknown>; source: string }>(
      "select payload, source from domain_events where payload->>'incomeId' = ?",
      [incomeId],
    );
    expect(event.source).toBe('accounting');
    expect(event.payload).toMatchObject({ incomeId, unitId, amount: 12.5, date: '2026-11-20' });
  });

  it('records no event for a write that did not commit', async () => {
    const before = await t.sql<{ n: number }>('select count(*)::int as n from domain_events');
    const res = await income(-5);
    expect(res.statusCode).toBe(400);
    expect(await t.sql<{ n: number }>('select count(*)::int as n from domain_events')).toEqual(before);
  });

  it('retries a failed handler without keeping its writes, then takes effect once', async () => {
    const incomeId = (await income()).json().id;
    behaviour.failures = 1;
    await t.app.domainEvents.dispatch();
    expect(await effects(incomeId)).toHaveLength(0);
    expect(await pushes(incomeId)).toHaveLength(0);
    expect(await delivery(incomeId)).toEqual({ state: 'pending', attempts: 1 });
    // Not before its back-off ...
    await t.app.domainEvents.dispatch();
    expect(await effects(incomeId)).toHaveLength(0);
    // ... then again.
    await t.sql("update domain_event_deliveries set next_attempt_at = now() where plugin = 'watch'");
    await t.app.domainEvents.dispatch();
    expect(await effects(incomeId)).toEqual([expect.objectContaining({ attempt: 1 })]);
    expect(await delivery(incomeId)).toEqual({ state: 'done', attempts: 2 });
    expect(await pushes(incomeId)).toHaveLength(1);
  });

  it('gives up after 10 failures', async () => {
    const incomeId = (await income()).json().id;
    behaviour.failures = 10;
    for (let i = 0; i < 10; i++) {
      await t.sql("update domain_event_deliveries set next_attempt_at = now() where plugin = 'watch' and state = 'pending'");
      await t.app.domainEvents.dispatch();
    }
    expect(await delivery(incomeId)).toEqual({ state: 'failed', attempts: 10 });
    expect(await effects(incomeId)).toHaveLength(0);
  });

  it("skips the delivery while the handler's plugin is disabled on the platform", async () => {
    await t.sql(
      "insert into platform_plugins (id, enabled) values ('watch', false) on conflict (id) do update set enabled = false",
    );
    try {
      const incomeId = (await income()).json().id;
      await t.app.domainEvents.dispatch();
      expect(await delivery(incomeId)).toMatchObject({ state: 'skipped' });
      expect(await effects(incomeId)).toHaveLength(0);
    } finally {
      await t.sql("update platform_plugins set enabled = true where id = 'watch'");
    }
  });
});

describe('services', () => {
  it("posts a charge through accounting's service once per ref, and reads the unit's arrears", async () => {
    const first = await call('POST', '/watch/charge', { unitId, amount: 20, ref: 'watch:bbq-1' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ charged: true, created: true });
    expect(first.json().arrears.pending).toBeGreaterThanOrEqual(20);
    const again = await call('POST', '/watch/charge', { unitId, amount: 20, ref: 'watch:bbq-1' });
    expect(again.json()).toMatchObject({ charged: true, created: false, receivableId: first.json().receivableId });
    expect(await t.sql("select count(*)::int as n from receivables where source_ref = 'watch:bbq-1'")).toEqual([{ n: 1 }]);
  });

  it('checks what a consumer sends as the API would (400, nothing written)', async () => {
    for (const [amount, ref] of [
      [-1, 'watch:x'],
      [1.001, 'watch:y'],
      [5, ''],
      [5, 'bad ref with spaces'],
    ] as const) {
      const res = await call('POST', '/watch/charge', { unitId, amount, ref });
      expect(res.statusCode, `${amount} ${ref}`).toBe(400);
    }
    const other = await t.complexId('colina');
    const [{ id: foreignUnit }] = await t.sql<{ id: string }>('select id from units where complex_id = ? limit 1', [other]);
    expect((await call('POST', '/watch/charge', { unitId: foreignUnit, amount: 5, ref: 'watch:z' })).statusCode).toBe(400);
    expect(
      await t.sql("select count(*)::int as n from receivables where source_ref like 'watch:%' and source_ref <> 'watch:bbq-1'"),
    ).toEqual([{ n: 0 }]);
  });

  it('answers why when the provider is switched off for the complex, and the consumer degrades', async () => {
    await setModule('Contabilidad', false);
    try {
      const res = await call('POST', '/watch/charge', { unitId, amount: 20, ref: 'watch:bbq-2' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ charged: false, reason: 'switched-off' });
    } finally {
      await setModule('Contabilidad', true);
    }
    await t.sql(
      "insert into platform_plugins (id, enabled) values ('accounting', false) on conflict (id) do update set enabled = false",
    );
    try {
      expect((await call('POST', '/watch/charge', { unitId, amount: 20, ref: 'watch:bbq-3' })).json()).toEqual({
        charged: false,
        reason: 'disabled',
      });
    } finally {
      await t.sql("update platform_plugins set enabled = true where id = 'accounting'");
    }
  });
});

describe('per-resource switches', () => {
  it("gates a resource's routes with its own switch, listed in the catalogue, and leaves the plugin's others alone", async () => {
    const staff = await t.login('superadmin@demo.test');
    const catalogue = await t.app.inject({ method: 'GET', url: '/api/modules/catalogue', headers: admin });
    expect(catalogue.json()).toContainEqual({ name: 'WatchExtra', label: 'Extra de prueba', default: false, plugin: 'watch' });
    expect((await call('GET', '/watch-extra')).statusCode).toBe(404);
    expect((await call('GET', '/watch-extra/1')).statusCode).toBe(404);
    const on = await t.app.inject({
      method: 'PUT',
      url: `/api/complexes/${alamos}/modules`,
      headers: staff,
      payload: { WatchExtra: true },
    });
    expect(on.statusCode).toBe(200);
    expect((await call('GET', '/watch-extra')).json()).toEqual({ extra: true });
    expect((await call('GET', '/watch-extra/1')).statusCode).toBe(200);
    await t.app.inject({
      method: 'PUT',
      url: `/api/complexes/${alamos}/modules`,
      headers: staff,
      payload: { WatchExtra: false },
    });
    expect((await call('GET', '/watch-extra')).statusCode).toBe(404);
    // The plugin's other routes do not follow it.
    expect((await call('POST', '/watch/charge', { unitId, amount: 1, ref: 'watch:extra' })).statusCode).toBe(200);
  });
});

describe('the contract is checked at boot', () => {
  const accounting = installedPlugins.find((p) => p.manifest.id === 'accounting') as ServerPlugin;
  it('refuses a handler of an event whose plugin is not in dependsOn, and an event nobody emits', () => {
    const undeclared = { ...watchPlugin, manifest: { ...watchPlugin.manifest, dependsOn: [] } };
    expect(() => checkPlugins([accounting, undeclared])).toThrow(/does not declare accounting in dependsOn/);
    const unknown = { ...watchPlugin, handles: { 'accounting.income.vanished': async () => {} } };
    expect(() => checkPlugins([accounting, unknown])).toThrow(/no installed plugin emits/);
    expect(() => checkPlugins([accounting, watchPlugin])).not.toThrow();
  });

  it('refuses emitting an undeclared event and using a service not in dependsOn', async () => {
    await expect(
      t.app.domainEvents.emit(t.db.orm.em.fork(), {
        source: 'watch',
        name: 'watch.thing.happened',
        complexId: alamos,
        userId: null,
        payload: {},
      }),
    ).rejects.toThrow(/does not declare/);
    await expect(
      t.app.domainEvents.service('surveys', 'accounting', {
        complexId: alamos,
        userId: null,
        userName: 'x',
        em: t.db.orm.em.fork(),
      }),
    ).rejects.toThrow(/without declaring/);
  });
});
