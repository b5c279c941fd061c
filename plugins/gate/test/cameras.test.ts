// The guard posts' cameras (issue 13) against the real server and a camera on this machine that speaks Digest:
// credentials sealed at rest and never answered, every camera of a post read at once (one failing does not fail the
// others), the spec's query-string paths behind the same tenancy, and entries that keep the post's pictures.
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startTestServer, type TestServer } from '@conjunto/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAMERA_MESSAGES } from '../cameras.ts';
import gate from '../server/index.ts';

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(1500), Buffer.from([0xff, 0xd9])]);
const USER = 'admin';
const PASSWORD = 'Clave#Cámara-2026';
const REALM = 'IP Camera';
const NONCE = 'n0nce123';

let camera: http.Server;
let cameraUrl: string;
let t: TestServer;
let alamos: string;
let bosque: string;
let admin: { authorization: string };
let guard: { authorization: string };
let post: { id: string; name: string };

/** A Digest camera (MD5, qop=auth): the picture only for the right password. */
function digestOk(header: string, uri: string): boolean {
  const p = Object.fromEntries(
    [...header.replace(/^Digest\s+/, '').matchAll(/(\w+)=(?:"([^"]*)"|([^\s,]+))/g)].map((m) => [m[1], m[2] ?? m[3]]),
  );
  const md5 = (s: string) => createHash('md5').update(s).digest('hex');
  const ha1 = md5(`${USER}:${REALM}:${PASSWORD}`);
  const expected = md5(`${ha1}:${NONCE}:${p.nc}:${p.cnonce}:${p.qop}:${md5(`GET:${uri}`)}`);
  return p.username === USER && p.uri === uri && p.response === expected;
}

beforeAll(async () => {
  camera = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://camera');
    if (url.pathname === '/snapshot.jpg') {
      if (digestOk(req.headers.authorization ?? '', `${url.pathname}${url.search}`)) {
        res.writeHead(200, { 'content-type': 'image/jpeg' });
        return res.end(JPEG);
      }
      res.writeHead(401, { 'WWW-Authenticate': `Digest realm="${REALM}", qop="auth", nonce="${NONCE}", algorithm=MD5` });
      return res.end();
    }
    // A camera that never answers: the driver gives up after its 3 s.
    if (url.pathname === '/hang.jpg') return;
    res.writeHead(500);
    res.end('broken');
  });
  await new Promise<void>((resolve) => camera.listen(0, '127.0.0.1', resolve));
  cameraUrl = `http://127.0.0.1:${(camera.address() as AddressInfo).port}`;
  // The camera is on this machine: tests only (camera-capture.ts).
  process.env.GATE_CAMERAS_LOOPBACK = 'true';
  t = await startTestServer({ plugins: [gate] });
  alamos = await t.complexId('alamos');
  bosque = await t.complexId('bosque');
  admin = await t.login('admin@demo.test');
  guard = await t.login('guardia@demo.test');
  const res = await call('POST', `${base()}/gate-posts`, admin, { name: `Garita cámaras ${Date.now()}` });
  expect(res.statusCode, res.body).toBe(201);
  post = res.json();
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => camera?.close(resolve));
});

const base = (complexId = alamos) => `/api/complexes/${complexId}`;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: object, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: headers as Record<string, string>,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
let serial = 0;
const idNumber = () => `CAM${Date.now() % 1_000_000}${serial++}`;

describe('cameras of a guard post', () => {
  let good: { id: string };
  let broken: { id: string };

  it('seals the password at rest and never answers it', async () => {
    const res = await call('POST', `${base()}/gate-cameras`, admin, {
      postId: post.id,
      name: 'Entrada',
      driver: 'http-snapshot',
      url: `${cameraUrl}/snapshot.jpg`,
      username: USER,
      password: PASSWORD,
    });
    expect(res.statusCode, res.body).toBe(201);
    good = res.json();
    expect(res.json()).toMatchObject({ name: 'Entrada', hasPassword: true, username: USER, postName: post.name });
    expect(res.body).not.toContain(PASSWORD);
    expect(res.json()).not.toHaveProperty('password');
    const [raw] = await t.sql<Record<string, string>>('select * from gate_cameras where id = ?', [good.id]);
    expect(raw.password_sealed).toMatch(/^v1\.[0-9a-f]{16}\./);
    expect(JSON.stringify(raw)).not.toContain(PASSWORD);
    for (const url of [
      `${base()}/gate-cameras/${good.id}`,
      `${base()}/gate-cameras?filter=${encodeURIComponent(JSON.stringify({ postId: post.id }))}`,
    ]) {
      const read = await call('GET', url, admin);
      expect(read.statusCode, read.body).toBe(200);
      expect(read.body).not.toContain(PASSWORD);
      expect(read.body).not.toContain(raw.password_sealed);
    }
    // Nor in the audit log.
    const audit = await t.sql<{ changes: unknown }>('select changes from audit_logs where record_id = ?', [good.id]);
    expect(JSON.stringify(audit)).not.toContain(PASSWORD);
    const broke = await call('POST', `${base()}/gate-cameras`, admin, {
      postId: post.id,
      name: 'Rota',
      driver: 'http-snapshot',
      url: `${cameraUrl}/broken.jpg`,
    });
    expect(broke.statusCode, broke.body).toBe(201);
    broken = broke.json();
    expect(broke.json().hasPassword).toBe(false);
  });

  it('keeps the password on an edit without it, and removes it with null', async () => {
    const kept = await call('PUT', `${base()}/gate-cameras/${good.id}`, admin, { name: 'Entrada vehicular' });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ name: 'Entrada vehicular', hasPassword: true });
    const tmp = await call('POST', `${base()}/gate-cameras`, admin, {
      postId: post.id,
      name: 'Temporal',
      driver: 'http-snapshot',
      url: `${cameraUrl}/x.jpg`,
      password: 'x',
    });
    // Same host, another path: kept. Another host: the password does not follow the camera there.
    const samePlace = await call('PUT', `${base()}/gate-cameras/${tmp.json().id}`, admin, { url: `${cameraUrl}/y.jpg` });
    expect(samePlace.json().hasPassword).toBe(true);
    const moved = await call('PUT', `${base()}/gate-cameras/${tmp.json().id}`, admin, { url: 'http://203.0.113.9/x.jpg' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().hasPassword).toBe(false);
    const [row] = await t.sql<{ password_sealed: unknown }>('select password_sealed from gate_cameras where id = ?', [
      tmp.json().id,
    ]);
    expect(row.password_sealed).toBeNull();
    await call('PUT', `${base()}/gate-cameras/${tmp.json().id}`, admin, { url: `${cameraUrl}/x.jpg`, password: 'x' });
    const removed = await call('PUT', `${base()}/gate-cameras/${tmp.json().id}`, admin, { password: null });
    expect(removed.json().hasPassword).toBe(false);
    expect((await call('DELETE', `${base()}/gate-cameras/${tmp.json().id}`, admin)).statusCode).toBe(200);
  });

  it('refuses bad input with 400 and guards with 403', async () => {
    const valid = { postId: post.id, name: 'Otra', driver: 'http-snapshot', url: `${cameraUrl}/a.jpg` };
    for (const body of [
      { ...valid, url: 'ftp://camera/a.jpg' },
      { ...valid, url: 'http://user:pw@camera/a.jpg' },
      { ...valid, url: 'javascript:alert(1)' },
      { ...valid, url: undefined },
      { ...valid, name: 'x'.repeat(61) },
      { ...valid, name: '   ' },
      { ...valid, driver: 'rtsp' },
      { ...valid, url: `http://x/${'a'.repeat(600)}` },
      { ...valid, postId: 'nope' },
      { ...valid, name: 'Entrada vehicular\u0000' },
    ]) {
      const res = await call('POST', `${base()}/gate-cameras`, admin, body);
      expect(res.statusCode, `${JSON.stringify(body).slice(0, 80)} ${res.body}`).toBe(400);
    }
    // A post of another complex.
    const [foreign] = await t.sql<{ id: string }>('select id from gate_posts where complex_id = ? limit 1', [bosque]);
    if (foreign)
      expect((await call('POST', `${base()}/gate-cameras`, admin, { ...valid, postId: foreign.id })).statusCode).toBe(400);
    // The same name in the post.
    expect((await call('POST', `${base()}/gate-cameras`, admin, { ...valid, name: 'entrada VEHICULAR' })).statusCode).toBe(409);
    expect((await call('GET', `${base()}/gate-cameras`, guard)).statusCode).toBe(403);
    expect((await call('GET', `${base()}/gate-cameras/${good.id}`, guard)).statusCode).toBe(403);
    expect((await call('POST', `${base()}/gate-cameras`, guard, valid)).statusCode).toBe(403);
  });

  it("reads every camera of the post at once: a picture for the good one, the spec's error for the broken one", async () => {
    const res = await call('GET', `${base()}/gate-cameras/snapshots?postId=${post.id}`, guard);
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().items as { cameraId: string; image: string | null; error: string | null; contentType: string }[];
    expect(items).toHaveLength(2);
    const ok = items.find((i) => i.cameraId === good.id);
    const ko = items.find((i) => i.cameraId === broken.id);
    expect(Buffer.from(ok?.image ?? '', 'base64').equals(JPEG)).toBe(true);
    expect(ok).toMatchObject({ contentType: 'image/jpeg', error: null });
    expect(ko).toMatchObject({ image: null, error: CAMERA_MESSAGES.fetchError });
    // The posts that have cameras (the guard's 'Ver Cámaras').
    const posts = await call('GET', `${base()}/gate-cameras/posts`, guard);
    expect(posts.json().posts).toContainEqual({ postId: post.id, postName: post.name, cameras: 2 });
    // A post of nobody: 400; the seeded simulator cameras answer SVG frames.
    expect(
      (await call('GET', `${base()}/gate-cameras/snapshots?postId=${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}`, guard))
        .statusCode,
    ).toBe(400);
    const all = await call('GET', `${base()}/gate-cameras/snapshots`, guard);
    expect(all.json().items.some((i: { contentType: string }) => i.contentType === 'image/svg+xml')).toBe(true);
  });

  it('a sealed password copied to another camera does not open there', async () => {
    const other = await call('POST', `${base()}/gate-cameras`, admin, {
      postId: post.id,
      name: 'Copia',
      driver: 'http-snapshot',
      url: `${cameraUrl}/snapshot.jpg`,
      username: USER,
    });
    await t.sql(
      'update gate_cameras set password_sealed = (select password_sealed from gate_cameras where id = ?) where id = ?',
      [good.id, other.json().id],
    );
    const res = await call('GET', `${base()}/gate-cameras/snapshots?postId=${post.id}`, guard);
    const copy = res.json().items.find((i: { cameraId: string }) => i.cameraId === other.json().id);
    expect(copy).toMatchObject({ image: null, error: CAMERA_MESSAGES.fetchError });
    await call('DELETE', `${base()}/gate-cameras/${other.json().id}`, admin);
  });
});

describe("the spec's query-string paths (002 §7)", () => {
  it('GET captura_camaras/?id_conjunto=&camaraGarita= answers listaImagenes', async () => {
    const res = await call('GET', `/captura_camaras/?id_conjunto=${alamos}&camaraGarita=${encodeURIComponent(post.name)}`, guard);
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json().listaImagenes as { imagen: string | null; fuente: string }[];
    expect(list.map((i) => i.fuente).sort()).toEqual([`${post.name} · Entrada vehicular`, `${post.name} · Rota`]);
    expect(list.filter((i) => i.imagen)).toHaveLength(1);
    const byId = await call('GET', `/captura_camaras?camaraGarita=${post.id}&id_conjunto=${alamos}`, guard);
    expect(byId.json().listaImagenes).toHaveLength(2);
    expect((await call('GET', `/captura_camaras/?id_conjunto=${alamos}&camaraGarita=Nadie`, guard)).statusCode).toBe(404);
  });

  it('GET api/camaras_bitacora/?id_conjunto= answers count and results[].camara_garita', async () => {
    const res = await call('GET', `/api/camaras_bitacora/?id_conjunto=${alamos}`, guard);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().count).toBe(res.json().results.length);
    expect(res.json().results).toContainEqual(expect.objectContaining({ camara_garita: post.name, nombre: 'Rota' }));
    expect(res.body).not.toContain(cameraUrl);
  });

  it('refuses a complex the user is not linked to, a missing, repeated or malformed id, and no sign-in', async () => {
    for (const path of ['/captura_camaras/', '/api/camaras_bitacora/']) {
      for (const query of [`id_conjunto=${bosque}`, '', 'id_conjunto=nope', `id_conjunto=${alamos}&id_conjunto=${bosque}`]) {
        const res = await call('GET', `${path}?${query}`, guard);
        expect(res.statusCode, `${path}?${query}`).toBe(404);
        expect(res.body).not.toContain('listaImagenes');
      }
      expect((await call('GET', `${path}?id_conjunto=${alamos}`, {})).statusCode).toBe(401);
      // A resident has no cameras.
      const resident = await t.login('residente@demo.test');
      expect([403, 404]).toContain((await call('GET', `${path}?id_conjunto=${alamos}`, resident)).statusCode);
    }
  });
});

describe('entries keep the post pictures', () => {
  it('REST: the 201 and the detail carry the pictures; the failing camera leaves none', async () => {
    const res = await call('POST', `${base()}/gate-entries`, guard, {
      place: 'Administración',
      idNumber: idNumber(),
      firstName: 'Ana',
      lastName: 'Cámara',
      visitType: 'Visita',
      postId: post.id,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().images).toHaveLength(1);
    expect(res.json().images[0].source).toBe(`${post.name} · Entrada vehicular`);
    const rows = await t.sql<{ file_id: string; content_type: string }>(
      'select file_id, content_type from gate_entry_images where entry_id = ?',
      [res.json().id],
    );
    expect(rows).toEqual([expect.objectContaining({ content_type: 'image/jpeg' })]);
    const [file] = await t.sql<{ complex_id: string; personal: boolean }>('select complex_id, personal from files where id = ?', [
      rows[0].file_id,
    ]);
    expect(file).toMatchObject({ complex_id: alamos, personal: true });
    // The picture downloads through its signed URL.
    const picture = await t.app.inject({ method: 'GET', url: res.json().images[0].url });
    expect(picture.statusCode).toBe(200);
    expect(picture.rawPayload.equals(JPEG)).toBe(true);
    const show = await call('GET', `${base()}/gate-entries/${res.json().id}`, guard);
    expect(show.json().images).toHaveLength(1);
    // Deleting the entry deletes its pictures: the visitor's photos do not outlive the record.
    expect((await call('DELETE', `${base()}/gate-entries/${res.json().id}`, admin)).statusCode).toBe(200);
    expect(await t.sql('select id from files where id = ?', [rows[0].file_id])).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: res.json().images[0].url })).statusCode).toBe(404);
  });

  it("CompareFaces: the entry's pictures beside those of now of its post, for whom may register the exit", async () => {
    const entry = (
      await call('POST', `${base()}/gate-entries`, guard, {
        place: 'Administración',
        idNumber: idNumber(),
        firstName: 'Carla',
        lastName: 'Rostro',
        visitType: 'Visita',
        postId: post.id,
      })
    ).json();
    const compare = () => call('GET', `${base()}/gate-entries/${entry.id}/compare`, guard);
    const off = await compare();
    expect(off.statusCode).toBe(404);
    expect(off.json().message).toBe(CAMERA_MESSAGES.compareOff);
    const staff = await t.login('superadmin@demo.test');
    const setCompare = (on: boolean) => call('PUT', `${base()}/modules`, staff, { CompareFaces: on });
    expect((await setCompare(true)).statusCode).toBe(200);
    try {
      const on = await compare();
      expect(on.statusCode, on.body).toBe(200);
      expect(on.json().entered).toHaveLength(1);
      const good = on.json().now.items.filter((i: { image: string | null }) => i.image);
      expect(good).toHaveLength(1);
      expect(Buffer.from(good[0].image, 'base64').equals(JPEG)).toBe(true);
      const resident = await t.login('residente@demo.test');
      expect((await call('GET', `${base()}/gate-entries/${entry.id}/compare`, resident)).statusCode).toBe(403);
    } finally {
      await setCompare(false);
    }
  });

  it('spec path: the 201 record has its image fields', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/bitacora_digital/${alamos}/`,
      headers: { ...guard, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        nombre_persona_ingreso: 'Luis',
        apellido_persona_ingreso: 'Foto',
        cedula_persona_ingreso: idNumber(),
        id_destino: 'Otro',
        casa_destino: 'Club',
        tipo_visita: 'Visita',
        camaraGarita: post.name,
      }).toString(),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().imagen_rostro).toMatch(/^\/api\/|^http/);
    expect(res.json().imagen_placa).toBeNull();
  });

  it('a camera that never answers delays the registration by the driver timeout at most, and leaves no picture', async () => {
    const slow = await call('POST', `${base()}/gate-posts`, admin, { name: `Garita lenta ${Date.now()}` });
    await call('POST', `${base()}/gate-cameras`, admin, {
      postId: slow.json().id,
      name: 'Colgada',
      driver: 'http-snapshot',
      url: `${cameraUrl}/hang.jpg`,
    });
    await call('POST', `${base()}/gate-cameras`, admin, { postId: slow.json().id, name: 'Simulada', driver: 'simulator' });
    const started = Date.now();
    const res = await call('POST', `${base()}/gate-entries`, guard, {
      place: 'Administración',
      idNumber: idNumber(),
      firstName: 'Lenta',
      visitType: 'Visita',
      postId: slow.json().id,
    });
    const elapsed = Date.now() - started;
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().images.map((i: { source: string }) => i.source)).toEqual([`${slow.json().name} · Simulada`]);
    expect(elapsed).toBeGreaterThanOrEqual(2900);
    expect(elapsed).toBeLessThan(6000);
  }, 30_000);

  it('an entry without post or at a post without cameras has no pictures, and is not delayed', async () => {
    const started = Date.now();
    const res = await call('POST', `${base()}/gate-entries`, guard, {
      place: 'Administración',
      idNumber: idNumber(),
      firstName: 'Sin',
      visitType: 'Visita',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().images).toEqual([]);
    expect(Date.now() - started).toBeLessThan(3000);
  });
});
