// Security e-mails (spec 002 §7 correo/enviar_correos_seguridad/, §8) through the host's mail outbox: the spec's
// path with up to 3 photos as attachments, the console's notify of an entry with its camera pictures, and bad input.
import { randomBytes } from 'node:crypto';
import { startTestServer, type TestServer } from '@conjunto/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAMERA_LIMITS, CAMERA_MESSAGES } from '../cameras.ts';
import gate from '../server/index.ts';

let t: TestServer;
let alamos: string;
let bosque: string;
let admin: { authorization: string };
let guard: { authorization: string };

const jpeg = (size = 1200) =>
  Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(size), Buffer.from([0xff, 0xd9])]);
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(300)]);

beforeAll(async () => {
  t = await startTestServer({ plugins: [gate] });
  alamos = await t.complexId('alamos');
  bosque = await t.complexId('bosque');
  admin = await t.login('admin@demo.test');
  guard = await t.login('guardia@demo.test');
});
afterAll(() => t?.close());

const spec = (payload: unknown, headers: object = guard, complexId = alamos) =>
  t.app.inject({
    method: 'POST',
    url: `/correo/enviar_correos_seguridad/?id_conjunto=${complexId}`,
    headers: headers as Record<string, string>,
    payload: payload as object,
  });
const FORM = {
  residente_nombre: 'María López',
  residente_casa: 'Casa 12',
  tipo: 'Visita',
  fecha_hora: '2026-11-27 10:15',
  asunto: 'Ingreso en lista negra',
  evento: 'Visitante en lista negra',
  motivo: 'Intentó ingresar sin autorización',
  observacion: 'Se negó el ingreso',
  visitante_nombre: 'Pedro Pérez',
  visitante_dni: '0912345678',
  visitante_placa: 'GBA1234',
  visitante_placa_color: 'Rojo',
  destinatario: 'María López',
  correo: 'maria@example.com',
};
const attachmentsOf = (mailId: string) =>
  t.sql<{ filename: string; content_type: string; content: Buffer }>(
    'select filename, content_type, content from mail_attachments where mail_id = ? order by position',
    [mailId],
  );

describe('correo/enviar_correos_seguridad/', () => {
  it('queues the mail with the photos as attachments', async () => {
    const photos = [jpeg(), PNG, `data:image/jpeg;base64,${jpeg(500).toString('base64')}`];
    const res = await spec({
      ...FORM,
      id_conjunto: alamos,
      fotos: photos.map((p) => (typeof p === 'string' ? p : p.toString('base64'))),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ message: CAMERA_MESSAGES.mailSent, to: ['maria@example.com'] });
    const [mail] = await t.sql<{ to_addresses: string[]; subject: string; text: string; complex_id: string; category: string }>(
      'select to_addresses, subject, text, complex_id, category from mail_outbox where id = ?',
      [res.json().id],
    );
    expect(mail).toMatchObject({
      to_addresses: ['maria@example.com'],
      subject: FORM.asunto,
      complex_id: alamos,
      category: 'gate.security',
    });
    expect(mail.text).toContain('Visitante: Pedro Pérez');
    expect(mail.text).toContain('Placa: GBA1234');
    const files = await attachmentsOf(res.json().id);
    expect(files.map((f) => [f.filename, f.content_type])).toEqual([
      ['foto-1.jpg', 'image/jpeg'],
      ['foto-2.png', 'image/png'],
      ['foto-3.jpg', 'image/jpeg'],
    ]);
    expect(Buffer.from(files[1].content).equals(PNG)).toBe(true);
  });

  it('refuses bad input with 400 and queues nothing', async () => {
    const [{ n: before }] = await t.sql<{ n: number }>('select count(*)::int as n from mail_outbox');
    const photo = jpeg().toString('base64');
    for (const body of [
      { ...FORM, fotos: [photo, photo, photo, photo] },
      { ...FORM, correo: 'no-es-correo' },
      { ...FORM, correo: '' },
      { ...FORM, correo: undefined },
      { ...FORM, fotos: ['%%%no-base64%%%'] },
      { ...FORM, fotos: [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64')] },
      { ...FORM, fotos: [jpeg(CAMERA_LIMITS.photoBytes).toString('base64')] },
      { ...FORM, fotos: 'uno' },
      { ...FORM, id_conjunto: bosque },
      { ...FORM, motivo: 'x'.repeat(CAMERA_LIMITS.mailText + 1) },
    ]) {
      const res = await spec(body);
      expect(res.statusCode, `${JSON.stringify(body).slice(0, 100)} ${res.body.slice(0, 200)}`).toBe(400);
    }
    const [{ n: after }] = await t.sql<{ n: number }>('select count(*)::int as n from mail_outbox');
    expect(after).toBe(before);
  });

  it('answers 404 for a complex the user is not linked to or no complex, 401 without sign-in', async () => {
    expect((await spec(FORM, guard, bosque)).statusCode).toBe(404);
    const none = await t.app.inject({ method: 'POST', url: '/correo/enviar_correos_seguridad/', headers: guard, payload: FORM });
    expect(none.statusCode).toBe(404);
    expect((await spec(FORM, {})).statusCode).toBe(401);
    const resident = await t.login('residente@demo.test');
    expect((await spec(FORM, resident)).statusCode).toBe(403);
  });
});

describe('POST gate-entries/:id/notify', () => {
  it("e-mails the entry with the post's camera pictures (the demo's simulated cameras)", async () => {
    const [post] = await t.sql<{ id: string }>("select id from gate_posts where complex_id = ? and name = 'Garita principal'", [
      alamos,
    ]);
    const entry = await t.app.inject({
      method: 'POST',
      url: `/api/complexes/${alamos}/gate-entries`,
      headers: guard,
      payload: {
        place: 'Club',
        idNumber: `MAIL${Date.now() % 100000}`,
        firstName: 'Rosa',
        lastName: 'Correo',
        visitType: 'Visita',
        postId: post.id,
      },
    });
    expect(entry.statusCode, entry.body).toBe(201);
    expect(entry.json().images).toHaveLength(2);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/complexes/${alamos}/gate-entries/${entry.json().id}/notify`,
      headers: guard,
      payload: { to: 'seguridad@example.com', reason: 'Paquete sospechoso' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe(CAMERA_MESSAGES.mailSent);
    const files = await attachmentsOf(res.json().id);
    expect(files.map((f) => f.content_type)).toEqual(['image/svg+xml', 'image/svg+xml']);
    // Without `to`: the complex's administrators (the entry has no resident).
    const fallback = await t.app.inject({
      method: 'POST',
      url: `/api/complexes/${alamos}/gate-entries/${entry.json().id}/notify`,
      headers: guard,
      payload: {},
    });
    expect(fallback.statusCode, fallback.body).toBe(201);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/complexes/${alamos}/gate-entries/${entry.json().id}/notify`,
          headers: guard,
          payload: { to: 'x' },
        })
      ).statusCode,
    ).toBe(400);
    // Another complex's entry through this one: 404.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/complexes/${bosque}/gate-entries/${entry.json().id}/notify`,
          headers: admin,
          payload: {},
        })
      ).statusCode,
    ).toBe(404);
  });
});
