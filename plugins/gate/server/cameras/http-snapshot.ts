// The HTTP snapshot driver: a camera's JPEG snapshot URL (ONVIF's GetSnapshotUri, Hikvision's
// /ISAPI/Streaming/channels/101/picture, Dahua's /cgi-bin/snapshot.cgi) behind Basic or Digest credentials.
// One GET, answered again with the credentials when the camera challenges it; the whole within the timeout
// (spec: 3 s), the image capped in bytes. The address is checked where the connection is made (the lookup), so a
// name cannot resolve to this server, the cloud's metadata service or, unless the platform allows it, a private
// network.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';
import { digestAuthorization, parseDigestChallenge } from './digest.ts';
import { CameraError, type CameraSnapshot } from './driver.ts';

export interface HttpCamera {
  url: string;
  username?: string | null;
  password?: string | null;
}

export interface SnapshotOptions {
  /** The whole exchange, challenge included. */
  timeoutMs?: number;
  maxBytes?: number;
  /** Private networks (10/8, 172.16/12, 192.168/16, fc00::/7): a platform installed on the complex's own network. */
  allowPrivate?: boolean;
  /** This machine (127/8, ::1): tests only. */
  allowLoopback?: boolean;
}

export const SNAPSHOT_TIMEOUT_MS = 3000;
export const SNAPSHOT_MAX_BYTES = 5 * 1024 * 1024;

const NEVER = new BlockList();
for (const [net, bits, family] of [
  ['0.0.0.0', 8, 'ipv4'],
  ['169.254.0.0', 16, 'ipv4'], // link-local: the cloud's metadata service
  ['100.64.0.0', 10, 'ipv4'],
  ['224.0.0.0', 3, 'ipv4'], // multicast and reserved
  ['::', 128, 'ipv6'],
  ['fe80::', 10, 'ipv6'],
  ['ff00::', 8, 'ipv6'],
] as const)
  NEVER.addSubnet(net, bits, family);
const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');
const PRIVATE = new BlockList();
for (const [net, bits, family] of [
  ['10.0.0.0', 8, 'ipv4'],
  ['172.16.0.0', 12, 'ipv4'],
  ['192.168.0.0', 16, 'ipv4'],
  ['fc00::', 7, 'ipv6'],
] as const)
  PRIVATE.addSubnet(net, bits, family);

function refused(address: string, options: SnapshotOptions): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const ip = mapped ?? address;
  const family = isIP(ip) === 6 ? 'ipv6' : 'ipv4';
  if (NEVER.check(ip, family)) return true;
  if (LOOPBACK.check(ip, family)) return !options.allowLoopback;
  if (PRIVATE.check(ip, family)) return !options.allowPrivate;
  return false;
}

type LookupCallback = (error: Error | null, address: string | LookupAddress[], family?: number) => void;

/** dns.lookup that refuses the addresses above (checked on what the socket will connect to: no rebinding window). */
const guardedLookup =
  (options: SnapshotOptions) =>
  (hostname: string, lookupOptions: { all?: boolean }, callback: LookupCallback): void => {
    dnsLookup(hostname, { ...lookupOptions, all: true }, (error, addresses) => {
      if (error) return callback(error, '');
      const list = addresses as LookupAddress[];
      if (!list.length || list.some((a) => refused(a.address, options))) return callback(new CameraError('address'), '');
      if (lookupOptions.all) callback(null, list);
      else callback(null, list[0].address, list[0].family);
    });
  };

interface Answer {
  status: number;
  headers: IncomingMessage['headers'];
  challenges: string[];
  body: Buffer;
}

function get(url: URL, authorization: string | undefined, options: SnapshotOptions, signal: AbortSignal): Promise<Answer> {
  const maxBytes = options.maxBytes ?? SNAPSHOT_MAX_BYTES;
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.get(
      url,
      {
        headers: { accept: 'image/jpeg, image/*', ...(authorization ? { authorization } : {}) },
        lookup: guardedLookup(options) as never,
        signal,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            request.destroy(new CameraError('too large'));
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () => {
          const challenges: string[] = [];
          for (let i = 0; i < response.rawHeaders.length; i += 2)
            if (response.rawHeaders[i].toLowerCase() === 'www-authenticate') challenges.push(response.rawHeaders[i + 1]);
          resolve({ status: response.statusCode ?? 0, headers: response.headers, challenges, body: Buffer.concat(chunks) });
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
  });
}

/** The camera's current picture; CameraError when it cannot be had (the screen says 'Error al obtener las imágenes'). */
export async function httpSnapshot(camera: HttpCamera, options: SnapshotOptions = {}): Promise<CameraSnapshot> {
  let url: URL;
  try {
    url = new URL(camera.url);
  } catch {
    throw new CameraError('url');
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) throw new CameraError('url');
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(literal) && refused(literal, options)) throw new CameraError('address');
  const signal = AbortSignal.timeout(options.timeoutMs ?? SNAPSHOT_TIMEOUT_MS);
  try {
    let answer = await get(url, undefined, options, signal);
    if (answer.status === 401 && camera.username) {
      const username = camera.username;
      const password = camera.password ?? '';
      const challenge = answer.challenges.map(parseDigestChallenge).find((c) => c !== undefined);
      const authorization = challenge
        ? digestAuthorization(challenge, { username, password, method: 'GET', uri: `${url.pathname}${url.search}` })
        : answer.challenges.some((c) => /^\s*Basic\b/i.test(c))
          ? `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`
          : undefined;
      if (authorization) answer = await get(url, authorization, options, signal);
    }
    const type = String(answer.headers['content-type'] ?? '')
      .split(';')[0]
      .trim()
      .toLowerCase();
    if (answer.status !== 200) throw new CameraError(`status ${answer.status}`);
    if (!/^image\/(jpeg|png|webp)$/.test(type) || answer.body.length === 0) throw new CameraError(`not an image: ${type}`);
    return { contentType: type, bytes: answer.body, takenAt: new Date() };
  } catch (error) {
    throw error instanceof CameraError ? error : new CameraError(error instanceof Error ? error.message : String(error));
  }
}
