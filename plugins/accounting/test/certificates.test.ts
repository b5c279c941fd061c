// A unit's certificates (expensas, no adeudar) as PDF, unsigned or signed with the complex's electronic signature
// (PAdES, checked by poppler's pdfsig when installed), each with a verification code that a public route resolves.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeP12, multipart } from '@conjunto/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Ledger, startLedger } from './api.ts';
import { pdfText } from './pdf-text.ts';

const hasPdfsig = spawnSync('pdfsig', ['-v']).error === undefined;
const dir = mkdtempSync(join(tmpdir(), 'certificates-'));

let l: Ledger;
let units: { id: string; number: string }[];
beforeAll(async () => {
  l = await startLedger();
  units = await l.units();
}, 120_000);
afterAll(async () => {
  await l?.t.close();
  rmSync(dir, { recursive: true, force: true });
});

async function certificate(unitId: string, body: object, headers?: { authorization: string }) {
  const res = await l.t.app.inject({
    method: 'POST',
    url: `/api/complexes/${l.complexId}/units/${unitId}/certificates`,
    headers: headers ?? (await l.t.login('admin@demo.test')),
    payload: body,
  });
  return {
    status: res.statusCode,
    type: String(res.headers['content-type']),
    code: String(res.headers['x-verification-code'] ?? ''),
    pdf: res.rawPayload,
    json: () => res.json(),
  };
}

const verify = (code: string) => l.t.app.inject({ method: 'GET', url: `/api/public/verify/${encodeURIComponent(code)}` });

/** A unit without anything past due, and one with (the demo's books have both). */
async function unitsByDebt() {
  const rows = await l.t.sql<{ unit_id: string; overdue: boolean }>(
    `select u.id as unit_id, exists (select 1 from receivables r where r.unit_id = u.id and r.balance > 0
             and r.due_date <= (now() at time zone 'America/Guayaquil')::date) as overdue
       from units u where u.complex_id = ?`,
    [l.complexId],
  );
  return { clean: rows.find((r) => !r.overdue)?.unit_id, owing: rows.find((r) => r.overdue)?.unit_id };
}

function pdfsig(pdf: Buffer): string {
  const file = join(dir, `c-${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, pdf);
  const run = spawnSync('pdfsig', [file], { encoding: 'utf8' });
  return `${run.stdout}${run.stderr}`;
}

describe('certificado de expensas', () => {
  it('is a PDF with the unit, its fees and a verification code the public route resolves, with nothing personal', async () => {
    const unit = units[0];
    const res = await certificate(unit.id, { kind: 'expensas' });
    expect(res.status).toBe(200);
    expect(res.type).toContain('application/pdf');
    const text = pdfText(res.pdf);
    expect(text).toContain('CERTIFICADO DE EXPENSAS');
    expect(text).toContain(unit.number);
    expect(text).toContain(res.code);
    expect(res.code).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);
    const found = await verify(res.code);
    expect(found.statusCode).toBe(200);
    const body = found.json();
    expect(body).toMatchObject({
      complexName: 'Conjunto Los Álamos',
      kind: 'accounting.fees',
      title: 'Certificado de expensas',
      unitNumber: unit.number,
      valid: true,
      revoked: false,
      signed: false,
    });
    expect(body.sha256).toBe(createHash('sha256').update(res.pdf).digest('hex'));
    // Typed back in lower case, without dashes, O for 0: the same document.
    expect((await verify(res.code.replaceAll('-', '').toLowerCase().replaceAll('0', 'o'))).json().code).toBe(res.code);
    expect(JSON.stringify(body)).not.toMatch(/@|residente/i);
  });

  it('says when a certificate no longer holds: past its last day, or annulled', async () => {
    const res = await certificate(units[2].id, { kind: 'expensas' });
    const stored = res.code.replaceAll('-', '');
    await l.t.sql("update issued_documents set valid_until = '2020-01-31' where code = ?", [stored]);
    expect((await verify(res.code)).json()).toMatchObject({ valid: false, revoked: false, validUntil: '2020-01-31' });
    await l.t.sql('update issued_documents set valid_until = null, revoked_at = now() where code = ?', [stored]);
    expect((await verify(res.code)).json()).toMatchObject({ valid: false, revoked: true });
  });

  it('unknown or malformed codes answer 404 with a clear text', async () => {
    for (const code of ['ZZZZ-ZZZZ-ZZZZ-ZZZZ', 'abc', "'; drop table x", 'UUUU-UUUU-UUUU-UUUU']) {
      const res = await verify(code);
      expect(res.statusCode, code).toBe(404);
      expect(res.json().message).toBe('El código de verificación no corresponde a ningún documento emitido.');
    }
  });
});

describe('certificado de no adeudar', () => {
  it('is refused (422) for a unit with something past due, issued for one without', async () => {
    const { clean, owing } = await unitsByDebt();
    expect(owing).toBeDefined();
    const refused = await certificate(owing as string, { kind: 'no-adeudar' });
    expect(refused.status).toBe(422);
    expect(refused.json().message).toMatch(
      /^La unidad tiene valores vencidos por \$.*: no se puede emitir el certificado de no adeudar\.$/,
    );
    const before = await l.t.sql('select count(*)::int as n from issued_documents');
    if (clean) {
      const ok = await certificate(clean, { kind: 'no-adeudar' });
      expect(ok.status).toBe(200);
      expect(pdfText(ok.pdf)).toContain('NO ADEUDA');
      expect((await l.t.sql('select count(*)::int as n from issued_documents'))[0]).toEqual({
        n: (before[0] as { n: number }).n + 1,
      });
    }
  });
});

describe('signed certificates', () => {
  it('without a signature the complex answers 409 with a clear text, and leaves no code behind', async () => {
    const before = await l.t.sql('select count(*)::int as n from issued_documents');
    const res = await certificate(units[1].id, { kind: 'expensas', signed: true });
    expect(res.status).toBe(409);
    expect(res.json().message).toBe('El conjunto no tiene una firma electrónica cargada.');
    expect(await l.t.sql('select count(*)::int as n from issued_documents')).toEqual(before);
  });

  it('with the complex signature, the PDF carries a PAdES signature that pdfsig verifies', async () => {
    const { p12, password } = makeP12({ commonName: 'CONJUNTO LOS ALAMOS' });
    const form = multipart([
      { name: 'file', filename: 'firma.p12', data: p12 },
      { name: 'password', data: password },
    ]);
    const up = await l.t.app.inject({
      method: 'PUT',
      url: `/api/complexes/${l.complexId}/signature`,
      headers: { ...(await l.t.login('admin@demo.test')), ...form.headers },
      payload: form.payload,
    });
    expect(up.statusCode).toBe(200);
    const res = await certificate(units[1].id, { kind: 'expensas', signed: true });
    expect(res.status).toBe(200);
    const raw = res.pdf.toString('latin1');
    expect(raw).toContain('/SubFilter /ETSI.CAdES.detached');
    expect(raw).toContain('/ByteRange');
    expect((await verify(res.code)).json()).toMatchObject({ signed: true });
    if (!hasPdfsig) {
      console.warn('pdfsig (poppler-utils) is not installed: the signature is not checked by a PDF reader here.');
      return;
    }
    const report = pdfsig(res.pdf);
    expect(report).toContain('Signature Type: ETSI.CAdES.detached');
    expect(report).toContain('Signer Certificate Common Name: CONJUNTO LOS ALAMOS');
    expect(report).toContain('Signature Validation: Signature is Valid.');
    expect(report).toContain('Total document signed');
    // A byte changed inside the signed range: pdfsig no longer finds it valid.
    const tampered = Buffer.from(res.pdf);
    const at = tampered.indexOf('CERTIFICADO');
    const target = at > 0 ? at : 200;
    tampered[target] = tampered[target] === 0x41 ? 0x42 : 0x41;
    expect(pdfsig(tampered)).not.toContain('Signature is Valid.');
    expect(execFileSync).toBeDefined();
  });
});

describe('who may print them', () => {
  it("a resident prints their own unit's certificate; another unit answers 404; bodies are closed", async () => {
    const login = await l.t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'residente@demo.test', password: 'demo1234', client: 'app' },
    });
    const headers = { authorization: `Bearer ${login.json().token}` };
    const [mine] = await l.t.sql<{ unit_id: string }>("select unit_id from users where email = 'residente@demo.test'");
    const own = await certificate(mine.unit_id, { kind: 'expensas' }, headers);
    expect(own.status).toBe(200);
    const other = units.find((u) => u.id !== mine.unit_id) as { id: string };
    expect((await certificate(other.id, { kind: 'expensas' }, headers)).status).toBe(404);
    expect((await certificate('not-a-uuid', { kind: 'expensas' }, headers)).status).toBe(404);
    // Attacks on the body: unknown kinds, extra fields, NUL bytes.
    expect((await certificate(mine.unit_id, { kind: 'otro' }, headers)).status).toBe(400);
    // A body naming another complex and unit is read for its kind only: the path and the session decide.
    const colina = await l.t.complexId('colina');
    const carried = await certificate(mine.unit_id, { kind: 'expensas', complexId: colina, unitId: other.id }, headers);
    expect(carried.status).toBe(200);
    expect((await verify(carried.code)).json()).toMatchObject({ complexName: 'Conjunto Los Álamos' });
    const [row] = await l.t.sql<{ unit_id: string }>('select unit_id from issued_documents where code = ?', [
      carried.code.replaceAll('-', ''),
    ]);
    expect(row.unit_id).toBe(mine.unit_id);
    expect((await certificate(mine.unit_id, { kind: 'expensas\u0000' }, headers)).status).toBe(400);
  });

  it("another complex's unit answers 404 to its administrator", async () => {
    const colina = await l.t.complexId('colina');
    const [foreign] = await l.t.sql<{ id: string }>('select id from units where complex_id = ? limit 1', [colina]);
    expect((await certificate(foreign.id, { kind: 'expensas' })).status).toBe(404);
  });
});
