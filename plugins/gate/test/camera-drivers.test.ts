// The camera drivers against real HTTP servers on this machine (issue 13): a camera that speaks Digest (MD5 and
// SHA-256, qop=auth, checked here by the server's own computation) or Basic, one that hangs, one that sends too
// much or no picture, and the addresses a camera URL may not reach. And the demo's simulated camera.
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CameraError } from '../server/cameras/driver.ts';
import { httpSnapshot } from '../server/cameras/http-snapshot.ts';
import { simulatedSnapshot } from '../server/cameras/simulator.ts';

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(2000), Buffer.from([0xff, 0xd9])]);
const USER = 'admin';
const PASSWORD = 'Cámara#2026';
const REALM = 'IP Camera(C1234)';

/** The server's side of Digest: the response it expects for these parameters. */
function expected(params: Record<string, string>, algorithm: 'MD5' | 'SHA-256', nonce: string, password = PASSWORD) {
  const hash = (text: string) =>
    createHash(algorithm === 'MD5' ? 'md5' : 'sha256')
      .update(text)
      .digest('hex');
  const ha1 = hash(`${USER}:${REALM}:${password}`);
  const ha2 = hash(`GET:${params.uri}`);
  return hash(`${ha1}:${nonce}:${params.nc}:${params.cnonce}:${params.qop}:${ha2}`);
}

const parseAuthorization = (header: string) =>
  Object.fromEntries(
    [...header.replace(/^Digest\s+/, '').matchAll(/(\w+)=(?:"([^"]*)"|([^\s,]+))/g)].map((m) => [m[1], m[2] ?? m[3]]),
  );

let server: http.Server;
let base: string;
const seen: string[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://camera');
    const auth = req.headers.authorization ?? '';
    seen.push(`${url.pathname} ${auth.split(' ')[0] || '-'}`);
    const picture = () => {
      res.writeHead(200, { 'content-type': 'image/jpeg' });
      res.end(JPEG);
    };
    if (url.pathname.startsWith('/digest/')) {
      const algorithm = url.pathname.includes('sha256') ? 'SHA-256' : 'MD5';
      const nonce = 'b1f2c3d4e5';
      if (auth.startsWith('Digest ')) {
        const params = parseAuthorization(auth);
        const ok =
          params.username === USER &&
          params.realm === REALM &&
          params.nonce === nonce &&
          params.uri === `${url.pathname}${url.search}` &&
          params.opaque === 'op4que' &&
          params.response === expected(params, algorithm, nonce);
        if (ok) return picture();
      }
      // Hikvision answers both; the driver must take the Digest one.
      res.writeHead(401, [
        ['WWW-Authenticate', `Basic realm="${REALM}"`],
        ['WWW-Authenticate', `Digest realm="${REALM}", qop="auth", nonce="${nonce}", opaque="op4que", algorithm=${algorithm}`],
      ] as never);
      return res.end();
    }
    if (url.pathname === '/basic') {
      if (auth === `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`) return picture();
      res.writeHead(401, { 'WWW-Authenticate': `Basic realm="${REALM}"` });
      return res.end();
    }
    if (url.pathname === '/hang') return; // never answers
    if (url.pathname === '/huge') {
      res.writeHead(200, { 'content-type': 'image/jpeg' });
      return res.end(Buffer.alloc(64 * 1024));
    }
    if (url.pathname === '/page') {
      res.writeHead(200, { 'content-type': 'text/html' });
      return res.end('<html>login</html>');
    }
    res.writeHead(404);
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const local = { allowLoopback: true };

describe('the HTTP snapshot driver', () => {
  it('answers a Digest challenge (MD5 and SHA-256, qop=auth) and returns the JPEG', async () => {
    for (const path of ['/digest/md5?channel=1', '/digest/sha256']) {
      const shot = await httpSnapshot({ url: `${base}${path}`, username: USER, password: PASSWORD }, local);
      expect(shot.contentType).toBe('image/jpeg');
      expect(shot.bytes.equals(JPEG)).toBe(true);
    }
    expect(seen.filter((s) => s.startsWith('/digest/'))).toEqual([
      '/digest/md5 -',
      '/digest/md5 Digest',
      '/digest/sha256 -',
      '/digest/sha256 Digest',
    ]);
  });

  it('answers a Basic challenge, and fails on a wrong password', async () => {
    const shot = await httpSnapshot({ url: `${base}/basic`, username: USER, password: PASSWORD }, local);
    expect(shot.bytes.equals(JPEG)).toBe(true);
    await expect(httpSnapshot({ url: `${base}/basic`, username: USER, password: 'otra' }, local)).rejects.toThrow(CameraError);
    await expect(httpSnapshot({ url: `${base}/digest/md5`, username: USER, password: 'otra' }, local)).rejects.toThrow(
      'status 401',
    );
    await expect(httpSnapshot({ url: `${base}/basic` }, local)).rejects.toThrow('status 401');
  });

  it('gives up on a camera that does not answer within the timeout', async () => {
    const started = Date.now();
    await expect(httpSnapshot({ url: `${base}/hang` }, { ...local, timeoutMs: 300 })).rejects.toThrow(CameraError);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('refuses a picture over the size cap, and an answer that is no picture', async () => {
    await expect(httpSnapshot({ url: `${base}/huge` }, { ...local, maxBytes: 10_000 })).rejects.toThrow('too large');
    await expect(httpSnapshot({ url: `${base}/page` }, local)).rejects.toThrow('not an image');
    await expect(httpSnapshot({ url: `${base}/nothing` }, local)).rejects.toThrow('status 404');
  });

  it('reaches no address of this machine, the metadata service or (unless allowed) a private network', async () => {
    for (const url of [
      `${base}/basic`,
      'http://localhost:9/x.jpg',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::1]/x.jpg',
      'http://[::ffff:127.0.0.1]/x.jpg',
      'http://0.0.0.0/x.jpg',
      'http://10.1.2.3/x.jpg',
      'http://192.168.1.64/ISAPI/Streaming/channels/101/picture',
    ])
      await expect(httpSnapshot({ url }, { timeoutMs: 500 }), url).rejects.toThrow('address');
    for (const url of ['ftp://camera/x.jpg', 'http://admin:clave@camera.example/x.jpg', 'no es una url', 'file:///etc/passwd'])
      await expect(httpSnapshot({ url }), url).rejects.toThrow('url');
  });
});

describe('the simulated camera', () => {
  it('draws the post, the camera and the time in Guayaquil, a new frame each second', () => {
    const at = new Date('2026-11-27T14:05:09Z');
    const frame = simulatedSnapshot({ post: 'Garita Norte', name: 'Entrada <vehicular>' }, at);
    const svg = frame.bytes.toString();
    expect(frame.contentType).toBe('image/svg+xml');
    expect(svg).toContain('Garita Norte · Entrada &lt;vehicular&gt;');
    expect(svg).toContain('27/11/2026, 09:05:09');
    const next = simulatedSnapshot({ post: 'Garita Norte', name: 'Entrada <vehicular>' }, new Date(at.getTime() + 1000));
    expect(next.bytes.equals(frame.bytes)).toBe(false);
  });
});
