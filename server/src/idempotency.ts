// Idempotency-Key on the POSTs that create money or numbered records. A route opts in with
// `config: { roles, idempotent: true }`; a client that may retry sends `Idempotency-Key: <up to 200 printable
// ASCII characters>` (the admin sends a random UUID on every create). Keys are scoped per user and complex and
// kept 24 h.
// - The key is reserved before the handler runs (insert ... on conflict do nothing): a retry while the first
//   request runs answers 409; the same key with another body or route answers 422.
// - The write's transaction marks the key committed, atomically with the write (through the audit entry every
//   write records, tenancy.ts): a request that fails after its commit is never run again.
// - The answer (status and body) is stored after the handler; a retry gets it again with Idempotency-Replayed: true.
// - A request that fails without committing releases its key, so a retry runs again.
import { createHash } from 'node:crypto';
import { ApiError, newId } from '@conjunto/core';
import { defineEntity, p } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Orm } from './db.ts';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const TTL_HOURS = 24;
/** The complex_id of the keys of platform staff's routes, which act on no complex. */
const PLATFORM_KEY_SCOPE = '00000000-0000-0000-0000-000000000000';

export const IDEMPOTENCY_MESSAGES = {
  invalidKey: 'La clave Idempotency-Key debe tener entre 1 y 200 caracteres ASCII imprimibles.',
  inProgress: 'Una solicitud con esta clave ya está en curso.',
  reused: 'Esta clave Idempotency-Key ya se usó con otra solicitud. Use una clave nueva para cada operación.',
  lost: 'La solicitud con esta clave ya se registró, pero su respuesta se perdió. Revise los registros antes de repetirla con una clave nueva.',
};

export const IdempotencyKeySchema = defineEntity({
  name: 'IdempotencyKey',
  tableName: 'idempotency_keys',
  properties: {
    id: p.uuid().primary(),
    complexId: p.uuid(),
    userId: p.uuid(),
    key: p.string().length(200),
    method: p.string().length(10),
    url: p.string().length(2000),
    requestHash: p.string().columnType('char(64)'),
    state: p.string().length(10),
    statusCode: p.integer().nullable(),
    contentType: p.string().length(200).nullable(),
    responseBody: p.text().nullable(),
    createdAt: p.datetime().defaultRaw('now()'),
  },
});
export class IdempotencyKey extends IdempotencyKeySchema.class {}
IdempotencyKeySchema.setClass(IdempotencyKey);

/** The reservation a request holds. */
export interface IdempotencyReservation {
  id: string;
}

/** JSON with sorted keys: the same body however its fields are ordered. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Multipart bodies are read by the handler, after the reservation: their key covers the route only. */
const bodyHash = (request: FastifyRequest) =>
  createHash('sha256')
    .update(request.isMultipart() ? 'multipart' : canonical(request.body ?? null))
    .digest('hex');

/**
 * Called inside the transaction of a write (tenancy.ts, with the write's audit entry): marks the request's key
 * committed in that same transaction.
 */
export function markCommitted(request: FastifyRequest, em: SqlEntityManager): void {
  const reservation = request.idempotency;
  if (!reservation) return;
  const ref = em.getReference(IdempotencyKey, reservation.id);
  ref.state = 'committed';
}

export function registerIdempotency(app: FastifyInstance, orm: Orm): void {
  const sql = (query: string, params: unknown[]) =>
    orm.em.fork().getConnection().execute(query, params) as Promise<Record<string, unknown>[]>;

  // After authentication, tenancy and validation: the key is scoped by the user and complex, and a refused
  // body never reserves one.
  // Callback hooks that leave at once when there is no key (every other request): no promise per request.
  app.addHook('preHandler', (request, reply, next) => {
    if (!request.routeOptions.config.idempotent || request.headers[IDEMPOTENCY_HEADER] === undefined) {
      next();
      return;
    }
    // A replayed answer is sent by reserve(), which then answers the reply: the request goes no further.
    reserve(request, reply).then((sent) => {
      if (sent !== reply) next();
    }, next);
  });

  async function reserve(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
    const raw = request.headers[IDEMPOTENCY_HEADER];
    if (raw === undefined) return;
    const key = Array.isArray(raw) ? raw.join(',') : raw;
    if (!/^[\x20-\x7e]{1,200}$/.test(key))
      throw new ApiError(400, 'IDEMPOTENCY_KEY_INVALID', IDEMPOTENCY_MESSAGES.invalidKey, {
        'Idempotency-Key': IDEMPOTENCY_MESSAGES.invalidKey,
      });
    // Platform staff's routes (a plugin's /api/platform/<id>/…) have no complex: their keys are the platform's.
    const platform = !request.complex && request.url.startsWith('/api/platform/') && Boolean(request.user?.id);
    const complexId = request.complex?.complexId ?? (platform ? PLATFORM_KEY_SCOPE : undefined);
    const userId = request.complex?.userId ?? (platform ? request.user.id : undefined);
    if (!complexId || !userId) return;
    const hash = bodyHash(request);
    const url = request.url;
    for (let attempt = 0; attempt < 3; attempt++) {
      // An expired key is forgotten; the sweep removes the others.
      await sql(
        `delete from idempotency_keys where complex_id = ? and user_id = ? and key = ? and created_at < now() - interval '${TTL_HOURS} hours'`,
        [complexId, userId, key],
      );
      const id = newId();
      const [mine] = await sql(
        `insert into idempotency_keys (id, complex_id, user_id, key, method, url, request_hash, state)
         values (?, ?, ?, ?, ?, ?, ?, 'running') on conflict (complex_id, user_id, key) do nothing returning id`,
        [id, complexId, userId, key, request.method, url, hash],
      );
      if (mine) {
        request.idempotency = { id };
        return;
      }
      const [row] = await sql(
        'select method, url, request_hash, state, status_code, content_type, response_body from idempotency_keys where complex_id = ? and user_id = ? and key = ?',
        [complexId, userId, key],
      );
      if (!row) continue; // released meanwhile: reserve again
      if (row.method !== request.method || row.url !== url || row.request_hash !== hash)
        throw new ApiError(422, 'IDEMPOTENCY_KEY_REUSED', IDEMPOTENCY_MESSAGES.reused);
      if (row.state === 'running' || row.state === 'committed')
        throw new ApiError(409, 'IDEMPOTENCY_IN_PROGRESS', IDEMPOTENCY_MESSAGES.inProgress);
      if (row.state === 'lost') throw new ApiError(409, 'IDEMPOTENCY_RESULT_LOST', IDEMPOTENCY_MESSAGES.lost);
      return replay(reply, row);
    }
    throw new ApiError(409, 'IDEMPOTENCY_IN_PROGRESS', IDEMPOTENCY_MESSAGES.inProgress);
  }

  // The answer is stored (or the key released) before it goes out, so a retry that follows it sees the outcome.
  app.addHook('onSend', (request, reply, payload, next) => {
    if (!request.idempotency) {
      next(null, payload);
      return;
    }
    storeAnswer(request, reply, payload).then((sent) => next(null, sent), next);
  });

  async function storeAnswer(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
    const reservation = request.idempotency;
    if (!reservation) return payload;
    request.idempotency = undefined;
    const status = reply.statusCode;
    const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
    const store = () =>
      sql(`update idempotency_keys set state = 'done', status_code = ?, content_type = ?, response_body = ? where id = ?`, [
        status,
        String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
        body,
        reservation.id,
      ]);
    const record = async () => {
      if (status < 400) {
        await store();
      } else {
        // Nothing committed: release the key so that a retry runs again.
        const released = await sql(`delete from idempotency_keys where id = ? and state = 'running' returning id`, [
          reservation.id,
        ]);
        if (released.length === 0) {
          if (status < 500) await store();
          else await sql(`update idempotency_keys set state = 'lost' where id = ? and state = 'committed'`, [reservation.id]);
        }
      }
    };
    // The database may be down right now (often the reason of a 5xx): try again later, else retries of this key
    // would answer 'in progress' until it expires.
    const attempt = (delays: number[]) =>
      record().catch((error) => {
        const [next, ...rest] = delays;
        if (next === undefined) request.log.warn({ err: (error as Error).message }, 'idempotency: could not record the answer');
        else setTimeout(() => void attempt(rest), next).unref();
      });
    await attempt([1_000, 5_000, 30_000, 120_000]);
    return payload;
  }

  // Keys expire after 24 h: swept hourly (and each expired key when it is used again).
  let sweeper: NodeJS.Timeout | undefined;
  const sweep = () =>
    sql(`delete from idempotency_keys where created_at < now() - interval '${TTL_HOURS} hours'`, []).catch((error) =>
      app.log.warn({ err: error.message }, 'idempotency: sweep failed'),
    );
  app.addHook('onReady', async () => {
    await sweep();
    sweeper = setInterval(sweep, 3600_000).unref();
  });
  app.addHook('onClose', async () => clearInterval(sweeper));
}

function replay(reply: FastifyReply, row: Record<string, unknown>) {
  return reply
    .status(Number(row.status_code))
    .header('Idempotency-Replayed', 'true')
    .type(String(row.content_type))
    .send(row.response_body as string);
}
