// Receipts, statements of account and payment notices through the API, and the mails they leave in the
// host's outbox (no SMTP in tests: every mail stays 'local' and readable).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filter, type Ledger, startLedger, twoCharges } from './api.ts';
import { pdfText } from './pdf-text.ts';

let l: Ledger;
let units: { id: string; number: string }[];
let account: { id: string };
beforeAll(async () => {
  l = await startLedger();
  units = await l.units();
  account = await l.bankAccount(0);
});
afterAll(() => l?.t.close());

/** A binary GET as `email`. */
async function download(path: string, email = 'admin@demo.test', complexId = l.complexId) {
  const res = await l.t.app.inject({ method: 'GET', url: `/api/complexes/${complexId}${path}`, headers: await l.t.login(email) });
  return { status: res.statusCode, headers: res.headers, body: res.rawPayload, json: () => res.json() };
}

const pay = (unitId: string, lines: object[], extra: object = {}) =>
  l.call('POST', '/incomes', {
    accountId: account.id,
    unitId,
    date: '2026-11-20',
    description: 'Pago de cuotas',
    method: 'Transferencia',
    lines,
    ...extra,
  });

const charge = async (unitId: string, name: string, amount: number, dueDate: string) => {
  const res = await l.call('POST', '/receivables', {
    unitIds: [unitId],
    name,
    category: 'Ingresos Extraordinarios',
    subcategory: 'Cuota extraordinaria',
    amount,
    dueDate,
  });
  expect(res.status).toBe(201);
  return res.body[0] as { id: string };
};

const outbox = async (f: object = {}) =>
  (await l.call('GET', `/mail-outbox?${filter(f)}&range=[0,499]`)).body as {
    id: string;
    to: string[];
    cc: string[];
    subject: string;
    text: string;
    status: string;
    category: string;
    attachmentCount: number;
  }[];

const residentOf = async (unitId: string) =>
  (
    await l.t.sql<{ id: string; email: string; name: string }>(
      `select u.id, u.email, u.first_name || ' ' || u.last_name as name from units un join users u on u.id = coalesce(un.owner_id, un.tenant_id) where un.id = ?`,
      [unitId],
    )
  )[0];

describe('income receipt (PDF)', () => {
  it('answers the receipt with the complex data, the payer, each line, discount, total, method and account', async () => {
    const unit = units[0];
    const [a, b] = await twoCharges(l, unit.id, [45.5, 30]);
    const income = await pay(
      unit.id,
      [
        {
          receivableId: a.id,
          description: 'Cuota pintura',
          category: 'Ingresos Extraordinarios',
          subcategory: 'Cuota extraordinaria',
          amount: 45.5,
        },
        {
          receivableId: b.id,
          description: 'Cuota jardines',
          category: 'Ingresos Extraordinarios',
          subcategory: 'Cuota extraordinaria',
          amount: 30,
        },
      ],
      { discount: 5.5, transactionReference: 'TRX-991', method: 'Deposito' },
    );
    expect(income.status).toBe(201);
    const number = income.body.receiptNumber as number;
    const res = await download(`/incomes/${income.body.id}/receipt.pdf`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`filename="comprobante-ingreso-${number}.pdf"`);
    expect(res.body.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(res.body);
    const [complex] = await l.t.sql<{ name: string; ruc: string; contact_phone: string; contact_email: string }>(
      'select name, ruc, contact_phone, contact_email from complexes where id = ?',
      [l.complexId],
    );
    for (const expected of [
      'COMPROBANTE DE INGRESO',
      `N° ${String(number).padStart(6, '0')}`,
      complex.name,
      `RUC: ${complex.ruc}`,
      complex.contact_phone,
      complex.contact_email,
      income.body.payerName,
      unit.number,
      'Cuota pintura',
      'Cuota jardines',
      'SubRubro',
      'Cuota extraordinaria',
      '$45.50',
      '$75.50', // subtotal
      '$5.50', // discount
      '$70.00', // total
      'Depósito', // the stored 'Deposito', as people read it
      account.id ? 'Cuenta prueba' : '',
      'TRX-991',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('ANULADO');
  });

  it("marks an annulled income 'ANULADO' and keeps the values it had", async () => {
    const unit = units[1];
    const income = await pay(unit.id, [
      { description: 'Multa ruido', category: 'Ingresos Ordinarios', subcategory: 'Multas', amount: 12.35 },
    ]);
    expect((await l.call('POST', `/incomes/${income.body.id}/annul`)).status).toBe(200);
    // The income keeps its values itself: the receipt does not depend on the audit log.
    await l.t.sql("delete from audit_logs where record_id = ? and action = 'annul'", [income.body.id]);
    const res = await download(`/incomes/${income.body.id}/receipt.pdf`);
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toContain('-anulado.pdf');
    const text = pdfText(res.body);
    expect(text).toContain('ANULADO');
    expect(text).toContain('Multa ruido');
    expect(text).toContain('$12.35');
  });

  it('is readable by the board, and 404 for another complex, an unknown id or a malformed one', async () => {
    const income = await pay(units[2].id, [{ description: 'Alquiler salón', category: 'Ingresos Extraordinarios', amount: 20 }]);
    expect((await download(`/incomes/${income.body.id}/receipt.pdf`, 'directiva@demo.test')).status).toBe(200);
    // admin2 administers La Colina only: Los Álamos does not exist for them.
    expect((await download(`/incomes/${income.body.id}/receipt.pdf`, 'admin2@demo.test')).status).toBe(404);
    // ... and the id is not found through their own complex either.
    const colina = await l.t.complexId('colina');
    await l.t.sql(`update complexes set modules = modules || '{"Contabilidad": true}'::jsonb where id = ?`, [colina]);
    expect((await download(`/incomes/${income.body.id}/receipt.pdf`, 'admin2@demo.test', colina)).status).toBe(404);
    expect((await download('/incomes/0190a1b2-0000-7000-8000-000000000000/receipt.pdf')).status).toBe(404);
    expect((await download('/incomes/nope/receipt.pdf')).status).toBe(404);
  });
});

describe('expense voucher (PDF)', () => {
  it('answers the voucher with the payee, invoice, cheque, each line and the total; the board reads it, another complex gets 404', async () => {
    const supplier = (await l.call('POST', '/suppliers', { name: 'Viveros Quitumbe Cía. Ltda.', idNumber: '1790099887001' }))
      .body;
    const expense = await l.call('POST', '/expenses', {
      accountId: account.id,
      date: '2026-11-20',
      description: 'Mantenimiento de áreas verdes',
      method: 'Cheque en banco',
      supplierId: supplier.id,
      invoice: '001-002-000123',
      lines: [
        { description: 'Poda', category: 'Mantenimiento', amount: 40 },
        { description: 'Abono', category: 'Mantenimiento', amount: 12.5 },
      ],
    });
    expect(expense.status).toBe(201);
    const { id, receiptNumber, chequeNumber } = expense.body;
    const res = await download(`/expenses/${id}/voucher.pdf`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`filename="comprobante-egreso-${receiptNumber}.pdf"`);
    const text = pdfText(res.body);
    for (const expected of [
      'COMPROBANTE DE EGRESO',
      `N° ${String(receiptNumber).padStart(6, '0')}`,
      'Viveros Quitumbe Cía. Ltda.',
      '1790099887001',
      '001-002-000123',
      String(chequeNumber),
      'Poda',
      'Abono',
      '$52.50',
      'Cheque en banco',
      'Mantenimiento de áreas verdes',
    ])
      expect(text).toContain(expected);
    expect((await download(`/expenses/${id}/voucher.pdf`, 'directiva@demo.test')).status).toBe(200);
    expect((await download(`/expenses/${id}/voucher.pdf`, 'admin2@demo.test')).status).toBe(404);
    expect((await download('/expenses/0190a1b2-0000-7000-8000-000000000000/voucher.pdf')).status).toBe(404);
    expect((await download('/expenses/nope/voucher.pdf')).status).toBe(404);
  });
});

describe('statement of account', () => {
  it("equals the ledger: pending = the unit's receivables' balances, credit = its incomes' balances", async () => {
    const unit = units[3];
    const [a] = await twoCharges(l, unit.id, [40, 25.25]);
    const future = await charge(unit.id, 'Cuota futura', 10, '2099-01-31');
    await pay(
      unit.id,
      [
        {
          receivableId: a.id,
          description: 'Abono',
          category: 'Ingresos Extraordinarios',
          subcategory: 'Cuota extraordinaria',
          amount: 15,
        },
      ],
      { advance: 7.5 },
    );

    const res = await l.call('GET', `/units/${unit.id}/statement`);
    expect(res.status).toBe(200);
    const s = res.body;
    expect(s.unit).toMatchObject({ id: unit.id, number: unit.number });
    const resident = await residentOf(unit.id);
    expect(s.resident).toMatchObject({ id: resident.id, email: resident.email });

    const receivables = (await l.call('GET', `/receivables?${filter({ unitId: unit.id })}&range=[0,999]`)).body as {
      id: string;
      balance: number;
      originalAmount: number;
      overdue: boolean;
    }[];
    const incomes = (await l.call('GET', `/incomes?${filter({ unitId: unit.id })}&range=[0,999]`)).body as {
      balance: number;
      amount: number;
    }[];
    const cents = (values: number[]) => Math.round(values.reduce((x, y) => x + y * 100, 0)) / 100;
    expect(s.receivables).toHaveLength(receivables.length);
    expect(s.totals.pending).toBe(cents(receivables.map((r) => r.balance)));
    expect(s.totals.charged).toBe(cents(receivables.map((r) => r.originalAmount)));
    expect(s.totals.overdue).toBe(cents(receivables.filter((r) => r.overdue).map((r) => r.balance)));
    expect(s.totals.credit).toBe(cents(incomes.map((i) => i.balance)));
    expect(s.totals.received).toBe(cents(incomes.map((i) => i.amount)));
    expect(s.totals.net).toBe(cents([s.totals.pending, -s.totals.credit]));
    expect(s.totals.credit).toBeGreaterThanOrEqual(7.5);
    const paid = s.receivables.find((r: { id: string }) => r.id === a.id);
    expect(paid).toMatchObject({ originalAmount: 40, paid: 15, balance: 25, overdue: true });
    expect(paid.daysOverdue).toBeGreaterThan(0);
    expect(s.receivables.find((r: { id: string }) => r.id === future.id)).toMatchObject({
      overdue: false,
      daysOverdue: 0,
      balance: 10,
    });

    const pdf = await download(`/units/${unit.id}/statement.pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(/filename="estado-de-cuenta-casa-4-\d{4}-\d{2}-\d{2}\.pdf"/);
    const text = pdfText(pdf.body);
    expect(text).toContain('ESTADO DE CUENTA');
    expect(text).toContain(resident.name);
    expect(text).toContain('Cuota futura');
    expect(text).toContain(`$${s.totals.pending.toFixed(2)}`);
  });

  it("heads a unit's statement with the unit's own address when it has one (host.directory's address)", async () => {
    // The demo's Casa 2 has an alternative address; Casa 1 shows the complex's.
    const own = pdfText((await download(`/units/${units[1].id}/statement.pdf`)).body);
    expect(own).toContain('Av. de los Shyris N35-17, local 2');
    const complex = pdfText((await download(`/units/${units[0].id}/statement.pdf`)).body);
    expect(complex).not.toContain('Av. de los Shyris');
    expect(complex).toContain('Dirección:');
  });

  it('is 404 for a unit of another complex or an unknown one, and readable by the board', async () => {
    const [bosqueUnit] = await l.t.sql<{ id: string }>('select id from units where complex_id = ? limit 1', [
      await l.t.complexId('bosque'),
    ]);
    expect((await l.call('GET', `/units/${bosqueUnit.id}/statement`)).status).toBe(404);
    expect((await download(`/units/${bosqueUnit.id}/statement.pdf`)).status).toBe(404);
    expect((await l.call('GET', '/units/not-a-uuid/statement')).status).toBe(404);
    expect((await l.call('GET', `/units/${units[0].id}/statement`, undefined, 'directiva@demo.test')).status).toBe(200);
    expect((await l.call('GET', `/units/${units[0].id}/statement`, undefined, 'admin2@demo.test')).status).toBe(404);
  });

  it("queues the statement PDF by mail to the unit's resident, readable in the outbox", async () => {
    const unit = units[4];
    const resident = await residentOf(unit.id);
    const res = await l.call('POST', `/units/${unit.id}/statement/send`, { additionalEmails: ['tesoreria@example.com'] });
    expect(res.status).toBe(200);
    expect(res.body.to).toBe(resident.email);
    const detail = await l.call('GET', `/mail-outbox/${res.body.mailId}`);
    expect(detail.body).toMatchObject({
      to: [resident.email],
      cc: ['tesoreria@example.com'],
      status: 'local',
      category: 'accounting.statement',
      attachmentCount: 1,
    });
    expect(detail.body.subject).toContain(unit.number);
    expect(detail.body.text).toContain(resident.name);
    const [file] = detail.body.attachments;
    expect(file).toMatchObject({ contentType: 'application/pdf' });
    const pdf = await download(`/mail-outbox/${res.body.mailId}/attachments/${file.id}`);
    expect(pdf.body.subarray(0, 5).toString()).toBe('%PDF-');
    const audit = await l.t.sql("select action from audit_logs where resource = 'statements' and record_id = ?", [unit.id]);
    expect(audit).toHaveLength(1);
    // The board reads but does not send.
    expect((await l.call('POST', `/units/${unit.id}/statement/send`, {}, 'directiva@demo.test')).status).toBe(403);
  });
});

describe('payment notices by e-mail', () => {
  const noticeNumber = async () =>
    (
      await l.t.sql<{ n: number; d: Date | null }>(
        'select payment_notice_number as n, payment_notice_date as d from accounting_settings where complex_id = ?',
        [l.complexId],
      )
    )[0];

  it('refuses a run without recipients, a future cut-off date and a resident of another complex', async () => {
    const none = await l.call('POST', '/notices/overdue', { recipients: 'selected', userIds: [] });
    expect(none.status).toBe(400);
    expect(none.body.errors).toEqual({ userIds: 'Seleccione al menos un usuario.' });
    const missing = await l.call('POST', '/notices/statements', { recipients: 'selected' });
    expect(missing.body.errors).toEqual({ userIds: 'Seleccione al menos un usuario.' });
    const future = await l.call('POST', '/notices/overdue', { recipients: 'all', cutoffDate: '2099-01-01' });
    expect(future.status).toBe(400);
    expect(future.body.errors).toEqual({ cutoffDate: 'La fecha de corte no puede ser posterior a hoy.' });
    const [stranger] = await l.t.sql<{ id: string }>(
      'select id from users where residence_complex_id = ? and roles @> \'["residente"]\' limit 1',
      [await l.t.complexId('bosque')],
    );
    const other = await l.call('POST', '/notices/overdue', { recipients: 'selected', userIds: [stranger.id] });
    expect(other.status).toBe(400);
    expect(other.body.errors).toEqual({ userIds: 'El residente no pertenece a este conjunto.' });
    const badEmail = await l.call('POST', '/notices/overdue', { recipients: 'all', additionalEmails: ['no-es-correo'] });
    expect(badEmail.status).toBe(400);
    expect((await l.call('POST', '/notices/overdue', { recipients: 'all' }, 'directiva@demo.test')).status).toBe(403);
    // The board reads the notices' state (/directiva/notificaciones), and sends none.
    expect((await l.call('GET', '/notices', undefined, 'directiva@demo.test')).status).toBe(200);
    for (const kind of ['statements', 'manual'])
      expect((await l.call('POST', `/notices/${kind}`, {}, 'directiva@demo.test')).status, kind).toBe(403);
  });

  it('queues one overdue notice per selected resident with overdue debts, numbered, dated and with a security code', async () => {
    const [x, y, z] = [units[10], units[11], units[12]];
    await charge(x.id, 'Multa mascota', 20, '2026-01-15');
    await charge(x.id, 'Cuota ascensor', 30.1, '2026-02-15');
    await charge(y.id, 'Cuota piscina', 15, '2026-03-01');
    // z: nothing overdue (seeded debts of z, if any, are paid off here so the case holds).
    const zOverdue = await l.t.sql<{ n: number }>(
      'select count(*)::int as n from receivables where unit_id = ? and balance > 0 and due_date <= current_date',
      [z.id],
    );
    if (zOverdue[0].n) await l.t.sql('update receivables set balance = 0, discount = original_amount where unit_id = ?', [z.id]);
    const [rx, ry, rz] = [await residentOf(x.id), await residentOf(y.id), await residentOf(z.id)];
    const before = await noticeNumber();
    const mailsBefore = (await outbox({ category: 'accounting.overdue' })).length;

    const res = await l.call('POST', '/notices/overdue', {
      recipients: 'selected',
      userIds: [rx.id, ry.id, rz.id],
      additionalEmails: ['directiva@example.com'],
      message: 'Evite recargos por mora.',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ number: before.n, queued: 2, skipped: 1 });
    expect(res.body.securityCode).toMatch(/^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/);
    const after = await noticeNumber();
    expect(after.n).toBe(before.n + 1);
    expect(after.d).not.toBeNull();

    const mails = await outbox({ category: 'accounting.overdue' });
    expect(mails).toHaveLength(mailsBefore + 2);
    const toX = mails.find((m) => m.to[0] === rx.email)!;
    expect(toX).toMatchObject({ status: 'local', cc: ['directiva@example.com'] });
    expect(toX.subject).toContain(`Aviso de cobro N° ${before.n}`);
    for (const expected of [
      'Multa mascota',
      'Cuota ascensor',
      '$30.10',
      'Evite recargos por mora.',
      `Código de seguridad: ${res.body.securityCode}`,
      rx.name,
    ]) {
      expect(toX.text).toContain(expected);
    }
    expect(mails.some((m) => m.to[0] === rz.email && m.text.includes(res.body.securityCode))).toBe(false);
    const audit = await l.t.sql("select action, changes from audit_logs where resource = 'payment-notices' and record_id = ?", [
      String(before.n),
    ]);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'overdue' });
  });

  it('sends to every resident with overdue debts when recipients is all, and refuses a run with nobody to notify', async () => {
    const expected = await l.t.sql<{ n: number }>(
      `select count(distinct u.id)::int as n from receivables r join units un on un.id = r.unit_id
         join users u on u.id = coalesce(r.user_id, un.owner_id, un.tenant_id)
        where r.complex_id = ? and r.balance > 0 and r.due_date <= current_date and u.is_active and u.residence_complex_id = r.complex_id`,
      [l.complexId],
    );
    const res = await l.call('POST', '/notices/overdue', { recipients: 'all' });
    expect(res.status).toBe(200);
    expect(res.body.queued).toBe(expected[0].n);
    const nothing = await l.call('POST', '/notices/overdue', { recipients: 'all', cutoffDate: '2000-01-01' });
    expect(nothing.status).toBe(409);
    expect(nothing.body.message).toBe('Ninguno de los residentes seleccionados tiene valores vencidos.');
  });

  it('queues the monthly statement of each selected resident with the PDF attached', async () => {
    const [a, b] = [units[20], units[21]];
    const [ra, rb] = [await residentOf(a.id), await residentOf(b.id)];
    const before = await noticeNumber();
    const res = await l.call('POST', '/notices/statements', {
      recipients: 'selected',
      userIds: [ra.id, rb.id],
      cutoffDate: '2026-11-01',
    });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ number: before.n, total: 2, skipped: 0 });
    const job = await l.job(res.body.jobId);
    expect(job).toMatchObject({ state: 'completed', progress: { done: 2, total: 2 } });
    expect(job.output).toMatchObject({ number: before.n, queued: 2, skipped: 0, securityCode: res.body.securityCode });
    const mails = (await outbox({ category: 'accounting.statement' })).filter((m) => m.subject.includes(`N° ${before.n}:`));
    expect(mails.map((m) => m.to[0]).sort()).toEqual([ra.email, rb.email].sort());
    for (const m of mails) {
      expect(m.attachmentCount).toBe(1);
      expect(m.subject).toContain('estado de cuenta al 01/11/2026');
      expect(m.text).toContain(res.body.securityCode);
    }
    // The attached statement is the one of the cut-off date.
    const detail = await l.call('GET', `/mail-outbox/${mails[0].id}`);
    const pdf = await download(`/mail-outbox/${mails[0].id}/attachments/${detail.body.attachments[0].id}`);
    expect(detail.body.attachments[0].filename).toMatch(/^estado-de-cuenta-.*-2026-11-01\.pdf$/);
    expect(pdfText(pdf.body)).toContain('Fecha de corte: 01/11/2026');
  });

  it('queues a manual payment notice with its text and amount', async () => {
    const unit = units[22];
    const resident = await residentOf(unit.id);
    const before = await noticeNumber();
    const res = await l.call('POST', '/notices/manual', {
      userId: resident.id,
      message: 'Favor cancelar el daño a la puerta del parqueadero.',
      amount: 85.4,
      dueDate: '2026-12-15',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ number: before.n, queued: 1 });
    const [mail] = (await outbox({ category: 'accounting.manual' })).filter((m) => m.to[0] === resident.email);
    expect(mail.subject).toBe(`Aviso de cobro N° ${before.n} - Conjunto Los Álamos`);
    for (const expected of [
      'daño a la puerta',
      'Valor a pagar: $85.40',
      'Fecha límite de pago: 15/12/2026',
      res.body.securityCode,
    ])
      expect(mail.text).toContain(expected);
    const bad = await l.call('POST', '/notices/manual', { userId: resident.id, message: 'x', amount: 1.234 });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ amount: 'Solo se aceptan valores con 2 decimales' });
  });

  it('shows the outbox only to administrators of the complex', async () => {
    const [mail] = await outbox();
    expect(mail).toBeDefined();
    expect((await l.call('GET', '/mail-outbox', undefined, 'admin2@demo.test')).status).toBe(404);
    expect((await l.call('GET', `/mail-outbox/${mail.id}`, undefined, 'admin2@demo.test')).status).toBe(404);
    const colina = await l.t.complexId('colina');
    const viaOther = await l.t.app.inject({
      method: 'GET',
      url: `/api/complexes/${colina}/mail-outbox/${mail.id}`,
      headers: await l.t.login('admin2@demo.test'),
    });
    expect(viaOther.statusCode).toBe(404);
    expect((await l.call('GET', '/mail-outbox', undefined, 'directiva@demo.test')).status).toBe(403);
    const state = await l.call('GET', '/notices');
    expect(state.body.nextNumber).toBe((await noticeNumber()).n);
  });
});
