// The support API against the real database (fastify inject): the platform's FAQ (staff write, every back-office role
// reads the published ones), support requests of a complex (switch Supports) and platform staff's answers, with their
// e-mails, tenancy, staff-only routes, validation and audit.
import { listQuery, multipart, startTestServer, type TestServer } from '@conjunto/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPPORT_MESSAGES } from '../manifest.ts';

let t: TestServer;
let alamos: string;
let bosque: string;
let colina: string;
let admin: { authorization: string };
let staff: { authorization: string };
let guard: { authorization: string };
let board: { authorization: string };

const PLATFORM = '/api/platform/support';
const supports = (complexId: string) => `/api/complexes/${complexId}/supports`;
const faq = (complexId: string) => `/api/complexes/${complexId}/faq`;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

beforeAll(async () => {
  t = await startTestServer();
  alamos = await t.complexId('alamos');
  bosque = await t.complexId('bosque');
  colina = await t.complexId('colina');
  admin = await t.login('admin@demo.test');
  staff = await t.login('superadmin@demo.test');
  guard = await t.login('guardia@demo.test');
  board = await t.login('directiva@demo.test');
}, 180_000);
afterAll(() => t?.close());

const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: object, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: headers as Record<string, string>,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const setSwitch = (complexId: string, on: boolean) =>
  inject('PUT', `/api/complexes/${complexId}/modules`, staff, { Supports: on });
const file = (payload = { subject: 'No puedo exportar', category: 'Problema', detail: 'El botón Exportar no responde.' }) =>
  inject('POST', supports(alamos), admin, payload);

describe('support: FAQ', () => {
  it('seeds published questions in Spanish that every back-office role reads, grouped by category and searchable', async () => {
    for (const who of [admin, guard, board]) {
      const res = await inject('GET', `${faq(alamos)}${listQuery({ range: [0, 99] })}`, who);
      expect(res.statusCode, res.body).toBe(200);
      const rows = res.json() as { question: string; category: string }[];
      expect(rows.length).toBeGreaterThanOrEqual(5);
      expect(rows.map((r) => r.question)).toContain('¿Cómo cambio mi contraseña?');
    }
    const found = await inject('GET', `${faq(alamos)}${listQuery({ filter: { q: 'contraseña' } })}`, admin);
    expect((found.json() as { question: string }[]).every((r) => /contraseña/i.test(JSON.stringify(r)))).toBe(true);
    const csv = await inject('GET', `${faq(alamos)}/export?format=csv`, admin);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Pregunta');
  });

  it('lets platform staff add, edit, unpublish and delete; complexes see only published ones; every write is audited', async () => {
    const created = await inject('POST', `${PLATFORM}/faq`, staff, {
      category: 'Pruebas',
      question: '¿Pregunta de prueba?',
      answer: 'Respuesta.',
      sortOrder: 5,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    const seen = async () =>
      ((await inject('GET', `${faq(alamos)}${listQuery({ filter: { q: 'prueba' } })}`, admin)).json() as { id: string }[]).some(
        (r) => r.id === id,
      );
    expect(await seen()).toBe(true);
    const edited = await inject('PUT', `${PLATFORM}/faq/${id}`, staff, { published: false, answer: 'Otra respuesta.' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ published: false, answer: 'Otra respuesta.', question: '¿Pregunta de prueba?' });
    expect(await seen()).toBe(false);
    const all = await inject('GET', `${PLATFORM}/faq${listQuery({ filter: { published: false } })}`, staff);
    expect((all.json() as { id: string }[]).map((r) => r.id)).toContain(id);
    expect((await inject('DELETE', `${PLATFORM}/faq/${id}`, staff)).statusCode).toBe(200);
    expect((await inject('GET', `${PLATFORM}/faq/${id}`, staff)).statusCode).toBe(404);
    const audit = await t.sql<{ action: string; complex_id: string | null }>(
      "select action, complex_id from audit_logs where resource = 'faq' and record_id = ? order by at",
      [id],
    );
    expect(audit.map((a) => a.action)).toEqual(['create', 'update', 'delete']);
    expect(audit.every((a) => a.complex_id === null)).toBe(true);
  });

  it('refuses bad FAQ input with 400 and writes nothing: blanks, NUL bytes, huge texts, unknown fields, bad order', async () => {
    const before = await t.sql<{ n: number }>('select count(*)::int as n from support_faq');
    const ok = { category: 'A', question: 'B?', answer: 'C' };
    for (const body of [
      { ...ok, question: '   ' },
      { ...ok, answer: 'a\u0000b' },
      { ...ok, answer: 'x'.repeat(5001) },
      { ...ok, question: 'x'.repeat(100_000) },
      { ...ok, sortOrder: -1 },
      { ...ok, sortOrder: 'Infinity' },
      { category: 'A', question: 'B?' },
    ]) {
      const res = await inject('POST', `${PLATFORM}/faq`, staff, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    expect(await t.sql('select count(*)::int as n from support_faq')).toEqual(before);
    // A field of its own in the body is not taken: the id is the server's.
    const foreign = '01a2002d-0000-7000-8000-000000000000';
    const res = await inject('POST', `${PLATFORM}/faq`, staff, { ...ok, id: foreign });
    expect(res.json().id).not.toBe(foreign);
    await inject('DELETE', `${PLATFORM}/faq/${res.json().id}`, staff);
  });

  it("refuses FAQ management to anyone but platform staff (403), and the complex's FAQ to another complex's admin (404)", async () => {
    for (const who of [admin, guard, board]) {
      expect((await inject('GET', `${PLATFORM}/faq${listQuery({})}`, who)).statusCode).toBe(403);
      expect((await inject('POST', `${PLATFORM}/faq`, who, { category: 'A', question: 'B', answer: 'C' })).statusCode).toBe(403);
      expect((await inject('GET', `${PLATFORM}/supports${listQuery({})}`, who)).statusCode).toBe(403);
    }
    expect((await inject('GET', `${faq(colina)}${listQuery({})}`, admin)).statusCode).toBe(404);
  });
});

describe('support: requests', () => {
  it('seeds two requests in Los Álamos, one with a staff reply', async () => {
    const rows = (await inject('GET', `${supports(alamos)}${listQuery({ range: [0, 99] })}`, admin)).json() as {
      id: string;
      replyCount: number;
    }[];
    expect(rows.length).toBeGreaterThanOrEqual(2);
    const answered = rows.find((r) => r.replyCount > 0);
    const thread = (await inject('GET', `${supports(alamos)}/${answered?.id}`, admin)).json();
    expect(thread.replies[0]).toMatchObject({ fromStaff: true });
  });

  it('files a request, tells platform staff by e-mail, audits it; staff see it across complexes and answer; the requester is mailed', async () => {
    const res = await file();
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({ state: 'Abierto', category: 'Problema', complexId: alamos, replies: [] });
    const [toStaff] = await t.sql<{ to_addresses: string[]; subject: string; complex_id: string | null }>(
      "select to_addresses, subject, complex_id from mail_outbox where category = 'support.new-request' and subject like ?",
      ['%No puedo exportar%'],
    );
    expect(toStaff.to_addresses).toContain('superadmin@demo.test');
    expect(toStaff.subject).toContain('Los Álamos');
    expect(toStaff.complex_id).toBeNull();
    // The staff mail is the platform's: the complex's mail history (what the office reads) never lists it.
    const history = await inject('GET', `/api/complexes/${alamos}/mail-outbox${listQuery({ range: [0, 999] })}`, admin);
    expect(history.statusCode, history.body).toBe(200);
    expect(history.body).not.toContain('superadmin@demo.test');
    expect((history.json() as { category: string | null }[]).some((m) => m.category === 'support.new-request')).toBe(false);

    const list = await inject('GET', `${PLATFORM}/supports${listQuery({ filter: { state: 'Abierto' }, range: [0, 99] })}`, staff);
    expect(list.statusCode, list.body).toBe(200);
    const mine = (list.json() as { id: string; complexName: string }[]).find((r) => r.id === created.id);
    expect(mine?.complexName).toContain('Álamos');
    const narrowed = await inject('GET', `${PLATFORM}/supports${listQuery({ filter: { complexId: bosque } })}`, staff);
    expect((narrowed.json() as { complexId: string }[]).every((r) => r.complexId === bosque)).toBe(true);

    const answered = await inject('POST', `${PLATFORM}/supports/${created.id}/replies`, staff, {
      message: 'Lo revisamos: ya funciona.',
      state: 'Resuelto',
    });
    expect(answered.statusCode, answered.body).toBe(201);
    expect(answered.json()).toMatchObject({ state: 'Resuelto', replyCount: 1 });
    expect(answered.json().replies[0]).toMatchObject({
      fromStaff: true,
      state: 'Resuelto',
      message: 'Lo revisamos: ya funciona.',
    });
    const [toAdmin] = await t.sql<{ to_addresses: string[]; text_body: string }>(
      "select to_addresses, text as text_body from mail_outbox where category = 'support.staff-reply' and subject like ?",
      ['%No puedo exportar%'],
    );
    expect(toAdmin.to_addresses).toEqual(['admin@demo.test']);
    expect(toAdmin.text_body).toContain('Lo revisamos: ya funciona.');

    // The office reads the thread, writes back, then closes it: no more replies.
    const back = await inject('POST', `${supports(alamos)}/${created.id}/replies`, admin, { message: 'Gracias.' });
    expect(back.statusCode, back.body).toBe(201);
    expect(back.json().replies.map((r: { fromStaff: boolean }) => r.fromStaff)).toEqual([true, false]);
    expect((await inject('POST', `${supports(alamos)}/${created.id}/close`, admin)).json().state).toBe('Cerrado');
    const late = await inject('POST', `${supports(alamos)}/${created.id}/replies`, admin, { message: 'Otra cosa' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(SUPPORT_MESSAGES.closed);

    const audit = await t.sql<{ action: string; complex_id: string }>(
      "select action, complex_id from audit_logs where resource = 'supports' and record_id = ? order by at",
      [created.id],
    );
    expect(audit.map((a) => a.action)).toEqual(['create', 'replies', 'replies', 'close']);
    expect(audit.every((a) => a.complex_id === alamos)).toBe(true);
  });

  it("publishes staff's and the office's changes live on topic support.changed to the request's complex only, with its id only", async () => {
    const created = (await file()).json();
    const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const controller = new AbortController();
    const open = async (complexId: string) => {
      const stream = await fetch(`${url}/api/complexes/${complexId}/events?topics=support.changed`, {
        headers: staff,
        signal: controller.signal,
      });
      expect(stream.status).toBe(200);
      const reader = stream.body!.getReader();
      const decoder = new TextDecoder();
      const s = { text: '' };
      const until = async (needle: string) => {
        const deadline = Date.now() + 5000;
        while (!s.text.includes(needle)) {
          if (Date.now() > deadline) throw new Error(`no ${needle} in ${s.text}`);
          const chunk = await Promise.race([
            reader.read(),
            new Promise<never>((_, no) => setTimeout(() => no(new Error('timeout')), 5000)),
          ]);
          if (chunk.done) break;
          s.text += decoder.decode(chunk.value, { stream: true });
        }
      };
      // Keeps reading in the background so a stray event would show in s.text.
      const drain = () => void until('\u0000never').catch(() => undefined);
      return { s, until, drain };
    };
    const mine = await open(alamos);
    const other = await open(bosque);
    await mine.until('connected');
    await other.until('connected');
    other.drain();
    const answered = await inject('POST', `${PLATFORM}/supports/${created.id}/replies`, staff, {
      message: 'Texto privado de la respuesta',
      state: 'En proceso',
    });
    expect(answered.statusCode, answered.body).toBe(201);
    await mine.until(created.id);
    expect(mine.s.text).toContain('support.changed');
    expect(mine.s.text).toContain(JSON.stringify({ id: created.id }));
    expect(mine.s.text).not.toContain('Texto privado');
    // The office's own reply and close too: its other tabs refresh.
    const events = () => mine.s.text.split(JSON.stringify({ id: created.id })).length - 1;
    const seen = events();
    mine.drain();
    const back = await inject('POST', `${supports(alamos)}/${created.id}/replies`, admin, { message: 'Gracias.' });
    expect(back.statusCode).toBe(201);
    expect((await inject('POST', `${supports(alamos)}/${created.id}/close`, admin)).statusCode).toBe(200);
    await expect.poll(events, { timeout: 4000 }).toBe(seen + 2);
    await new Promise((r) => setTimeout(r, 300));
    expect(other.s.text).not.toContain(created.id);
    controller.abort();
  });

  it('counts every reply of 40 at once, from the office and from staff', async () => {
    const created = (await file({ subject: 'Carrera', category: 'Consulta', detail: 'Muchas respuestas.' })).json();
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, n) =>
        n % 2
          ? inject('POST', `${supports(alamos)}/${created.id}/replies`, admin, { message: `Oficina ${n}` })
          : inject('POST', `${PLATFORM}/supports/${created.id}/replies`, staff, { message: `Soporte ${n}` }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(40).fill(201));
    const [row] = await t.sql<{ reply_count: number; n: number }>(
      'select reply_count, (select count(*)::int from support_replies r where r.support_id = s.id) as n from supports s where id = ?',
      [created.id],
    );
    expect(row).toEqual({ reply_count: 40, n: 40 });
  });

  it('replays a retried POST with the same Idempotency-Key: one request', async () => {
    const headers = { ...admin, 'idempotency-key': 'support-retry-1' };
    const body = { subject: 'Reintento', category: 'Consulta', detail: 'Una sola vez.' };
    const first = await inject('POST', supports(alamos), headers, body);
    const second = await inject('POST', supports(alamos), headers, body);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json().id).toBe(first.json().id);
    expect(await t.sql("select 1 from supports where subject = 'Reintento'")).toHaveLength(1);
    // Platform staff's POSTs too (their routes act on no complex).
    const staffHeaders = { ...staff, 'idempotency-key': 'support-retry-2' };
    const url = `${PLATFORM}/supports/${first.json().id}/replies`;
    const a = await inject('POST', url, staffHeaders, { message: 'Una vez' });
    const b = await inject('POST', url, staffHeaders, { message: 'Una vez' });
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(b.json().replyCount).toBe(1);
    expect(await t.sql('select 1 from support_replies where support_id = ?', [first.json().id])).toHaveLength(1);
    const faqKey = { ...staff, 'idempotency-key': 'support-retry-3' };
    const faqBody = { category: 'Reintentos', question: '¿Una sola vez?', answer: 'Sí.' };
    const f1 = await inject('POST', `${PLATFORM}/faq`, faqKey, faqBody);
    const f2 = await inject('POST', `${PLATFORM}/faq`, faqKey, faqBody);
    expect(f2.json().id).toBe(f1.json().id);
    await inject('DELETE', `${PLATFORM}/faq/${f1.json().id}`, staff);
  });

  it('attaches a screenshot (re-encoded), which the office and platform staff open; refuses a non-image', async () => {
    const created = (await file({ subject: 'Con captura', category: 'Consulta', detail: 'Ver imagen.' })).json();
    const send = (data: Buffer, filename: string, contentType: string) => {
      const body = multipart([{ name: 'file', filename, contentType, data }]);
      return t.app.inject({
        method: 'PUT',
        url: `${supports(alamos)}/${created.id}/attachment`,
        headers: { ...admin, ...body.headers },
        payload: body.payload,
      });
    };
    expect((await send(Buffer.from('<svg/>'), 'x.png', 'image/png')).statusCode).toBe(400);
    const ok = await send(PNG, 'captura.png', 'image/png');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().hasAttachment).toBe(true);
    for (const who of [admin, staff]) {
      const url = await inject('GET', `${supports(alamos)}/${created.id}/attachment`, who);
      expect(url.statusCode, url.body).toBe(200);
      expect(url.json().url).toBeTruthy();
    }
    // Platform staff read it from their own area too: the stored JPEG.
    const jpeg = await inject('GET', `${PLATFORM}/supports/${created.id}/attachment`, staff);
    expect(jpeg.statusCode).toBe(200);
    expect(jpeg.headers['content-type']).toBe('image/jpeg');
    expect(jpeg.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    expect((await inject('GET', `${PLATFORM}/supports/${created.id}/attachment`, admin)).statusCode).toBe(403);
  });

  it('keeps a complex to its own requests: another complex answers 404, through its URL or the other complex', async () => {
    const created = (await file({ subject: 'Privada', category: 'Consulta', detail: 'Solo de Los Álamos.' })).json();
    await setSwitch(bosque, true);
    try {
      // admin@demo.test also administers El Bosque: the request is not found there.
      for (const url of [`${supports(bosque)}/${created.id}`, `${supports(bosque)}/${created.id}/attachment`])
        expect((await inject('GET', url, admin)).statusCode).toBe(404);
      expect((await inject('POST', `${supports(bosque)}/${created.id}/replies`, admin, { message: 'x' })).statusCode).toBe(404);
      expect((await inject('POST', `${supports(bosque)}/${created.id}/close`, admin)).statusCode).toBe(404);
      const rows = (await inject('GET', `${supports(bosque)}${listQuery({ range: [0, 99] })}`, admin)).json() as { id: string }[];
      expect(rows.map((r) => r.id)).not.toContain(created.id);
      // A complex the administrator does not act on.
      expect((await inject('GET', `${supports(colina)}${listQuery({})}`, admin)).statusCode).toBe(404);
    } finally {
      await setSwitch(bosque, false);
    }
  });

  it('refuses bad input with 400 and writes nothing: blanks, NUL bytes, huge texts, a foreign category, complexId in the body', async () => {
    const before = await t.sql('select count(*)::int as n from supports');
    const ok = { subject: 'Asunto', category: 'Consulta', detail: 'Detalle' };
    for (const body of [
      { ...ok, subject: '  ' },
      { ...ok, detail: '' },
      { ...ok, subject: 'a\u0000b' },
      { ...ok, detail: 'x'.repeat(5001) },
      { ...ok, detail: 'x'.repeat(1_000_000) },
      { ...ok, category: 'Queja' },
      { subject: 'Asunto', category: 'Consulta' },
    ]) {
      const res = await inject('POST', supports(alamos), admin, body);
      expect([400, 413], JSON.stringify(body).slice(0, 80)).toContain(res.statusCode);
    }
    const id = (await t.sql<{ id: string }>('select id from supports where complex_id = ? limit 1', [alamos]))[0].id;
    for (const body of [{}, { message: 'a\u0000' }, { state: 'Perdido' }, { message: 'x'.repeat(5001) }, { message: '  ' }])
      expect((await inject('POST', `${PLATFORM}/supports/${id}/replies`, staff, body)).statusCode, JSON.stringify(body)).toBe(
        400,
      );
    expect((await inject('POST', `${PLATFORM}/supports/not-a-uuid/replies`, staff, { message: 'x' })).statusCode).toBe(404);
    expect(await t.sql('select count(*)::int as n from supports')).toEqual(before);
    // complexId, state or counters in the body are not taken: the request is Los Álamos', open, unanswered.
    const sneaky = await inject('POST', supports(alamos), admin, { ...ok, complexId: bosque, state: 'Resuelto', replyCount: 9 });
    expect(sneaky.statusCode).toBe(201);
    expect(sneaky.json()).toMatchObject({ complexId: alamos, state: 'Abierto', replyCount: 0 });
  });

  it("answers 404 on every request route while Supports is off, and leaves the FAQ on; staff's routes 403 for the office", async () => {
    const id = (await t.sql<{ id: string }>('select id from supports where complex_id = ? limit 1', [alamos]))[0].id;
    await setSwitch(alamos, false);
    try {
      expect((await inject('GET', `${supports(alamos)}${listQuery({})}`, admin)).statusCode).toBe(404);
      expect((await inject('GET', `${supports(alamos)}/${id}`, admin)).statusCode).toBe(404);
      expect((await file()).statusCode).toBe(404);
      expect((await inject('GET', `${faq(alamos)}${listQuery({})}`, admin)).statusCode).toBe(200);
    } finally {
      await setSwitch(alamos, true);
    }
    expect((await inject('POST', `${PLATFORM}/supports/${id}/replies`, admin, { message: 'x' })).statusCode).toBe(403);
    expect((await inject('GET', `${PLATFORM}/supports/${id}`, admin)).statusCode).toBe(403);
    // The guard and the board do not file requests.
    expect((await inject('GET', `${supports(alamos)}${listQuery({})}`, guard)).statusCode).toBe(403);
  });
});
