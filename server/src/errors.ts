// One error shape for every answer: { message, code, errors }. Bad input never becomes a 500.
import { ApiError, MESSAGES } from '@conjunto/core';
import type { FastifyBaseLogger, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

interface AjvError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

/** Spanish text for one schema violation (spec 000 §5 generic messages). */
function validationMessage(e: AjvError): string {
  switch (e.keyword) {
    case 'required':
      return MESSAGES.required;
    case 'minLength':
      return e.params.limit === 1 ? MESSAGES.required : `Mínimo ${e.params.limit} caracter(es).`;
    case 'maxLength':
      return MESSAGES.maxLength(Number(e.params.limit));
    case 'format':
      return e.params.format === 'email' ? MESSAGES.email : 'Formato inválido.';
    case 'minimum':
      return `Debe ser mayor o igual a ${e.params.limit}.`;
    case 'maximum':
      return `Debe ser menor o igual a ${e.params.limit}.`;
    case 'type':
      return e.params.type === 'integer' ? 'Debe ser un número entero.' : 'Valor inválido.';
    case 'additionalProperties':
      return 'Campo no permitido.';
    case 'enum':
      return 'Valor no permitido.';
    case 'pattern':
      return 'Formato inválido.';
    case 'multipleOf':
      return e.params.multipleOf === 0.01 ? MESSAGES.twoDecimals : 'Valor inválido.';
    default:
      return 'Valor inválido.';
  }
}

function fieldOf(e: AjvError): string {
  const path = e.instancePath.replace(/^\//, '').replaceAll('/', '.');
  if (e.keyword === 'required') return [path, e.params.missingProperty].filter(Boolean).join('.');
  if (e.keyword === 'additionalProperties') return [path, e.params.additionalProperty].filter(Boolean).join('.');
  return path || '_';
}

/** PostgreSQL error codes that mean the input was wrong, not the server. */
const PG_INPUT_ERRORS: Record<string, [number, string, string]> = {
  '22P02': [400, 'INVALID_INPUT', MESSAGES.invalidInput],
  '22003': [400, 'INVALID_INPUT', MESSAGES.invalidInput],
  '22001': [400, 'INVALID_INPUT', MESSAGES.invalidInput],
  '22007': [400, 'INVALID_INPUT', MESSAGES.invalidInput],
  '22008': [400, 'INVALID_INPUT', MESSAGES.invalidInput],
  '22021': [400, 'INVALID_INPUT', MESSAGES.invalidInput],
  '22P05': [400, 'INVALID_INPUT', MESSAGES.invalidInput],
  '23514': [400, 'INVALID_INPUT', MESSAGES.invalidInput],
  '23502': [400, 'INVALID_INPUT', MESSAGES.invalidInput],
  '23505': [409, 'DUPLICATE', 'El registro ya existe.'],
  '23503': [409, 'REFERENCED', 'El registro está relacionado con otros datos.'],
};

function pgCode(error: unknown): string | undefined {
  for (
    let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 4;
    e = e.cause as typeof e, depth++
  ) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

/** The answer while the database cannot be reached: 503, try again in a few seconds. */
export const UNAVAILABLE = {
  message: 'El servicio no está disponible en este momento. Inténtelo de nuevo en unos segundos.',
  code: 'SERVICE_UNAVAILABLE',
  retryAfterSeconds: 5,
};

/** Socket errors of a lost or refused database connection. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** PostgreSQL: admin_shutdown, crash_shutdown, cannot_connect_now, too_many_connections (class 08 is checked apart). */
const PG_UNAVAILABLE = new Set(['57P01', '57P02', '57P03', '53300']);
/** What pg, pg-pool and the ORM say when a connection dies, times out or is refused, without a code. */
const CONNECTION_TEXTS =
  /Connection terminated|Connection ended unexpectedly|timeout exceeded when trying to connect|Client has encountered a connection error|Cannot use a pool after calling end|terminating connection due to administrator command|the database system is (starting up|shutting down|in recovery mode)|connect ECONNREFUSED/i;

/**
 * Whether `error` (or one of its causes) says the database cannot be reached right now: a refused or dropped
 * connection, a server shutting down or full, a pool that timed out. These are outages, not defects.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (
    let e = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown } | undefined, depth = 0;
    e && depth < 5;
    e = e.cause as typeof e, depth++
  ) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (NETWORK_CODES.has(code) || PG_UNAVAILABLE.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
    if (typeof e.message === 'string' && CONNECTION_TEXTS.test(e.message)) return true;
    // An AggregateError (e.g. a refused connection to both ::1 and 127.0.0.1) carries the causes in `errors`.
    if (Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
  }
  return false;
}

/**
 * One warning per outage rather than one per request or poll: the first, then at most one every 30 s with the
 * count of those left out. `what` names the warning, e.g. 'database unavailable: answering 503'.
 */
export function outageWarner(what: string): (log: FastifyBaseLogger, error: Error) => void {
  let lastWarn = 0;
  let suppressed = 0;
  return (log, error) => {
    const now = Date.now();
    if (now - lastWarn < 30_000) {
      suppressed++;
      return;
    }
    log.warn({ err: error.message, suppressed }, what);
    lastWarn = now;
    suppressed = 0;
  };
}

const HTTP_MESSAGES: Record<number, string> = {
  400: MESSAGES.invalidInput,
  401: MESSAGES.unauthenticated,
  403: MESSAGES.forbidden,
  404: MESSAGES.notFound,
  406: 'Formato no aceptado.',
  413: 'El contenido enviado es demasiado grande.',
  415: 'Tipo de contenido no soportado.',
  429: 'Demasiadas solicitudes. Inténtelo de nuevo más tarde.',
};

/** The 404 answer of unknown routes (mounted by the rate limiter, which counts them per address). */
export const sendNotFound = (_request: FastifyRequest, reply: FastifyReply) =>
  reply.status(404).send({ message: MESSAGES.notFound, code: 'NOT_FOUND' });

export function registerErrorHandling(app: FastifyInstance): void {
  const outage = outageWarner('database unavailable: answering 503');
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ApiError) {
      return reply.status(error.statusCode).send({ message: error.message, code: error.code, errors: error.errors });
    }
    if (error.validation) {
      const errors: Record<string, string> = {};
      for (const e of error.validation as AjvError[]) errors[fieldOf(e)] ??= validationMessage(e);
      return reply.status(400).send({ message: MESSAGES.invalidInput, code: 'VALIDATION', errors });
    }
    const pg = pgCode(error);
    if (pg && PG_INPUT_ERRORS[pg]) {
      const [status, code, message] = PG_INPUT_ERRORS[pg];
      request.log.info({ pg, err: error.message }, 'database refused input');
      return reply.status(status).send({ message, code });
    }
    if (isDatabaseUnavailable(error)) {
      outage(request.log, error);
      return reply
        .status(503)
        .header('Retry-After', String(UNAVAILABLE.retryAfterSeconds))
        .send({ message: UNAVAILABLE.message, code: UNAVAILABLE.code });
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      return reply
        .status(status)
        .send({ message: HTTP_MESSAGES[status] ?? MESSAGES.invalidInput, code: error.code ?? `HTTP_${status}` });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: MESSAGES.unexpected, code: 'INTERNAL' });
  });
}
