import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { connect } from 'node:net';
import { dirname, join } from 'node:path';
import { CLOSED, type ServerPlugin } from '@conjunto/core';
import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

/** 1 KB that starts as a PNG does (the host checks an allowed type's first bytes). */
const PNG_BYTES = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(1016, 1)]);

const ADMIN = ['administrador', 'superAdministrador'] as const;

// A test-only plugin whose routes use the host's file services, as a real plugin would.
const filesPlugin: ServerPlugin = {
  manifest: { id: 'filetest', titleKey: 'filetest', roles: [...ADMIN], resources: [] },
  entities: [],
  migrations: [],
  routes(app, host) {
    const saveBody = Type.Object(
      {
        text: Type.String({ maxLength: 100_000 }),
        personal: Type.Optional(Type.Boolean()),
        filename: Type.Optional(Type.String({ maxLength: 300 })),
        contentType: Type.Optional(Type.String({ maxLength: 300 })),
        label: Type.Optional(Type.String({ maxLength: 300 })),
        rollback: Type.Optional(Type.Boolean()),
      },
      CLOSED,
    );
    app.post('/filetest/save', { config: { roles: ADMIN }, schema: { body: saveBody } }, async (request) => {
      const body = request.body as {
        text: string;
        personal?: boolean;
        filename?: string;
        contentType?: string;
        label?: string;
        rollback?: boolean;
      };
      return host.em(request).transactional(async (em: unknown) => {
        const saved = await host.files.save(request, em, {
          category: body.personal ? 'face' : 'document',
          personal: Boolean(body.personal),
          filename: body.filename ?? 'Informe año.txt',
          contentType: body.contentType ?? 'text/plain',
          label: body.label,
          data: Buffer.from(body.text),
        });
        if (body.rollback) throw new Error('rolled back on purpose');
        return saved;
      });
    });
    app.post('/filetest/upload', { config: { roles: ADMIN }, schema: { consumes: ['multipart/form-data'] } }, async (request) => {
      const upload = await host.files.readUpload(request, {
        maxFileSize: 1024,
        maxFiles: 2,
        allowedTypes: ['text/plain', 'image/png'],
      });
      const saved = await host.em(request).transactional(async (em: unknown) => {
        const out = [];
        for (const f of upload.files)
          out.push(
            await host.files.save(request, em, {
              category: 'document',
              personal: false,
              filename: f.filename,
              contentType: f.contentType,
              data: f.stream(),
            }),
          );
        return out;
      });
      return { fields: upload.fields, files: upload.files.map((f, i) => ({ name: f.filename, size: f.size, id: saved[i].id })) };
    });
    app.post(
      '/filetest/upload-big',
      { config: { roles: ADMIN }, schema: { consumes: ['multipart/form-data'] } },
      async (request) => {
        const upload = await host.files.readUpload(request, { maxFileSize: 50 * 1024 * 1024 });
        return { size: upload.files[0]?.size };
      },
    );
    app.get('/filetest/:id/url', { config: { roles: ADMIN } }, async (request) =>
      host.files.signedUrl(request, (request.params as { id: string }).id, {
        ttlSeconds: Number((request.query as { ttl?: string }).ttl ?? 300),
      }),
    );
    app.delete('/filetest/:id', { config: { roles: ADMIN } }, async (request) => {
      await host
        .em(request)
        .transactional((em: unknown) => host.files.remove(request, em, (request.params as { id: string }).id));
      return { ok: true };
    });
  },
};

let t: TestServer;
let alamos: string;
let bosque: string;
let admin: { authorization: string };
let filesRoot: string;

beforeAll(async () => {
  t = await startTestServer({ plugins: [filesPlugin] });
  alamos = await t.complexId('alamos');
  bosque = await t.complexId('bosque');
  admin = await t.login('admin@demo.test');
  filesRoot = dirname(t.app.files.tmpDir);
});
afterAll(() => t?.close());

/** Every stored object on disk (the temporaries folder apart). */
function storedObjects(): string[] {
  if (!existsSync(filesRoot)) return [];
  return readdirSync(filesRoot, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && !e.parentPath.startsWith(t.app.files.tmpDir))
    .map((e) => join(e.parentPath, e.name));
}
const temporaries = () => (existsSync(t.app.files.tmpDir) ? readdirSync(t.app.files.tmpDir) : []);

async function save(payload: Record<string, unknown>, complexId = alamos) {
  const res = await t.app.inject({ method: 'POST', url: `/api/complexes/${complexId}/filetest/save`, headers: admin, payload });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: string; size: number; sha256: string };
}
async function urlOf(id: string, complexId = alamos, headers = admin) {
  const res = await t.app.inject({ method: 'GET', url: `/api/complexes/${complexId}/files/${id}/url`, headers });
  return res;
}

const BOUNDARY = '----conjunto-test-boundary';
function multipart(parts: { name: string; filename?: string; type?: string; content: string | Buffer }[]): Buffer {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}`;
    const head = `--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n${p.filename ? `Content-Type: ${p.type ?? 'text/plain'}\r\n` : ''}\r\n`;
    chunks.push(Buffer.from(head), Buffer.from(p.content), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}
const upload = (payload: Buffer, path = 'upload') =>
  t.app.inject({
    method: 'POST',
    url: `/api/complexes/${alamos}/filetest/${path}`,
    headers: { ...admin, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload,
  });

describe('stored files and signed URLs', () => {
  it('saves a file and downloads it through its signed URL, without a token', async () => {
    const saved = await save({ text: 'hola mundo' });
    expect(saved.sha256).toBe(createHash('sha256').update('hola mundo').digest('hex'));
    const [row] = await t.sql<{ complex_id: string; original_name: string; size: string; personal: boolean }>(
      'select * from files where id = ?',
      [saved.id],
    );
    expect(row).toMatchObject({ complex_id: alamos, original_name: 'Informe año.txt', personal: false });
    expect(storedObjects().some((p) => p.endsWith(saved.id))).toBe(true);

    const res = await urlOf(saved.id);
    expect(res.statusCode, res.body).toBe(200);
    const { url, expiresAt } = res.json();
    expect(url).toMatch(new RegExp(`^/api/files/${saved.id}\\?exp=\\d+&u=[0-9a-f-]{36}&sig=[\\w-]+$`));
    expect(new Date(expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(300_000);

    const file = await t.app.inject({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe('hola mundo');
    expect(file.headers['content-type']).toMatch(/^text\/plain/);
    expect(file.headers['content-length']).toBe('10');
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="Informe ano.txt"; filename*=UTF-8''Informe%20a%C3%B1o.txt`,
    );
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    const maxAge = Number(/^private, max-age=(\d+)$/.exec(String(file.headers['cache-control']))?.[1]);
    expect(maxAge).toBeGreaterThan(0);
    expect(maxAge).toBeLessThanOrEqual(300);

    // An image is shown inline.
    const png = await save({ text: 'png-bytes', filename: 'foto.png', contentType: 'image/png' });
    const img = await t.app.inject({ method: 'GET', url: (await urlOf(png.id)).json().url });
    expect(img.headers['content-disposition']).toMatch(/^inline; /);
    // A content type that is not a plain type/subtype is stored as opaque bytes, downloaded as an attachment.
    const odd = await save({ text: '<script>1</script>', filename: 'x.html', contentType: 'text/html\r\nX-Evil: 1' });
    const oddFile = await t.app.inject({ method: 'GET', url: (await urlOf(odd.id)).json().url });
    expect(oddFile.headers['content-type']).toBe('application/octet-stream');
    expect(oddFile.headers['x-evil']).toBeUndefined();
    expect(oddFile.headers['content-disposition']).toMatch(/^attachment; /);
  });

  it('refuses an expired URL and any tampered part of one', async () => {
    const saved = await save({ text: 'secreto' });
    const { url } = (await urlOf(saved.id)).json();
    const u = new URL(url, 'http://x');
    const userId = u.searchParams.get('u')!;
    // A correctly signed URL whose time is over.
    const past = Math.floor(Date.now() / 1000) - 1;
    const expired = await t.app.inject({
      method: 'GET',
      url: `/api/files/${saved.id}?exp=${past}&u=${userId}&sig=${t.app.files.sign(saved.id, alamos, userId, past)}`,
    });
    expect(expired.statusCode).toBe(403);
    expect(expired.json()).toEqual({ code: 'LINK_EXPIRED', message: 'El enlace expiró, vuelve a abrir el archivo.' });

    const sig = u.searchParams.get('sig')!;
    const tampered = [
      url.replace(`sig=${sig}`, `sig=${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`),
      url.replace(/exp=(\d+)/, (_m: string, e: string) => `exp=${Number(e) + 3600}`),
      url.replace(
        `u=${userId}`,
        `u=${(await t.sql<{ id: string }>("select id from users where email = 'superadmin@demo.test'"))[0].id}`,
      ),
      url.replace(/&sig=.*/, ''),
      url.replace(`sig=${sig}`, 'sig=x'),
    ];
    for (const bad of tampered) {
      const res = await t.app.inject({ method: 'GET', url: bad });
      expect(res.statusCode, bad).toBe(403);
      expect(res.json().message).toBe('El enlace no es válido.');
    }
    // Another file's id under this signature.
    const other = await save({ text: 'otro' });
    expect((await t.app.inject({ method: 'GET', url: url.replace(saved.id, other.id) })).statusCode).toBe(403);
    // Unknown or malformed ids.
    expect(
      (await t.app.inject({ method: 'GET', url: url.replace(saved.id, '0190f0f0-0000-7000-8000-000000000000') })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/files/..%2F..%2Fjwt-secret?exp=1&u=x&sig=y' })).statusCode).toBe(404);
  });

  it('ends a signed link when its user loses the complex (unlinked, or the complex disabled), while staff links live', async () => {
    const saved = await save({ text: 'solo para el conjunto' });
    const { url } = (await urlOf(saved.id)).json();
    const superadmin = await t.login('superadmin@demo.test');
    const staffUrl = (await urlOf(saved.id, alamos, superadmin)).json().url;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    const [{ id: adminId }] = await t.sql<{ id: string }>("select id from users where email = 'admin@demo.test'");
    await t.sql('delete from user_complexes where user_id = ? and complex_id = ?', [adminId, alamos]);
    try {
      const removed = await t.app.inject({ method: 'GET', url });
      expect(removed.statusCode).toBe(404);
      expect(removed.json().code).toBe('NOT_FOUND');
    } finally {
      await t.sql('insert into user_complexes (user_id, complex_id) values (?, ?)', [adminId, alamos]);
    }
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    await t.sql('update complexes set is_active = false where id = ?', [alamos]);
    try {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
      // Platform staff keep access to a disabled complex, as in tenancy.
      expect((await t.app.inject({ method: 'GET', url: staffUrl })).statusCode).toBe(200);
    } finally {
      await t.sql('update complexes set is_active = true where id = ?', [alamos]);
    }
  });

  it("answers 404 for another complex's file and 403 to roles that may not ask", async () => {
    const saved = await save({ text: 'de Los Álamos' });
    // The same administrator through El Bosque, and La Colina's administrator through their own complex.
    const viaBosque = await urlOf(saved.id, bosque);
    expect(viaBosque.statusCode).toBe(404);
    expect(viaBosque.json().message).toBe('No se encontró el registro.');
    expect((await urlOf(saved.id, await t.complexId('colina'), await t.login('admin2@demo.test'))).statusCode).toBe(404);
    expect((await urlOf(saved.id, alamos, await t.login('admin2@demo.test'))).statusCode).toBe(404);
    expect((await urlOf(saved.id, alamos, await t.login('guardia@demo.test'))).statusCode).toBe(403);
    expect((await urlOf(saved.id, alamos, await t.login('superadmin@demo.test'))).statusCode).toBe(200);
    // Plugins get the same scoping from host.files.signedUrl and remove.
    const viaPlugin = await t.app.inject({
      method: 'GET',
      url: `/api/complexes/${bosque}/filetest/${saved.id}/url`,
      headers: admin,
    });
    expect(viaPlugin.statusCode).toBe(404);
    const removeElsewhere = await t.app.inject({
      method: 'DELETE',
      url: `/api/complexes/${bosque}/filetest/${saved.id}`,
      headers: admin,
    });
    expect(removeElsewhere.statusCode).toBe(404);
    expect(storedObjects().some((p) => p.endsWith(saved.id))).toBe(true);
  });

  it('audits the reads of a personal file, one entry per file, user and day with their count, and not of others', async () => {
    const face = await save({
      text: 'face-bytes',
      personal: true,
      filename: 'rostro.jpg',
      contentType: 'image/jpeg',
      label: 'Juan Pérez',
    });
    const doc = await save({ text: 'doc-bytes' });
    const reads = (id: string) =>
      t.sql<{ user_id: string; user_name: string; complex_id: string; count: number; description: string; day: string }>(
        "select * from audit_logs where resource = 'files' and action = 'read' and record_id = ? order by day, user_name",
        [id],
      );
    const download = async (id: string, headers = admin) => {
      const res = await t.app.inject({ method: 'GET', url: (await urlOf(id, alamos, headers)).json().url });
      expect(res.statusCode).toBe(200);
    };
    // Three thumbnails of the same photo by the same user on the same day: one entry that counts 3.
    for (const id of [face.id, face.id, doc.id, face.id]) await download(id);
    const [adminRow] = await t.sql<{ id: string }>("select id from users where email = 'admin@demo.test'");
    let faceReads = await reads(face.id);
    expect(faceReads).toHaveLength(1);
    expect(faceReads[0]).toMatchObject({
      user_id: adminRow.id,
      user_name: 'Andrea Administradora',
      complex_id: alamos,
      count: 3,
      description: 'Juan Pérez',
    });
    expect(await reads(doc.id)).toHaveLength(0);
    // The entry keeps the first read and moves `at` to the last one.
    const [times] = await t.sql<{ later: boolean }>(
      "select at > first_at as later from audit_logs where resource = 'files' and action = 'read' and record_id = ?",
      [face.id],
    );
    expect(times.later).toBe(true);
    // Another user: an entry of their own.
    await download(face.id, await t.login('superadmin@demo.test'));
    faceReads = await reads(face.id);
    expect(faceReads.map((r) => r.count)).toEqual([3, 1]);
    // Another day (yesterday's entry of the same user): a new entry today.
    await t.sql(
      "update audit_logs set day = day - 1, at = at - interval '1 day', first_at = first_at - interval '1 day' where record_id = ? and user_id = ?",
      [face.id, adminRow.id],
    );
    await download(face.id);
    faceReads = await reads(face.id);
    expect(faceReads.map((r) => [r.user_name, r.count])).toEqual([
      ['Andrea Administradora', 3],
      ['Andrea Administradora', 1],
      ['Sofía Plataforma', 1],
    ]);
    // A refused link reads nothing and audits nothing.
    await t.app.inject({ method: 'GET', url: `/api/files/${face.id}?exp=9999999999&u=${adminRow.id}&sig=nope` });
    expect((await reads(face.id)).reduce((n, r) => n + r.count, 0)).toBe(5);
  });

  it('leaves no bytes on disk when the saving transaction rolls back; remove deletes them after commit', async () => {
    const before = storedObjects();
    const rows = await t.sql<{ n: number }>('select count(*)::int as n from files');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/complexes/${alamos}/filetest/save`,
      headers: admin,
      payload: { text: 'x', rollback: true },
    });
    expect(res.statusCode).toBe(500);
    expect(storedObjects()).toEqual(before);
    expect(await t.sql<{ n: number }>('select count(*)::int as n from files')).toEqual(rows);

    const saved = await save({ text: 'para borrar' });
    const { url } = (await urlOf(saved.id)).json();
    const del = await t.app.inject({ method: 'DELETE', url: `/api/complexes/${alamos}/filetest/${saved.id}`, headers: admin });
    expect(del.statusCode).toBe(200);
    expect(storedObjects().some((p) => p.endsWith(saved.id))).toBe(false);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });
});

describe('uploads', () => {
  it('reads files and fields within the route limits and stores them', async () => {
    const res = await upload(
      multipart([
        { name: 'note', content: 'hola' },
        { name: 'file', filename: 'a.txt', content: 'uno' },
        { name: 'file', filename: 'b.png', type: 'image/png', content: PNG_BYTES },
      ]),
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.fields).toEqual({ note: 'hola' });
    expect(body.files.map((f: { name: string; size: number }) => [f.name, f.size])).toEqual([
      ['a.txt', 3],
      ['b.png', 1024],
    ]);
    const file = await t.app.inject({ method: 'GET', url: (await urlOf(body.files[1].id)).json().url });
    expect(file.rawPayload).toEqual(PNG_BYTES);
    expect(temporaries()).toEqual([]);
  });

  it('refuses too big files (413), too many files, disallowed types and a flood of parts (400)', async () => {
    const big = await upload(multipart([{ name: 'file', filename: 'a.txt', content: Buffer.alloc(1025, 1) }]));
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ code: 'TOO_LARGE', message: 'El archivo es demasiado pesado.' });

    const many = await upload(multipart(['a', 'b', 'c'].map((n) => ({ name: 'file', filename: `${n}.txt`, content: n }))));
    expect(many.statusCode).toBe(400);
    expect(many.json()).toMatchObject({ code: 'TOO_MANY_FILES', message: 'Se enviaron demasiados archivos.' });

    const type = await upload(multipart([{ name: 'file', filename: 'a.exe', type: 'application/x-msdownload', content: 'MZ' }]));
    expect(type.statusCode).toBe(400);
    expect(type.json().message).toBe('Tipo de archivo no permitido.');

    // An allowed type whose bytes are of another: a page named 'disguised.png' and sent as image/png.
    const disguised = await upload(
      multipart([{ name: 'file', filename: 'disguised.png', type: 'image/png', content: '<script>alert(1)</script>' }]),
    );
    expect(disguised.statusCode).toBe(400);
    expect(disguised.json()).toMatchObject({ code: 'FILE_TYPE', errors: { file: 'Tipo de archivo no permitido.' } });

    const fields = await upload(multipart(Array.from({ length: 11 }, (_, i) => ({ name: `f${i}`, content: 'x' }))));
    expect(fields.statusCode).toBe(400);

    const started = Date.now();
    const flood = await upload(
      Buffer.from(
        `${Array.from({ length: 10_000 }, (_, i) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="x${i}"\r\n\r\n\r\n`).join('')}--${BOUNDARY}--\r\n`,
      ),
    );
    expect(flood.statusCode).toBe(400);
    expect(flood.json().code).toMatch(/^TOO_MANY_(PARTS|FIELDS)$/);
    expect(Date.now() - started).toBeLessThan(2000);

    const notMultipart = await t.app.inject({
      method: 'POST',
      url: `/api/complexes/${alamos}/filetest/upload`,
      headers: admin,
      payload: { a: 1 },
    });
    expect(notMultipart.statusCode).toBe(400);
    expect(notMultipart.json().message).toBe('Se esperaba un formulario con archivos.');
    expect(temporaries()).toEqual([]);
    expect(await t.sql('select id from files where original_name in (?, ?)', ['a.exe', 'disguised.png'])).toEqual([]);
  });

  it('removes the temporary file of an upload the client abandons midway', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const socket = connect(Number(port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`;
    socket.write(
      `POST /api/complexes/${alamos}/filetest/upload-big HTTP/1.1\r\nHost: localhost\r\nAuthorization: ${admin.authorization}\r\n` +
        `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${10 * 1024 * 1024}\r\n\r\n${head}`,
    );
    socket.write(Buffer.alloc(256 * 1024, 7));
    const until = async (check: () => boolean) => {
      for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 50));
      return check();
    };
    expect(await until(() => temporaries().some((n) => n.startsWith('upload-')))).toBe(true);
    socket.destroy();
    expect(await until(() => temporaries().length === 0)).toBe(true);
  });
});
