// Housing units' fields of spec 002 §3: the alternative address, the owner's rights, the derived account fields
// (answered by the ledger's plugin, never typed), the catalogues of unit types and sub-complexes (§5 messages).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNITS_MESSAGES } from '../src/directory/units.ts';
import { startTestServer, type TestServer } from './harness.ts';

let t: TestServer;
let alamos: string;
let base: string;
let admin: { authorization: string };
let seq = 0;
beforeAll(async () => {
  t = await startTestServer();
  alamos = await t.complexId('alamos');
  base = `/api/complexes/${alamos}`;
  admin = await t.login('admin@demo.test');
}, 180_000);
afterAll(() => t?.close());

const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', path: string, payload?: unknown, headers = admin) =>
  t.app.inject({ method, url: `${base}${path}`, headers, payload: payload as object });
const unique = () => `${Date.now() % 100000}${++seq}`;

describe('unit fields', () => {
  it('stores the alternative address and the owner settings, and shows the derived fields read-only', async () => {
    const created = await call('POST', '/units', {
      number: `Local ${unique()}`,
      address: '  Av. Amazonas N24-03 ',
      ownerLivesIn: false,
      ownerMaySeeTenant: true,
      ownerMayBlockTenant: true,
      tenantVisitsBlocked: true,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      address: 'Av. Amazonas N24-03',
      ownerLivesIn: false,
      ownerMaySeeTenant: true,
      ownerMayBlockTenant: true,
      tenantAccessBlocked: false,
      tenantVisitsBlocked: true,
      locked: false,
    });
    const id = created.json().id;
    const read = (await call('GET', `/units/${id}`)).json();
    // No charges, no payments: accounting (on for the demo) answers its empty account.
    expect(read).toMatchObject({ lastPaymentDate: null, lastFee: null, ownerBalance: 0, tenantBalance: null, inArrears: false });
    // host.directory carries the address (accounting's receipts and statements head with it).
    const [view] = await t.sql<{ address: string }>('select address from directory_units where id = ?', [id]);
    expect(view.address).toBe('Av. Amazonas N24-03');
    expect((await call('PUT', `/units/${id}`, { address: ' ' })).json().address).toBeNull();
  });

  it('refuses a body that types a derived field (400), on create and on edit', async () => {
    for (const field of ['lastPaymentDate', 'lastFee', 'ownerBalance', 'tenantBalance', 'inArrears']) {
      const res = await call('POST', '/units', { number: `Lote ${unique()}`, [field]: field === 'inArrears' ? false : 10 });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'DERIVED_FIELD', errors: { [field]: UNITS_MESSAGES.derived } });
    }
    const [casa5] = await t.sql<{ id: string }>("select id from units where complex_id = ? and number = 'Casa 5'", [alamos]);
    const res = await call('PUT', `/units/${casa5.id}`, { lastPaymentDate: '2026-01-01' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(UNITS_MESSAGES.derived);
    // A client sending back the record it read (react-admin's edit does) echoes the values: accepted, unchanged.
    const read = (await call('GET', `/units/${casa5.id}`)).json();
    const echoed = await call('PUT', `/units/${casa5.id}`, { ...read, ownerLivesIn: false });
    expect(echoed.statusCode).toBe(200);
    expect(echoed.json()).toEqual({ ...read, ownerLivesIn: false });
    const changed = await call('PUT', `/units/${casa5.id}`, { ...read, ownerBalance: (read.ownerBalance ?? 0) + 1 });
    expect(changed.statusCode).toBe(400);
    expect(changed.json().errors).toEqual({ ownerBalance: UNITS_MESSAGES.derived });
  });

  it("derives the last payment, the balances and the arrears from accounting's charges and incomes", async () => {
    const owner = await call('POST', '/residents', {
      firstName: 'Olga',
      lastName: 'Pazmiño',
      email: `olga.${unique()}@correo.test`,
    });
    const unit = (await call('POST', '/units', { number: `Casa ${900 + seq}`, ownerId: owner.json().id })).json();
    const charge = await call('POST', '/receivables', {
      unitIds: [unit.id],
      name: 'Cuota extraordinaria',
      category: 'Ingresos Extraordinarios',
      subcategory: 'Cuota extraordinaria',
      amount: 40,
      dueDate: '2026-10-15',
    });
    expect(charge.statusCode).toBe(201);
    expect((await call('GET', `/units/${unit.id}`)).json()).toMatchObject({
      lastPaymentDate: null,
      ownerBalance: 40,
      inArrears: true,
    });
    const [bank] = await t.sql<{ id: string }>("select id from banks where name = 'Banco Pichincha'");
    const account = await call('POST', '/bank-accounts', {
      methodType: 'Cuenta Bancaria',
      bankId: bank.id,
      name: `Cuenta ${unique()}`,
      number: '2200113344',
      idType: 'Ruc',
      accountType: 'Corriente',
      initialBalance: 0,
      cutoffDate: '2026-01-01',
    });
    expect(account.statusCode).toBe(201);
    const income = await call('POST', '/incomes', {
      accountId: account.json().id,
      unitId: unit.id,
      date: '2026-11-20',
      description: 'Pago de cuota',
      method: 'Transferencia',
      lines: [
        {
          receivableId: charge.json()[0].id,
          description: 'Cuota extraordinaria',
          category: 'Ingresos Extraordinarios',
          subcategory: 'Cuota extraordinaria',
          amount: 40,
        },
      ],
    });
    expect(income.statusCode).toBe(201);
    const after = (await call('GET', `/units/${unit.id}`)).json();
    expect(after).toMatchObject({ lastPaymentDate: '2026-11-20', ownerBalance: 0, inArrears: false });
    // The list shows them too, a page read at once.
    const listed = (await call('GET', `/units?filter=${encodeURIComponent(JSON.stringify({ q: unit.number }))}`)).json();
    expect(listed.find((u: { id: string }) => u.id === unit.id)).toMatchObject({ lastPaymentDate: '2026-11-20' });
  });

  it('shows the last monthly fee of a demo unit, and nothing derived once accounting is switched off', async () => {
    const [casa5] = await t.sql<{ id: string }>("select id from units where complex_id = ? and number = 'Casa 5'", [alamos]);
    const on = (await call('GET', `/units/${casa5.id}`)).json();
    expect(typeof on.lastFee).toBe('number');
    await t.sql(`update complexes set modules = modules || '{"Contabilidad": false}'::jsonb where id = ?`, [alamos]);
    try {
      expect((await call('GET', `/units/${casa5.id}`)).json()).toMatchObject({
        lastPaymentDate: null,
        lastFee: null,
        ownerBalance: null,
        tenantBalance: null,
        inArrears: null,
      });
    } finally {
      await t.sql(`update complexes set modules = modules || '{"Contabilidad": true}'::jsonb where id = ?`, [alamos]);
    }
  });
});

describe('catalogues of unit types and sub-complexes', () => {
  for (const [resource, taken, inUse, used, field] of [
    ['unit-types', UNITS_MESSAGES.typeTaken, UNITS_MESSAGES.typeInUse, 'CASA', 'type'],
    ['sub-complexes', UNITS_MESSAGES.subComplexTaken, UNITS_MESSAGES.subComplexInUse, 'ETAPA 1', 'subComplex'],
  ] as const) {
    it(`${resource}: lists with their units, creates in upper case, refuses duplicates and blanks, renames, deletes unused only`, async () => {
      const list = (await call('GET', `/${resource}`)).json() as { id: string; name: string; units: number }[];
      const usedOne = list.find((c) => c.name === used)!;
      expect(usedOne.units).toBeGreaterThan(0);

      const name = `nuevo ${unique()}`;
      const created = await call('POST', `/${resource}`, { name: `  ${name} `, complexId: 'x' });
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({ name: name.toUpperCase(), units: 0 });
      const dup = await call('POST', `/${resource}`, { name: name.toUpperCase() });
      expect(dup.statusCode).toBe(409);
      expect(dup.json()).toMatchObject({ message: taken, errors: { name: taken } });
      const blank = await call('POST', `/${resource}`, { name: '   ' });
      expect(blank.statusCode).toBe(400);
      expect(blank.json().message).toBe(UNITS_MESSAGES.nameRequired);
      expect((await call('POST', `/${resource}`, { name: 'x'.repeat(51) })).statusCode).toBe(400);
      expect((await call('POST', `/${resource}`, { name: 'a\u0000b' })).statusCode).toBe(400);

      // A unit that uses it: the rename follows into the unit, and the delete is refused.
      const id = created.json().id;
      const unit = (await call('POST', '/units', { number: `Lote ${unique()}`, [field]: name })).json();
      const renamed = await call('PUT', `/${resource}/${id}`, { name: `${name} b` });
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json()).toMatchObject({ name: `${name} b`.toUpperCase(), units: 1 });
      expect((await call('GET', `/units/${unit.id}`)).json()[field]).toBe(`${name} b`.toUpperCase());
      const refused = await call('DELETE', `/${resource}/${id}`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(inUse);
      await call('PUT', `/units/${unit.id}`, { [field]: null });
      expect((await call('DELETE', `/${resource}/${id}`)).statusCode).toBe(200);
      expect((await call('GET', `/${resource}/${id}`)).statusCode).toBe(404);

      // A name typed in the unit form joins the catalogue.
      const typed = `tipo ${unique()}`;
      await call('POST', '/units', { number: `Lote ${unique()}`, [field]: typed });
      expect(((await call('GET', `/${resource}`)).json() as { name: string }[]).some((c) => c.name === typed.toUpperCase())).toBe(
        true,
      );

      // Another complex's entry: not found; a resident may not write.
      const bosque = await t.complexId('bosque');
      const [other] = await t.sql<{ id: string }>(
        `select id from ${resource === 'unit-types' ? 'unit_types' : 'sub_complexes'} where complex_id = ? limit 1`,
        [bosque],
      );
      expect((await call('DELETE', `/${resource}/${other.id}`)).statusCode).toBe(404);
      expect((await call('PUT', `/${resource}/${other.id}`, { name: 'X' })).statusCode).toBe(404);
      expect((await call('POST', `/${resource}`, { name: 'Y' }, await t.login('directiva@demo.test'))).statusCode).toBe(403);
    });
  }
});
