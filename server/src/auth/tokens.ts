// Refresh tokens: random, stored as SHA-256, rotated on every use; a reused one revokes its whole family.
import { createHash, randomBytes } from 'node:crypto';
import { ApiError, newId } from '@conjunto/core';
import type { SqlEntityManager as EntityManager } from '@mikro-orm/sql';
import { AUTH_MESSAGES } from './access.ts';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const expired = () => new ApiError(401, 'REFRESH_INVALID', AUTH_MESSAGES.sessionExpired);

export async function issueRefreshToken(em: EntityManager, userId: string, ttlDays: number, familyId = newId()): Promise<string> {
  const id = newId();
  const secret = randomBytes(32).toString('base64url');
  await em.execute('insert into refresh_tokens (id, user_id, family_id, token_hash, expires_at) values (?, ?, ?, ?, ?)', [
    id,
    userId,
    familyId,
    sha256(secret),
    new Date(Date.now() + ttlDays * 86_400_000),
  ]);
  return `${id}.${secret}`;
}

/**
 * Consumes a refresh token and answers its user and family; the caller issues the next one. A replayed
 * token revokes its family and answers `reused` (not an exception, so the revocation commits).
 */
export async function consumeRefreshToken(
  em: EntityManager,
  token: string,
): Promise<{ userId: string; familyId: string; reused: boolean }> {
  const [id, secret] = token.split('.');
  if (!id || !secret || !/^[0-9a-f-]{36}$/.test(id)) throw expired();
  const conn = em;
  const [row] = await conn.execute('select * from refresh_tokens where id = ? for update', [id]);
  if (!row || row.token_hash !== sha256(secret)) throw expired();
  if (row.used_at || row.revoked_at) {
    // Someone replays a spent token: assume theft and end every session of that sign-in.
    await conn.execute('update refresh_tokens set revoked_at = now() where family_id = ? and revoked_at is null', [
      row.family_id,
    ]);
    return { userId: row.user_id, familyId: row.family_id, reused: true };
  }
  if (new Date(row.expires_at) < new Date()) throw expired();
  await conn.execute('update refresh_tokens set used_at = now() where id = ?', [id]);
  return { userId: row.user_id, familyId: row.family_id, reused: false };
}

/** Ends the sign-in a refresh token belongs to (logout). */
export async function revokeFamilyOf(em: EntityManager, token: string): Promise<void> {
  const [id, secret] = token.split('.');
  if (!id || !secret || !/^[0-9a-f-]{36}$/.test(id)) return;
  await em.execute(
    'update refresh_tokens set revoked_at = now() where revoked_at is null and family_id = (select family_id from refresh_tokens where id = ? and token_hash = ?)',
    [id, sha256(secret)],
  );
}

/** Sign-in attempts processed per account and per address in a window (spec 002 §5 "5 attempts"). */
export const LOGIN_LIMITS = { perAccount: 5, perAddress: 20, windowSeconds: 15 * 60 } as const;

export interface LoginSlot {
  /** Refused before the password is checked: the answer is 429, and Retry-After these seconds. */
  refusedFor?: number;
  account: string;
  address: string;
}

/**
 * Takes one slot per account and per address BEFORE the (slow) password check, in one atomic upsert on the
 * database: concurrent attempts each get their own count, every server process shares them, and nothing is
 * evicted. Past the limits the attempt is refused without checking the password. A successful sign-in gives
 * its slots back (releaseLoginSlot), so only failures (and unknown e-mails) count.
 */
export async function takeLoginSlot(em: EntityManager, email: string, address: string): Promise<LoginSlot> {
  const slot = { account: `account:${email}`.slice(0, 150), address: `address:${address}`.slice(0, 150) };
  const rows = await em.execute(
    `insert into login_failures as f (key, count, window_start) values (?, 1, now()), (?, 1, now())
     on conflict (key) do update set
       count = case when f.window_start <= now() - make_interval(secs => ?) then 1 else f.count + 1 end,
       window_start = case when f.window_start <= now() - make_interval(secs => ?) then now() else f.window_start end
     returning key, count, ceil(extract(epoch from (window_start + make_interval(secs => ?) - now())))::int as retry_after`,
    [slot.account, slot.address, LOGIN_LIMITS.windowSeconds, LOGIN_LIMITS.windowSeconds, LOGIN_LIMITS.windowSeconds],
  );
  let refusedFor: number | undefined;
  for (const row of rows) {
    const max = row.key === slot.account ? LOGIN_LIMITS.perAccount : LOGIN_LIMITS.perAddress;
    if (Number(row.count) > max) refusedFor = Math.max(refusedFor ?? 1, Number(row.retry_after));
  }
  return { ...slot, refusedFor };
}

/** After a right password: the account starts afresh, and the address gets this attempt's slot back. */
export async function releaseLoginSlot(em: EntityManager, slot: LoginSlot): Promise<void> {
  await em.execute(
    'with account as (delete from login_failures where key = ?) update login_failures set count = greatest(count - 1, 0) where key = ?',
    [slot.account, slot.address],
  );
}

/** Drops counters whose window is over (run now and then). */
export async function sweepLoginFailures(em: EntityManager): Promise<void> {
  await em.execute('delete from login_failures where window_start <= now() - make_interval(secs => ?)', [
    LOGIN_LIMITS.windowSeconds,
  ]);
}

/**
 * Ends every sign-in of a user (password change, disable): bumps users.token_version, so access tokens issued
 * before stop working at their next request, and revokes every refresh token. Run inside the change's transaction.
 */
export async function endAllSessions(em: EntityManager, userId: string): Promise<void> {
  await em.execute('update users set token_version = token_version + 1 where id = ?', [userId]);
  await em.execute('update refresh_tokens set revoked_at = now() where user_id = ? and revoked_at is null', [userId]);
}

/** Ends one sign-in (its refresh family): its refresh tokens and, through the `sid` claim, its access tokens. */
export async function revokeFamily(em: EntityManager, familyId: string): Promise<void> {
  await em.execute('update refresh_tokens set revoked_at = now() where family_id = ? and revoked_at is null', [familyId]);
}

/**
 * LimiteSesiones (complexes.session_limit): the most sign-ins a resident of the complex keeps at once in the app.
 * After a new sign-in, the live ones past the limit end, least recently used first (their refresh tokens are
 * revoked, and their access tokens through the `sid` claim). Null: no limit. Back-office users are not limited.
 */
export async function enforceSessionLimit(em: EntityManager, userId: string): Promise<void> {
  await em.execute(
    `update refresh_tokens set revoked_at = now()
      where user_id = ? and revoked_at is null and family_id in (
        select live.family_id from (
          select rt.family_id, c.session_limit,
                 row_number() over (order by rt.created_at desc, rt.id desc) as n
            from refresh_tokens rt
            join users u on u.id = rt.user_id and u.roles @> '["residente"]'::jsonb
            join complexes c on c.id = u.residence_complex_id
           where rt.user_id = ? and rt.revoked_at is null and rt.used_at is null and rt.expires_at > now()
        ) live
        where live.session_limit is not null and live.n > greatest(live.session_limit, 1))`,
    [userId, userId],
  );
}
