// HTTP Digest access authentication, the client's half (RFC 7616, as IP cameras speak it: Hikvision, Dahua,
// ONVIF snapshot URLs): read the camera's challenge, answer it. MD5 and SHA-256, their -sess variants, qop=auth.
import { createHash, randomBytes } from 'node:crypto';

export interface DigestChallenge {
  realm: string;
  nonce: string;
  qop?: string;
  algorithm: string;
  opaque?: string;
}

const HASHES: Record<string, 'md5' | 'sha256'> = { MD5: 'md5', 'MD5-SESS': 'md5', 'SHA-256': 'sha256', 'SHA-256-SESS': 'sha256' };

/** The Digest challenge of a WWW-Authenticate value ('Digest realm="x", nonce="y", qop="auth"'), if it is one. */
export function parseDigestChallenge(header: string): DigestChallenge | undefined {
  const match = /^\s*Digest\s+(.*)$/is.exec(header);
  if (!match) return undefined;
  const params: Record<string, string> = {};
  for (const [, key, quoted, bare] of match[1].matchAll(/([\w-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s,]*))/g))
    params[key.toLowerCase()] = quoted !== undefined ? quoted.replace(/\\(.)/g, '$1') : bare;
  const algorithm = (params.algorithm ?? 'MD5').toUpperCase();
  if (!params.realm || !params.nonce || !HASHES[algorithm]) return undefined;
  // qop may offer several ('auth,auth-int'): only 'auth' is answered (no body to hash on a GET).
  const qops = params.qop?.split(',').map((q) => q.trim().toLowerCase());
  if (qops && !qops.includes('auth')) return undefined;
  return { realm: params.realm, nonce: params.nonce, qop: qops ? 'auth' : undefined, algorithm, opaque: params.opaque };
}

const quote = (value: string) => `"${value.replace(/["\\]/g, '\\$&')}"`;

/** The Authorization value answering `challenge` for one request (its own client nonce, nonce count 1). */
export function digestAuthorization(
  challenge: DigestChallenge,
  request: { username: string; password: string; method: string; uri: string },
  cnonce = randomBytes(16).toString('hex'),
): string {
  const hash = (text: string) => createHash(HASHES[challenge.algorithm]).update(text).digest('hex');
  const nc = '00000001';
  let ha1 = hash(`${request.username}:${challenge.realm}:${request.password}`);
  if (challenge.algorithm.endsWith('-SESS')) ha1 = hash(`${ha1}:${challenge.nonce}:${cnonce}`);
  const ha2 = hash(`${request.method}:${request.uri}`);
  const response = challenge.qop
    ? hash(`${ha1}:${challenge.nonce}:${nc}:${cnonce}:${challenge.qop}:${ha2}`)
    : hash(`${ha1}:${challenge.nonce}:${ha2}`);
  const parts = [
    `username=${quote(request.username)}`,
    `realm=${quote(challenge.realm)}`,
    `nonce=${quote(challenge.nonce)}`,
    `uri=${quote(request.uri)}`,
    `algorithm=${challenge.algorithm}`,
    `response=${quote(response)}`,
  ];
  if (challenge.qop) parts.push(`qop=${challenge.qop}`, `nc=${nc}`, `cnonce=${quote(cnonce)}`);
  if (challenge.opaque !== undefined) parts.push(`opaque=${quote(challenge.opaque)}`);
  return `Digest ${parts.join(', ')}`;
}
