// Refresh tokens: random, stored as SHA-256, rotated on every use; a reused one revokes its whole family.
import { createHash, randomBytes } from 'node:crypto';
import { ApiError } from '@conjunto/core';
import type { SqlEntityManager as EntityManager } from '@mikro-orm/sql';
import { newId } from '@conjunto/core';
import { AUTH_MESSAGES } from './access.ts';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const expired = () => new ApiError(401, 'REFRESH_INVALID', AUTH_MESSAGES.sessionExpired);

export async function issueRefreshToken(em: EntityManager, userId: string, ttlDays: number, familyId = newId()): Promise<string> {
  const id = newId();
  const secret = randomBytes(32).toString('base64url');
  await em
    .execute(
      'insert into refresh_tokens (id, user_id, family_id, token_hash, expires_at) values (?, ?, ?, ?, ?)',
      [id, userId, familyId, sha256(secret), new Date(Date.now() + ttlDays * 86_400_000)],
    );
  return `${id}.${secret}`;
}

/**
 * Consumes a refresh token and answers its user and family; the caller issues the next one. A replayed
 * token revokes its family and answers `reused` (not an exception, so the revocation commits).
 */
export async function consumeRefreshToken(em: EntityManager, token: string): Promise<{ userId: string; familyId: string; reused: boolean }> {
  const [id, secret] = token.split('.');
  if (!id || !secret || !/^[0-9a-f-]{36}$/.test(id)) throw expired();
  const conn = em;
  const [row] = await conn.execute('select * from refresh_tokens where id = ? for update', [id]);
  if (!row || row.token_hash !== sha256(secret)) throw expired();
  if (row.used_at || row.revoked_at) {
    // Someone replays a spent token: assume theft and end every session of that sign-in.
    await conn.execute('update refresh_tokens set revoked_at = now() where family_id = ? and revoked_at is null', [row.family_id]);
    return { userId: row.user_id, familyId: row.family_id, reused: true };
  }
  if (new Date(row.expires_at) < new Date()) throw expired();
  await conn.execute('update refresh_tokens set used_at = now() where id = ?', [id]);
  return { userId: row.user_id, familyId: row.family_id, reused: false };
}

export async function revokeFamilyOf(em: EntityManager, token: string): Promise<void> {
  const [id, secret] = token.split('.');
  if (!id || !secret || !/^[0-9a-f-]{36}$/.test(id)) return;
  await em
    .execute(
      'update refresh_tokens set revoked_at = now() where revoked_at is null and family_id = (select family_id from refresh_tokens where id = ? and token_hash = ?)',
      [id, sha256(secret)],
    );
}

/** Failed sign-ins per e-mail and address: after 5 in 15 minutes, wait. In memory: one process's view. */
export class LoginThrottle {
  readonly #failures = new Map<string, { count: number; since: number }>();
  readonly #max: number;
  readonly #windowMs: number;

  constructor(max = 5, windowMs = 15 * 60_000) {
    this.#max = max;
    this.#windowMs = windowMs;
  }

  check(key: string): void {
    const entry = this.#failures.get(key);
    if (entry && Date.now() - entry.since < this.#windowMs && entry.count >= this.#max) {
      throw new ApiError(429, 'TOO_MANY_ATTEMPTS', AUTH_MESSAGES.tooManyAttempts);
    }
  }

  fail(key: string): void {
    const entry = this.#failures.get(key);
    if (!entry || Date.now() - entry.since >= this.#windowMs) this.#failures.set(key, { count: 1, since: Date.now() });
    else entry.count++;
    if (this.#failures.size > 10_000) this.#failures.delete(this.#failures.keys().next().value as string);
  }

  succeed(key: string): void {
    this.#failures.delete(key);
  }
}
