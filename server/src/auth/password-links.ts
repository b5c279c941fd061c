// Single-use, expiring links to create a password (a resident an administrator created: 'invite') or to reset
// it ('reset'), spec 002. The token is 32 random bytes in base64url (43 characters); only its SHA-256 is stored.
// The link carries it after '#' (<PUBLIC_URL>/#/contrasena/<token>): browsers never send the fragment, so no
// server, proxy or Referer logs it. A user holds one live link at a time: a new one supersedes the older.
import { createHash, randomBytes } from 'node:crypto';
import { ApiError, type MailMessage, newId } from '@conjunto/core';
import type { SqlEntityManager as EntityManager } from '@mikro-orm/sql';
import type { MailActor } from '../mail.ts';
import { endAllSessions, LOGIN_LIMITS } from './tokens.ts';

export type PasswordLinkPurpose = 'invite' | 'reset';

/** How long a link is valid, in hours: an invitation waits for the new resident, a reset is asked for now. */
export const PASSWORD_LINK_HOURS: Readonly<Record<PasswordLinkPurpose, number>> = { invite: 72, reset: 2 };
export const INVITE_LINK_HOURS = PASSWORD_LINK_HOURS.invite;
export const RESET_LINK_HOURS = PASSWORD_LINK_HOURS.reset;

/** The token's form: 32 bytes in base64url without padding. Anything else is a 400 before any lookup. */
export const PASSWORD_LINK_TOKEN_PATTERN = '^[A-Za-z0-9_-]{43}$';

/** The admin's page that opens the link (admin/src/pages/PasswordLinkPage.tsx), a hash route. */
export const PASSWORD_LINK_PATH = '/#/contrasena/';

export const PASSWORD_LINK_MESSAGES = {
  // Used, expired, superseded and unknown links all answer this, so a link's history is not revealed.
  invalid: 'El enlace ya no es válido. Solicite uno nuevo a la administración.',
} as const;

export const linkInvalid = () => new ApiError(410, 'PASSWORD_LINK_INVALID', PASSWORD_LINK_MESSAGES.invalid);

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * A new link for the user; their earlier unused links (any purpose) stop working. Run it in the transaction
 * that sends the link, so a rollback leaves the older link alive.
 */
export async function issuePasswordLink(
  em: EntityManager,
  { userId, purpose }: { userId: string; purpose: PasswordLinkPurpose },
): Promise<{ token: string; expiresAt: Date }> {
  const [link] = await issuePasswordLinks(em, [userId], purpose);
  return link;
}

/** issuePasswordLink for several users at once (a bulk import's invitations): two statements, links in order. */
export async function issuePasswordLinks(
  em: EntityManager,
  userIds: readonly string[],
  purpose: PasswordLinkPurpose,
): Promise<{ token: string; expiresAt: Date }[]> {
  if (!userIds.length) return [];
  const expiresAt = new Date(Date.now() + PASSWORD_LINK_HOURS[purpose] * 3_600_000);
  const links = userIds.map((userId) => ({ userId, token: randomBytes(32).toString('base64url') }));
  await em.execute('delete from password_links where user_id in (?) and used_at is null', [userIds]);
  await em.execute(
    `insert into password_links (id, user_id, token_hash, purpose, expires_at) values ${links.map(() => '(?, ?, ?, ?, ?)').join(', ')}`,
    links.flatMap((l) => [newId(), l.userId, sha256(l.token), purpose, expiresAt]),
  );
  return links.map((l) => ({ token: l.token, expiresAt }));
}

/** The address of the link: `origin` is PUBLIC_URL (config.publicUrl) or the config itself. */
export function passwordLinkUrl(origin: string | { publicUrl: string }, token: string): string {
  const base = typeof origin === 'string' ? origin : origin.publicUrl;
  return `${base.replace(/\/+$/, '')}${PASSWORD_LINK_PATH}${token}`;
}

export interface PasswordLinkInfo {
  userId: string;
  email: string;
  purpose: PasswordLinkPurpose;
  expiresAt: Date;
}

/** The live link of `token` (not used, not expired, not superseded), or a 410. */
export async function findPasswordLink(em: EntityManager, token: string): Promise<PasswordLinkInfo> {
  const [row] = await em.execute(
    `select l.user_id, l.purpose, l.expires_at, u.email from password_links l join users u on u.id = l.user_id
      where l.token_hash = ? and l.used_at is null and l.expires_at > now()`,
    [sha256(token)],
  );
  if (!row) throw linkInvalid();
  return { userId: row.user_id, email: row.email, purpose: row.purpose, expiresAt: new Date(row.expires_at) };
}

/**
 * Spends the link and sets the password (already hashed) in one transaction: the link is taken atomically
 * (two tabs racing: one wins, the other gets the 410), and every sign-in of the user ends.
 */
export async function usePasswordLink(em: EntityManager, token: string, passwordHash: string): Promise<string> {
  return em.transactional(async (tx) => {
    const [row] = await tx.execute(
      'update password_links set used_at = now() where token_hash = ? and used_at is null and expires_at > now() returning user_id',
      [sha256(token)],
    );
    if (!row) throw linkInvalid();
    await tx.execute('update users set password_hash = ? where id = ?', [passwordHash, row.user_id]);
    await endAllSessions(tx, row.user_id);
    return row.user_id as string;
  });
}

/**
 * Wrong tokens per address, counted like failed sign-ins (login_failures, same window and limit per address):
 * taken before the lookup, given back when the token was good. Answers the seconds to wait when refused.
 */
export async function takeLinkSlot(em: EntityManager, address: string): Promise<{ key: string; refusedFor?: number }> {
  const key = `password-link:${address}`.slice(0, 150);
  const [row] = await em.execute(
    `insert into login_failures as f (key, count, window_start) values (?, 1, now())
     on conflict (key) do update set
       count = case when f.window_start <= now() - make_interval(secs => ?) then 1 else f.count + 1 end,
       window_start = case when f.window_start <= now() - make_interval(secs => ?) then now() else f.window_start end
     returning count, ceil(extract(epoch from (window_start + make_interval(secs => ?) - now())))::int as retry_after`,
    [key, LOGIN_LIMITS.windowSeconds, LOGIN_LIMITS.windowSeconds, LOGIN_LIMITS.windowSeconds],
  );
  return Number(row.count) > LOGIN_LIMITS.perAddress ? { key, refusedFor: Math.max(1, Number(row.retry_after)) } : { key };
}

export async function releaseLinkSlot(em: EntityManager, key: string): Promise<void> {
  await em.execute('update login_failures set count = greatest(count - 1, 0) where key = ?', [key]);
}

/** What queues mail: the host's mail service (app.mail) or anything with its queueMany(). */
export interface PasswordLinkMailer {
  queueMany(em: EntityManager, actor: MailActor, messages: readonly MailMessage[]): Promise<string[]>;
}

export interface PasswordLinkMailOptions {
  /** app.mail (request.server.mail). */
  mail: PasswordLinkMailer;
  userId: string;
  purpose: PasswordLinkPurpose;
  /** The complex the mail belongs to (its outbox; its name in the text). */
  complexId?: string | null;
  /** PUBLIC_URL (config.publicUrl). */
  origin: string;
  /** Who sent it (the administrator), for the outbox's "Enviado por". */
  actor?: { userId: string | null; userName: string | null };
}

/**
 * Issues a link and queues its e-mail to the user in one transaction (joins the caller's if `em` is in one):
 * a failed send leaves no live link, a rolled-back caller no mail. Answers the outbox id and the link's expiry.
 */
export async function queuePasswordLinkMail(
  em: EntityManager,
  { userId, ...options }: PasswordLinkMailOptions,
): Promise<{ mailId: string; expiresAt: Date }> {
  const [sent] = await queuePasswordLinkMails(em, { ...options, userIds: [userId] });
  return sent;
}

/** queuePasswordLinkMail for several users (a bulk import's invitations), a few statements in all; answers in order. */
export async function queuePasswordLinkMails(
  em: EntityManager,
  {
    mail,
    userIds,
    purpose,
    complexId = null,
    origin,
    actor,
  }: Omit<PasswordLinkMailOptions, 'userId'> & { userIds: readonly string[] },
): Promise<{ mailId: string; expiresAt: Date }[]> {
  if (!userIds.length) return [];
  return em.transactional(async (tx) => {
    const users = new Map(
      (await tx.execute('select id, email, first_name from users where id in (?)', [userIds])).map((u) => [u.id as string, u]),
    );
    const missing = userIds.find((id) => !users.has(id));
    if (missing) throw new Error(`queuePasswordLinkMail: no user ${missing}`);
    const [complex] = complexId ? await tx.execute('select name from complexes where id = ?', [complexId]) : [];
    const links = await issuePasswordLinks(tx, userIds, purpose);
    const messages = userIds.map((id, i) => {
      const user = users.get(id)!;
      const message = passwordLinkMessage({
        purpose,
        firstName: user.first_name,
        email: user.email,
        complexName: complex?.name ?? null,
        url: passwordLinkUrl(origin, links[i].token),
      });
      return { ...message, to: [user.email as string], category: `auth.password-${purpose}` };
    });
    const mailIds = await mail.queueMany(
      tx,
      { complexId: complexId ?? null, userId: actor?.userId ?? null, userName: actor?.userName ?? null },
      messages,
    );
    return mailIds.map((mailId, i) => ({ mailId, expiresAt: links[i].expiresAt }));
  });
}

/** The Spanish e-mail of a link. */
export function passwordLinkMessage(input: {
  purpose: PasswordLinkPurpose;
  firstName: string;
  email: string;
  complexName: string | null;
  url: string;
}): { subject: string; text: string } {
  const { purpose, firstName, email, complexName, url } = input;
  const hours = PASSWORD_LINK_HOURS[purpose];
  const greeting = firstName.trim() ? `Hola, ${firstName.trim()}:` : 'Hola:';
  if (purpose === 'invite') {
    return {
      subject: 'Bienvenido a Conjunto: cree su contraseña',
      text: [
        greeting,
        '',
        `La administración${complexName ? ` de ${complexName}` : ''} creó su cuenta en Conjunto. Para ingresar, cree su contraseña en este enlace:`,
        '',
        url,
        '',
        `El enlace es válido por ${hours} horas y sirve una sola vez. Si vence, solicite uno nuevo a la administración.`,
        `Su usuario es su correo electrónico: ${email}`,
      ].join('\n'),
    };
  }
  return {
    subject: 'Restablezca su contraseña',
    text: [
      greeting,
      '',
      `Se pidió restablecer la contraseña de su cuenta de Conjunto${complexName ? ` en ${complexName}` : ''}. Para crear una nueva, abra este enlace:`,
      '',
      url,
      '',
      `El enlace es válido por ${hours} horas y sirve una sola vez.`,
      'Si usted no lo pidió, ignore este mensaje: su contraseña actual sigue vigente.',
    ].join('\n'),
  };
}
