// The ledger's rules through the API: messages of spec 000 §5/§8 and 002 §5/§8, states of 000 §4.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTING_TOPICS } from '../manifest.ts';
import { filter, type Ledger, startLedger, twoCharges } from './api.ts';

let l: Ledger;
beforeAll(async () => {
  l = await startLedger();
});
afterAll(() => l?.t.close());

const income = (accountId: string, unitId: string | null, lines: object[], extra: object = {}) =>
  l.call('POST', '/incomes', {
    accountId,
    unitId,
    date: '2026-11-20',
    description: 'Pago de expensas',
    method: 'Transferencia',
    lines,
    ...extra,
  });
const expense = (accountId: string, amount: number, extra: object = {}) =>
  l.call('POST', '/expenses', {
    accountId,
    date: '2026-11-20',
    description: 'Pago de luz',
    method: 'Transferencia',
    lines: [{ description: 'Luz', category: 'Servicios Básicos', subcategory: 'Energía eléctrica', amount }],
    ...extra,
  });

describe('categories (rubros)', () => {
  it('gives every complex the default income and expense rubros, with the income-category mapping', async () => {
    const { body } = await l.call('GET', `/categories?${filter({ kind: 'income' })}`);
    expect(body.map((c: { name: string }) => c.name)).toEqual([
      'Ingresos Extraordinarios',
      'Ingresos Ordinarios',
      'Saldos Iniciales',
    ]);
    const expenses = await l.call('GET', `/categories?${filter({ kind: 'expense' })}`);
    expect(expenses.body).toHaveLength(8);
    const ordinary = body.find((c: { name: string }) => c.name === 'Ingresos Ordinarios');
    expect(ordinary.subcategories).toEqual(expect.arrayContaining(['Expensa mensual', 'Saldo a favor']));
  });

  it('refuses a duplicate name and the deletion of a rubro in use', async () => {
    const dup = await l.call('POST', '/categories', { kind: 'expense', name: ' mantenimiento ' });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('Ya existe un rubro con ese nombre.');
    const created = await l.call('POST', '/categories', {
      kind: 'expense',
      name: 'Eventos',
      subcategories: ['Navidad', 'navidad', ' Fiestas '],
    });
    expect(created.status).toBe(201);
    expect(created.body.subcategories).toEqual(['Navidad', 'Fiestas']);
    const account = await l.bankAccount(100);
    await expense(account.id, 10, { lines: [{ description: 'Cena', category: 'Eventos', subcategory: 'Navidad', amount: 10 }] });
    const del = await l.call('DELETE', `/categories/${created.body.id}`);
    expect(del.status).toBe(409);
    expect(del.body.message).toBe('El rubro está en uso y no se puede eliminar.');
  });

  it('refuses lines with a rubro or subrubro the complex does not have', async () => {
    const account = await l.bankAccount(100);
    const res = await expense(account.id, 5, { lines: [{ description: 'x', category: 'Inventado', amount: 5 }] });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ 'lines.0.category': 'El rubro no existe.' });
  });
});

describe('bank accounts and cash boxes (spec 000 §5)', () => {
  it('validates every field with the generic messages', async () => {
    const [bank] = await l.t.sql<{ id: string }>('select id from banks limit 1');
    const base = {
      methodType: 'Cuenta Bancaria',
      bankId: bank.id,
      name: 'Cuenta',
      idType: 'Ruc',
      accountType: 'Ahorros',
      initialBalance: 10,
      cutoffDate: '2026-01-01',
    };
    const cases: [object, Record<string, string>][] = [
      [{ ...base, name: 'x'.repeat(101) }, { name: 'Límite max. 100 caracter(es).' }],
      [{ ...base, number: '12a' }, { number: 'Formato inválido.' }],
      [{ ...base, number: '1'.repeat(26) }, { number: 'Límite max. 25 caracter(es).' }],
      [{ ...base, email: 'no-es-correo' }, { email: 'Correo inválido.' }],
      [{ ...base, idNumber: '1'.repeat(21) }, { idNumber: 'Límite max. 20 caracter(es).' }],
      [{ ...base, initialBalance: 10.555 }, { initialBalance: 'Solo se aceptan valores con 2 decimales' }],
      [{ ...base, initialBalance: 1_000_000.01 }, { initialBalance: 'Debe ser menor o igual a 1000000.' }],
      [{ ...base, initialBalance: -1 }, { initialBalance: 'Debe ser mayor o igual a 0.' }],
      [{ ...base, cutoffDate: undefined }, { cutoffDate: '¡Este campo es requerido!' }],
      [{ ...base, bankId: undefined }, { bankId: '¡Este campo es requerido!' }],
      [{ ...base, accountType: undefined }, { accountType: '¡Este campo es requerido!' }],
      [{ ...base, idType: undefined }, { idType: '¡Este campo es requerido!' }],
    ];
    for (const [payload, errors] of cases) {
      const res = await l.call('POST', '/bank-accounts', payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.body.errors, JSON.stringify(payload)).toMatchObject(errors);
    }
    const ok = await l.call('POST', '/bank-accounts', {
      ...base,
      initialBalance: 1_000_000,
      email: 'tesoreria@alamos.ec',
      number: '0123456789',
    });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ balance: 1_000_000, bankId: bank.id, cutoffDate: '2026-01-01' });
  });

  it('records the initial balance as an income at the cut-off date, and a cash box needs no bank', async () => {
    const box = await l.cashBox(150.25);
    const { body } = await l.call('GET', `/incomes?${filter({ accountId: box.id })}`);
    expect(body).toEqual([
      expect.objectContaining({ isInitialBalance: true, amount: 150.25, date: '2026-01-01', receiptNumber: null }),
    ]);
    expect(await l.balance(box.id)).toBe(150.25);
    const annul = await l.call('POST', `/incomes/${body[0].id}/annul`);
    expect(annul.status).toBe(409);
    expect(annul.body.message).toBe('El saldo inicial se modifica desde la cuenta.');
  });

  it('keeps the bank in edit and rewrites the initial balance with its income', async () => {
    const account = await l.bankAccount(100);
    const [other] = await l.t.sql<{ id: string }>("select id from banks where name = 'Produbanco'");
    const locked = await l.call('PUT', `/bank-accounts/${account.id}`, { bankId: other.id });
    expect(locked.status).toBe(400);
    expect(locked.body.errors).toEqual({ bankId: 'El banco no se puede cambiar.' });
    const edited = await l.call('PUT', `/bank-accounts/${account.id}`, {
      name: 'Cuenta renombrada',
      initialBalance: 250,
      cutoffDate: '2026-02-01',
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ name: 'Cuenta renombrada', initialBalance: 250, balance: 250, cutoffDate: '2026-02-01' });
  });

  it('deletes an account holding only its initial balance; refuses one with transactions', async () => {
    const empty = await l.bankAccount(500);
    expect((await l.call('DELETE', `/bank-accounts/${empty.id}`)).status).toBe(200);
    expect(await l.t.sql('select 1 from incomes where account_id = ?', [empty.id])).toHaveLength(0);
    const used = await l.bankAccount(500);
    await expense(used.id, 20);
    const res = await l.call('DELETE', `/bank-accounts/${used.id}`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      'No es posible eliminar un banco que aún contiene transacciones. Contacte con el administrador.',
    );
  });
});

describe('incomes, receivables and annulment (spec 000 §4)', () => {
  it('applies charge lines to the unit debts, moves the balance and numbers the receipt', async () => {
    const account = await l.bankAccount(0);
    const [unit] = await l.units();
    const [a, b] = await twoCharges(l, unit.id);
    const next = (await l.call('GET', '/accounting-settings')).body.receiptNumber;
    const res = await income(account.id, unit.id, [
      {
        receivableId: a.id,
        description: 'Pintura',
        category: 'Ingresos Extraordinarios',
        subcategory: 'Cuota extraordinaria',
        amount: 45.5,
      },
      {
        receivableId: b.id,
        description: 'Jardines (abono)',
        category: 'Ingresos Extraordinarios',
        subcategory: 'Cuota extraordinaria',
        amount: 10,
      },
    ]);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      receiptNumber: next,
      amount: 55.5,
      unitNumber: unit.number,
      lines: [{ amount: 45.5 }, { amount: 10 }],
    });
    expect(await l.balance(account.id)).toBe(55.5);
    const debts = (
      await l.call('GET', `/receivables?${filter({ id: [a.id, b.id] })}&sort=${encodeURIComponent('["name","DESC"]')}`)
    ).body;
    expect(debts.map((d: { balance: number; paid: number }) => [d.balance, d.paid])).toEqual([
      [0, 45.5],
      [20, 10],
    ]);
    expect((await l.call('GET', '/accounting-settings')).body.receiptNumber).toBe(next + 1);

    const annulled = await l.call('POST', `/incomes/${res.body.id}/annul`);
    expect(annulled.status).toBe(200);
    expect(annulled.body).toMatchObject({
      amount: 0,
      balance: 0,
      discount: 0,
      description: 'Anulación',
      reconciled: true,
      annulled: true,
    });
    expect(annulled.body.lines.map((x: { amount: number }) => x.amount)).toEqual([0, 0]);
    expect(await l.balance(account.id)).toBe(0);
    const restored = (
      await l.call('GET', `/receivables?${filter({ id: [a.id, b.id] })}&sort=${encodeURIComponent('["name","DESC"]')}`)
    ).body;
    expect(restored.map((d: { balance: number }) => d.balance)).toEqual([45.5, 30]);
    const again = await l.call('POST', `/incomes/${res.body.id}/annul`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('El ingreso ya fue anulado.');
    const [log] = await l.t.sql<{ changes: { before: { description: string } } }>(
      "select changes from audit_logs where resource = 'incomes' and record_id = ? and action = 'annul'",
      [res.body.id],
    );
    expect(log.changes.before.description).toBe('Pago de expensas');
    // The log names the income by its receipt, in each of its entries.
    const named = await l.t.sql<{ action: string; description: string }>(
      "select action, description from audit_logs where resource = 'incomes' and record_id = ? order by at",
      [res.body.id],
    );
    const receipt = `Ingreso N° ${String(next).padStart(6, '0')}`;
    expect(named.map((r) => [r.action, r.description])).toEqual([
      ['create', receipt],
      ['annul', receipt],
    ]);
    expect((await l.call('GET', `/incomes?${filter({ annulled: true, accountId: account.id })}`)).body).toHaveLength(1);
  });

  it('refuses to pay more than a debt owes, a debt of another unit, and a method the account does not take', async () => {
    const account = await l.bankAccount(0);
    const [u1, u2] = await l.units();
    const [a] = await twoCharges(l, u1.id);
    const line = { receivableId: a.id, description: 'x', category: 'Ingresos Extraordinarios', amount: 45.51 };
    expect((await income(account.id, u1.id, [line])).body.errors).toEqual({
      'lines.0.amount': 'El valor supera el saldo de la deuda.',
    });
    expect((await income(account.id, u2.id, [{ ...line, amount: 1 }])).body.errors).toEqual({
      'lines.0.receivableId': 'La deuda no pertenece a esta unidad.',
    });
    const cash = await income(account.id, u1.id, [{ ...line, amount: 1 }], { method: 'Efectivo' });
    expect(cash.body.errors).toEqual({ method: 'Forma de pago no válida para esta cuenta.' });
    const decimals = await income(account.id, u1.id, [{ ...line, amount: 1.001 }]);
    expect(decimals.body.errors).toEqual({ 'lines.0.amount': 'Solo se aceptan valores con 2 decimales' });
    // Nothing was written by the refusals.
    expect(await l.balance(account.id)).toBe(0);
  });

  it('takes a discount and an advance: money = lines + advance - discount, the advance stays in favour', async () => {
    const account = await l.bankAccount(0);
    const units = await l.units();
    const unit = units[5];
    const [a] = await twoCharges(l, unit.id, [100, 10]);
    const res = await income(
      account.id,
      unit.id,
      [{ receivableId: a.id, description: 'Pronto pago', category: 'Ingresos Extraordinarios', amount: 100 }],
      { discount: 5, advance: 20.1 },
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ amount: 115.1, discount: 5, balance: 20.1, isAdvance: true });
    expect(res.body.lines[1]).toMatchObject({ category: 'Ingresos Ordinarios', subcategory: 'Saldo a favor', amount: 20.1 });
    expect(await l.balance(account.id)).toBe(115.1);
    const tooMuch = await income(account.id, unit.id, [{ description: 'x', category: 'Ingresos Extraordinarios', amount: 1 }], {
      discount: 2,
    });
    expect(tooMuch.body.errors).toEqual({ discount: 'El descuento no puede superar el valor de los cobros.' });
  });

  it('records an unidentified income and assigns it to a unit later', async () => {
    const account = await l.bankAccount(0);
    const units = await l.units();
    const [a] = await twoCharges(l, units[7].id, [60, 1]);
    const res = await income(account.id, null, [
      {
        description: 'Depósito sin identificar',
        category: 'Ingresos Extraordinarios',
        subcategory: 'Otros ingresos',
        amount: 80,
      },
    ]);
    expect(res.status).toBe(201);
    const listed = (await l.call('GET', `/incomes?${filter({ unidentified: true })}`)).body.map((i: { id: string }) => i.id);
    expect(listed).toContain(res.body.id);
    const wrongSum = await l.call('POST', `/incomes/${res.body.id}/assign`, {
      unitId: units[7].id,
      lines: [{ receivableId: a.id, description: 'x', category: 'Ingresos Extraordinarios', amount: 60 }],
    });
    expect(wrongSum.status).toBe(400);
    const assigned = await l.call('POST', `/incomes/${res.body.id}/assign`, {
      unitId: units[7].id,
      lines: [
        { receivableId: a.id, description: 'Cuota', category: 'Ingresos Extraordinarios', amount: 60 },
        { description: 'Saldo a favor', category: 'Ingresos Ordinarios', subcategory: 'Saldo a favor', amount: 20 },
      ],
    });
    expect(assigned.status).toBe(200);
    expect(assigned.body).toMatchObject({ unitId: units[7].id, balance: 20, isAdvance: true, amount: 80 });
    expect((await l.call('GET', `/receivables/${a.id}`)).body.balance).toBe(0);
    const twice = await l.call('POST', `/incomes/${res.body.id}/assign`, { unitId: units[7].id });
    expect(twice.body.message).toBe('El ingreso ya está asignado a una U.H.');
  });

  it('never deletes an income: it is annulled', async () => {
    const account = await l.bankAccount(0);
    const res = await income(account.id, null, [{ description: 'x', category: 'Ingresos Extraordinarios', amount: 1 }]);
    const del = await l.call('DELETE', `/incomes/${res.body.id}`);
    expect(del.status).toBe(409);
    expect(del.body.message).toBe('Los ingresos no se eliminan: anúlelos.');
  });
});

describe('receivables (spec 002 §2.5 screen 5, §4, §5)', () => {
  it("generates monthly fees from the total fee and each unit's aliquot, once per unit and month, up to December", async () => {
    const l2 = await startLedger('colina');
    try {
      const noTotal = await l2.call('PUT', '/accounting-settings', { totalFee: null });
      expect(noTotal.status).toBe(200);
      const refused = await l2.call('POST', '/receivables/generate', {
        name: 'Expensa {month}',
        fromMonth: '2027-01',
        toMonth: '2027-02',
        mode: 'percentage',
      });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe('Para usar porcentajes, el conjunto debe tener un valor total de expensas.');
      await l2.call('PUT', '/accounting-settings', { totalFee: 1000, graceDays: 5 });
      const [unit] = await l2.units();
      await l2.t.sql('update units set aliquot = 2.7778 where id = ?', [unit.id]);
      const gen = await l2.call('POST', '/receivables/generate', {
        name: 'Expensa {month}',
        fromMonth: '2027-01',
        toMonth: '2027-02',
        mode: 'percentage',
        dueDay: 10,
      });
      expect(gen.status).toBe(202);
      const units = await l2.units();
      const generated = await l2.job(gen.body.jobId);
      expect(generated).toMatchObject({ state: 'completed', progress: { done: units.length, total: units.length } });
      expect(generated.output.created).toBe(units.length * 2);
      const mine = (await l2.call('GET', `/receivables?${filter({ unitId: unit.id, period: '2027-01' })}`)).body;
      // 2.7778 % of $1,000.00 = $27.778 -> $27.78 (half-up); due on the 10th plus 5 grace days.
      expect(mine).toEqual([
        expect.objectContaining({
          name: 'Expensa enero 2027',
          originalAmount: 27.78,
          balance: 27.78,
          dueDate: '2027-01-15',
          kind: 'fee',
        }),
      ]);
      const again = await l2.call('POST', '/receivables/generate', {
        name: 'Expensa {month}',
        fromMonth: '2027-02',
        toMonth: '2027-03',
        mode: 'fixed',
        amount: 50,
      });
      expect((await l2.job(again.body.jobId)).output).toMatchObject({ created: units.length, skipped: units.length });
      // UltimoMesAlicuota is accounting's, kept in its own settings and moved forward only.
      expect((await l2.call('GET', '/accounting-settings')).body.lastAliquotMonth).toBe('2027-03');
      const earlier = await l2.call('POST', '/receivables/generate', {
        name: 'x',
        fromMonth: '2027-01',
        toMonth: '2027-01',
        mode: 'fixed',
        amount: 9,
      });
      expect((await l2.job(earlier.body.jobId)).state).toBe('completed');
      expect((await l2.call('GET', '/accounting-settings')).body.lastAliquotMonth).toBe('2027-03');
      const beyond = await l2.call('POST', '/receivables/generate', {
        name: 'x',
        fromMonth: '2027-11',
        toMonth: '2028-01',
        mode: 'fixed',
        amount: 50,
      });
      expect(beyond.body.errors).toEqual({ toMonth: 'Las expensas se pueden generar hasta diciembre.' });
    } finally {
      await l2.t.close();
    }
  }, 90_000); // It starts a server of its own.

  it('flags a debt overdue when its deadline is on or before the start of today', async () => {
    const { businessDay } = await import('@conjunto/core');
    const units = await l.units();
    const today = businessDay();
    const res = await l.call('POST', '/receivables', {
      unitIds: [units[9].id],
      name: 'Vence hoy',
      category: 'Ingresos Extraordinarios',
      amount: 5,
      dueDate: today,
    });
    expect(res.body[0]).toMatchObject({ overdue: true, daysOverdue: 0 });
    const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const later = await l.call('POST', '/receivables', {
      unitIds: [units[9].id],
      name: 'Vence mañana',
      category: 'Ingresos Extraordinarios',
      amount: 5,
      dueDate: tomorrow,
    });
    expect(later.body[0]).toMatchObject({ overdue: false, daysOverdue: 0 });
    const overdue = (await l.call('GET', `/receivables?${filter({ unitId: units[9].id, overdue: true, q: 'vence' })}`)).body.map(
      (r: { name: string }) => r.name,
    );
    expect(overdue).toEqual(['Vence hoy']);
  });

  it('creates a mass charge, takes a discount and transfers debts to a new owner (at least one debt)', async () => {
    const units = await l.units();
    const res = await l.call('POST', '/receivables', {
      unitIds: [units[10].id, units[11].id],
      name: 'Multa',
      category: 'Ingresos Ordinarios',
      subcategory: 'Multas',
      amount: 20,
      dueDate: '2026-12-01',
    });
    expect(res.status).toBe(201);
    expect(res.body).toHaveLength(2);
    const discounted = await l.call('PUT', `/receivables/${res.body[0].id}`, { discount: 5 });
    expect(discounted.body).toMatchObject({ discount: 5, balance: 15 });
    const tooMuch = await l.call('PUT', `/receivables/${res.body[0].id}`, { discount: 20.01 });
    expect(tooMuch.status).toBe(400);
    const none = await l.call('POST', '/receivables/transfer', { receivableIds: [], userId: res.body[0].userId });
    expect(none.body.errors).toEqual({ receivableIds: 'Seleccione al menos una deuda.' });
    const [newOwner] = await l.t.sql<{ id: string }>('select owner_id as id from units where id = ?', [units[12].id]);
    const moved = await l.call('POST', '/receivables/transfer', { receivableIds: [res.body[0].id], userId: newOwner.id });
    expect(moved.body).toEqual({ transferred: 1 });
    expect((await l.call('GET', `/receivables/${res.body[0].id}`)).body.userId).toBe(newOwner.id);
  });

  it('charges every active unit when no unit is named (the screen sends no list for "all units")', async () => {
    const [unit] = await l.units();
    const active = await l.t.sql<{ id: string }>(
      'select id from units where is_active and complex_id = (select complex_id from units where id = ?)',
      [unit.id],
    );
    const res = await l.call('POST', '/receivables', {
      name: 'Cuota ascensor',
      category: 'Ingresos Extraordinarios',
      amount: 12.5,
      dueDate: '2026-12-15',
    });
    expect(res.status).toBe(201);
    expect(res.body).toHaveLength(active.length);
    expect(new Set(res.body.map((r: { unitId: string }) => r.unitId))).toEqual(new Set(active.map((u) => u.id)));
  });
});

describe('expenses, cheques and payables', () => {
  it("keeps its counters and flags in its own settings, not in the host's complexes (issue 10)", async () => {
    const columns = await l.t.sql<{ c: string }>(
      "select column_name as c from information_schema.columns where table_schema = current_schema() and table_name = 'complexes'",
    );
    const names = columns.map((r) => r.c);
    for (const moved of [
      'receipt_number',
      'expense_receipt_number',
      'payment_notice_number',
      'payment_notice_date',
      'last_aliquot_month',
      'cashbook',
    ])
      expect(names).not.toContain(moved);
    expect((await l.call('PUT', '/accounting-settings', { cashbook: true })).body.cashbook).toBe(true);
    expect((await l.call('GET', '/accounting-settings')).body).toMatchObject({ cashbook: true, graceDays: expect.any(Number) });
    await l.call('PUT', '/accounting-settings', { cashbook: false });
  });

  it('numbers expenses from NumeroComprobanteEgreso and cheques from the configured start or the highest + 1', async () => {
    const account = await l.bankAccount(1000);
    const settings = (await l.call('GET', '/accounting-settings')).body;
    const first = await expense(account.id, 10, { method: 'Cheque en banco' });
    expect(first.body).toMatchObject({ receiptNumber: settings.expenseReceiptNumber, chequeNumber: settings.nextChequeNumber });
    await l.call('PUT', '/accounting-settings', { chequeNumbering: true, chequeStart: 5000 });
    expect((await expense(account.id, 10, { method: 'Cheque en banco' })).body.chequeNumber).toBe(5000);
    expect((await expense(account.id, 10, { method: 'Cheque en banco' })).body.chequeNumber).toBe(5001);
    const taken = await expense(account.id, 10, { method: 'Cheque en banco', chequeNumber: 5001 });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('Ya existe un egreso con ese número de cheque.');
    expect((await expense(account.id, 10)).body.chequeNumber).toBeNull();
    await l.call('PUT', '/accounting-settings', { chequeNumbering: false });
  });

  it('settles a payable; a recurring one comes back for the next period; the due-soon list shows the next month', async () => {
    const account = await l.bankAccount(1000);
    const supplier = (await l.call('POST', '/suppliers', { name: 'Guardianía Andina S.A.', idNumber: '1790012345001' })).body;
    expect((await l.call('POST', '/suppliers', { name: 'guardianía andina s.a.' })).body.message).toBe(
      'Ya existe un proveedor con ese nombre.',
    );
    const { businessDay } = await import('@conjunto/core');
    const payable = (
      await l.call('POST', '/payables', {
        supplierId: supplier.id,
        supplierName: supplier.name,
        detail: 'Guardianía mensual',
        amount: 1200,
        dueDate: businessDay(),
        recurrenceDays: 30,
      })
    ).body;
    const far = (await l.call('POST', '/payables', { supplierName: 'Otro', detail: 'Lejano', amount: 10, dueDate: '2099-01-01' }))
      .body;
    const soon = (await l.call('GET', `/payables?${filter({ dueSoon: true })}`)).body.map((p: { id: string }) => p.id);
    expect(soon).toContain(payable.id);
    expect(soon).not.toContain(far.id);
    const paid = await expense(account.id, 1200, {
      supplierId: supplier.id,
      payableId: payable.id,
      lines: [{ description: 'Guardianía', category: 'Seguridad', subcategory: 'Guardianía', amount: 1200 }],
    });
    expect(paid.status).toBe(201);
    const after = (await l.call('GET', `/payables?${filter({ supplierId: supplier.id })}`)).body;
    expect(after).toHaveLength(2);
    expect(after[0]).toMatchObject({ id: payable.id, expenseId: paid.body.id });
    expect(after[1]).toMatchObject({ paidAt: null, recurrenceDays: 30, amount: 1200 });
  });
});

describe('transfers, pending transfers and reconciliation', () => {
  it("refuses a transfer the source cannot pay: 'Saldo insuficiente para realizar esta transacción.'", async () => {
    const from = await l.bankAccount(100);
    const to = await l.cashBox(0);
    const res = await l.call('POST', '/transfers', {
      fromAccountId: from.id,
      toAccountId: to.id,
      amount: 100.01,
      date: '2026-11-20',
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Saldo insuficiente para realizar esta transacción.');
    expect(
      (await l.call('POST', '/transfers', { fromAccountId: from.id, toAccountId: from.id, amount: 1, date: '2026-11-20' }))
        .status,
    ).toBe(400);
    const ok = await l.call('POST', '/transfers', {
      fromAccountId: from.id,
      toAccountId: to.id,
      amount: 100,
      date: '2026-11-20',
    });
    expect(ok.status).toBe(201);
    expect([await l.balance(from.id), await l.balance(to.id)]).toEqual([0, 100]);
  });

  it('lets a resident report a transfer for their unit that the administrator approves or rejects', async () => {
    const account = await l.bankAccount(0);
    const login = await l.t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'residente@demo.test', password: 'demo1234', client: 'app' },
    });
    const resident = { authorization: `Bearer ${login.json().token}` };
    const report = (payload: object) =>
      l.t.app
        .inject({ method: 'POST', url: `/api/complexes/${l.complexId}/pending-transfers`, headers: resident, payload })
        .then((r) => ({ status: r.statusCode, body: r.json() }));
    const [me] = await l.t.sql<{ unit_id: string }>("select unit_id from users where email = 'residente@demo.test'");
    const [a, b] = await twoCharges(l, me.unit_id, [40, 25]);
    // The body's unit is ignored: a resident reports for the unit they live in.
    const reported = await report({
      unitId: (await l.units())[20].id,
      amount: 70,
      detail: 'Transferencia Banco Pichincha',
      reference: 'TRX-991',
      receivableIds: [a.id, b.id],
    });
    expect(reported.status).toBe(201);
    expect(reported.body).toMatchObject({ status: 'Pendiente', unitId: me.unit_id, amount: 70 });
    const approved = await l.call('POST', `/pending-transfers/${reported.body.id}/approve`, { accountId: account.id });
    expect(approved.body).toMatchObject({ status: 'Aprobada', reviewedBy: 'Andrea Administradora' });
    const inc = (await l.call('GET', `/incomes/${approved.body.incomeId}`)).body;
    expect(inc).toMatchObject({ amount: 70, balance: 5, method: 'Transferencia', transactionReference: 'TRX-991' });
    expect(
      (await l.call('GET', `/receivables?${filter({ id: [a.id, b.id] })}`)).body.map((r: { balance: number }) => r.balance),
    ).toEqual([0, 0]);
    expect((await l.call('POST', `/pending-transfers/${reported.body.id}/reject`, {})).body.message).toBe(
      'La transferencia ya fue revisada.',
    );
    const other = await report({ amount: 5, detail: 'x', receivableIds: [a.id] });
    expect(other.status).toBe(400); // already paid
    expect(other.body.errors).toEqual({ receivableIds: 'La deuda ya está pagada.' });
  });

  it(`publishes a resident's report and the office's review live on ${ACCOUNTING_TOPICS.pendingTransfers}, to the complex only`, async () => {
    const topic = ACCOUNTING_TOPICS.pendingTransfers;
    const account = await l.bankAccount(0);
    const staff = await l.t.login('superadmin@demo.test');
    const login = await l.t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'residente@demo.test', password: 'demo1234', client: 'app' },
    });
    const resident = { authorization: `Bearer ${login.json().token}` };
    const [me] = await l.t.sql<{ unit_id: string }>("select unit_id from users where email = 'residente@demo.test'");
    const [a, b] = await twoCharges(l, me.unit_id, [12, 8]);
    const url = await l.t.app.listen({ port: 0, host: '127.0.0.1' });
    const controller = new AbortController();
    // A complex's stream, read in the background into `text`.
    const open = async (complexId: string) => {
      const res = await fetch(`${url}/api/complexes/${complexId}/events?topics=${topic}`, {
        headers: staff,
        signal: controller.signal,
      });
      expect(res.status).toBe(200);
      const s = { text: '' };
      const reader = res.body!.getReader();
      const decoder = new TextDecoder();
      void (async () => {
        for (;;) {
          const chunk = await reader.read();
          if (chunk.done) return;
          s.text += decoder.decode(chunk.value, { stream: true });
        }
      })().catch(() => undefined);
      await expect.poll(() => s.text, { timeout: 5000 }).toContain('connected');
      return s;
    };
    const frame = (payload: object) => `event: ${topic}\ndata: ${JSON.stringify(payload)}\n`;
    try {
      const mine = await open(l.complexId);
      const other = await open(await l.t.complexId('bosque'));
      const report = async (receivableId: string) => {
        const res = await l.t.app.inject({
          method: 'POST',
          url: `/api/complexes/${l.complexId}/pending-transfers`,
          headers: resident,
          payload: { amount: 12, detail: 'Transferencia en vivo', receivableIds: [receivableId] },
        });
        expect(res.statusCode, res.body).toBe(201);
        return res.json().id as string;
      };
      const first = await report(a.id);
      await expect.poll(() => mine.text, { timeout: 5000 }).toContain(frame({ id: first, status: 'Pendiente' }));
      const approved = await l.call('POST', `/pending-transfers/${first}/approve`, { accountId: account.id });
      expect(approved.status).toBe(200);
      await expect.poll(() => mine.text, { timeout: 5000 }).toContain(frame({ id: first, status: 'Aprobada' }));
      const second = await report(b.id);
      expect((await l.call('POST', `/pending-transfers/${second}/reject`, { reason: 'No llegó' })).status).toBe(200);
      await expect.poll(() => mine.text, { timeout: 5000 }).toContain(frame({ id: second, status: 'Rechazada' }));
      // A refused review publishes nothing: the event leaves with its transaction's commit only.
      const events = () => mine.text.split(`event: ${topic}`).length - 1;
      expect(events()).toBe(4);
      expect((await l.call('POST', `/pending-transfers/${second}/approve`, { accountId: account.id })).status).toBe(409);
      await new Promise((r) => setTimeout(r, 300));
      expect(events()).toBe(4);
      expect(other.text).not.toContain(topic);
    } finally {
      controller.abort();
    }
  });

  it('marks every income and expense of the account up to the end of the day, in one go, and freezes them', async () => {
    const account = await l.bankAccount(500, { cutoffDate: '2026-10-01' });
    const [unit] = await l.units();
    const inside = await income(account.id, unit.id, [{ description: 'x', category: 'Ingresos Extraordinarios', amount: 10 }], {
      date: '2026-10-31',
    });
    const outside = await income(account.id, unit.id, [{ description: 'y', category: 'Ingresos Extraordinarios', amount: 10 }], {
      date: '2026-11-01',
    });
    const exp = await expense(account.id, 30, { date: '2026-10-15' });
    const res = await l.call('POST', '/reconciliations', { accountId: account.id, untilDate: '2026-10-31' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ incomeCount: 2, expenseCount: 1, incomeTotal: 510, expenseTotal: 30 });
    const detail = (await l.call('GET', `/reconciliations/${res.body.id}/detail`)).body;
    expect(detail.movements).toHaveLength(3);
    expect(detail.movements.map((m: { id: string }) => m.id)).toEqual(expect.arrayContaining([inside.body.id, exp.body.id]));
    expect((await l.call('GET', `/incomes/${outside.body.id}`)).body.reconciled).toBe(false);
    const frozen = await l.call('PUT', `/incomes/${inside.body.id}`, { description: 'cambio' });
    expect(frozen.status).toBe(409);
    expect(frozen.body.message).toBe('El registro está conciliado y no se puede modificar.');
    expect((await l.call('POST', `/incomes/${inside.body.id}/annul`)).status).toBe(409);
    expect((await l.call('DELETE', `/expenses/${exp.body.id}`)).status).toBe(409);
  });
});

describe('roles and the module switch', () => {
  it('lets the board read but not write, and hides everything when Contabilidad is off', async () => {
    expect((await l.call('GET', '/incomes', undefined, 'directiva@demo.test')).status).toBe(200);
    const write = await l.call('POST', '/suppliers', { name: 'Directiva S.A.' }, 'directiva@demo.test');
    expect(write.status).toBe(403);
    expect((await l.call('GET', '/incomes', undefined, 'guardia@demo.test')).status).toBe(403);
    await l.t.sql(`update complexes set modules = modules || '{"Contabilidad": false}'::jsonb where id = ?`, [l.complexId]);
    try {
      const off = await l.call('GET', '/incomes');
      expect(off.status).toBe(404);
    } finally {
      await l.t.sql(`update complexes set modules = modules || '{"Contabilidad": true}'::jsonb where id = ?`, [l.complexId]);
    }
  });
});

describe('a new complex', () => {
  it('gets the default rubros and settings when platform staff create it, and the API is documented', async () => {
    const staff = await l.t.login('superadmin@demo.test');
    const created = await l.t.app.inject({
      method: 'POST',
      url: '/api/platform/complexes',
      headers: staff,
      payload: { name: 'Conjunto Nuevo Contable' },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    const rows = await l.t.sql<{ kind: string; n: number }>(
      'select kind, count(*)::int as n from categories where complex_id = ? group by kind order by kind',
      [id],
    );
    expect(rows).toEqual([
      { kind: 'expense', n: 8 },
      { kind: 'income', n: 3 },
    ]);
    // The switch is off for a new complex: its accounting routes answer 404 until it is switched on.
    expect((await l.t.app.inject({ method: 'GET', url: `/api/complexes/${id}/incomes`, headers: staff })).statusCode).toBe(404);
    const docs = (await l.t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const path of [
      'incomes',
      'incomes/{id}/annul',
      'receivables/generate',
      'bank-accounts/{id}/balance',
      'pending-transfers/{id}/approve',
      'reconciliations',
    ]) {
      expect(Object.keys(docs.paths), path).toContain(`/api/complexes/{complexId}/${path}`);
    }
  });
});

describe('deep pages', () => {
  it('answers a page beyond the first hundreds exactly as the slice of the whole list', async () => {
    const sort = encodeURIComponent('["date","DESC"]');
    const all = await l.call('GET', `/incomes?sort=${sort}&range=${encodeURIComponent('[0,999]')}`);
    expect(all.body.length).toBeGreaterThan(260);
    const deep = await l.t.app.inject({
      method: 'GET',
      url: `/api/complexes/${l.complexId}/incomes?sort=${sort}&range=${encodeURIComponent('[250,259]')}`,
      headers: await l.t.login('admin@demo.test'),
    });
    expect(deep.json()).toEqual(all.body.slice(250, 260));
    expect(deep.headers['content-range']).toBe(`incomes 250-259/${all.body.length}`);
  });
});

describe('fund history (historicoFondos)', () => {
  it('lists the movements of a range with the opening, running and closing balances', async () => {
    const account = await l.bankAccount(100, { cutoffDate: '2026-09-30' });
    const box = await l.cashBox(0);
    await expense(account.id, 30, { date: '2026-10-05' });
    await l.call('POST', '/transfers', {
      fromAccountId: account.id,
      toAccountId: box.id,
      amount: 20,
      date: '2026-10-10',
      description: 'A caja',
    });
    await income(account.id, null, [{ description: 'Depósito', category: 'Ingresos Extraordinarios', amount: 5.5 }], {
      date: '2026-11-02',
    });
    const res = await l.call('GET', `/bank-accounts/${account.id}/movements?from=2026-10-01&to=2026-10-31`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ openingBalance: 100, closingBalance: 50, truncated: false });
    expect(
      res.body.movements.map((m: { kind: string; amount: number; balance: number; counterpart: string | null }) => [
        m.kind,
        m.amount,
        m.balance,
        m.counterpart,
      ]),
    ).toEqual([
      ['expense', -30, 70, null],
      ['transfer-out', -20, 50, expect.stringMatching(/^Caja prueba/)],
    ]);
    const bad = await l.call('GET', `/bank-accounts/${account.id}/movements?from=2026-10-31&to=2026-10-01`);
    expect(bad.body.errors).toEqual({ to: 'La fecha final no puede ser anterior a la inicial.' });
  });
});

describe('balance in favour', () => {
  it("applies a unit's advances to its pending debts, oldest first, keeping the income's value", async () => {
    const account = await l.bankAccount(0);
    const unit = (await l.units())[14];
    const advance = await income(account.id, unit.id, [], { advance: 50 });
    expect(advance.body).toMatchObject({ amount: 50, balance: 50, isAdvance: true });
    const [a, b] = await twoCharges(l, unit.id, [30, 40]);
    const before = await l.call('GET', `/receivables?${filter({ unitId: unit.id, pending: true })}`);
    const res = await l.call('POST', '/receivables/apply-credit', { unitId: unit.id });
    expect(res.status).toBe(200);
    expect(res.body.applied).toBe(50);
    const after = await l.call('GET', `/receivables?${filter({ unitId: unit.id, pending: true })}`);
    const owedBefore = before.body.reduce((s: number, r: { balance: number }) => s + r.balance * 100, 0);
    const owedAfter = after.body.reduce((s: number, r: { balance: number }) => s + r.balance * 100, 0);
    expect(Math.round(owedBefore - owedAfter)).toBe(5000);
    const income2 = (await l.call('GET', `/incomes/${advance.body.id}`)).body;
    expect(income2).toMatchObject({ amount: 50, balance: 0 });
    expect(income2.lines.reduce((s: number, x: { amount: number }) => s + x.amount * 100, 0)).toBe(5000);
    expect(await l.balance(account.id)).toBe(50);
    // Annulling the advance makes what it paid owed again.
    await l.call('POST', `/incomes/${advance.body.id}/annul`);
    const restored = await l.call('GET', `/receivables?${filter({ id: [a.id, b.id] })}`);
    expect(restored.body.map((r: { balance: number }) => r.balance).sort()).toEqual([30, 40]);
  });
});
