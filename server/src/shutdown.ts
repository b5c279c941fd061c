// Graceful shutdown (SIGTERM/SIGINT in main.ts, or app.close()): the listener closes, requests in flight finish
// within the grace (SHUTDOWN_GRACE_SECONDS), new requests on kept-alive connections and uploads whose body is
// still arriving answer 503 with Connection: close, then jobs hand back their work and the database closes.
import { ApiError } from '@conjunto/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export const SHUTDOWN_MESSAGES = {
  closing: 'El servicio se está reiniciando. Inténtelo de nuevo en unos segundos.',
};

export interface Shutdown {
  /** True once close() began. */
  readonly closing: boolean;
  /** Milliseconds left of the grace (what jobs may still use), at least 1 s. */
  remainingMs(): number;
}

/** Root hooks: register before any route scope. */
export function registerShutdown(app: FastifyInstance, graceSeconds: number): Shutdown {
  let closing = false;
  let deadline = Number.POSITIVE_INFINITY;
  const inFlight = new Map<FastifyRequest, FastifyReply>();
  const refuse = (reply: FastifyReply) => reply.header('Connection', 'close').header('Retry-After', '5');

  // Callback hooks, not async ones: they run on every request, and a promise per hook per request adds up.
  app.addHook('onRequest', (request, reply, next) => {
    if (closing) {
      refuse(reply);
      next(new ApiError(503, 'SHUTTING_DOWN', SHUTDOWN_MESSAGES.closing));
      return;
    }
    inFlight.set(request, reply);
    next();
  });
  // While closing, every answer ends its connection, so that the listener's close does not wait for idle keep-alives.
  app.addHook('onSend', (_request, reply, payload, next) => {
    if (closing) reply.header('Connection', 'close');
    next(null, payload);
  });
  const done = (request: FastifyRequest, _reply: FastifyReply, next: () => void) => {
    inFlight.delete(request);
    next();
  };
  app.addHook('onResponse', done);
  app.addHook('onRequestAbort', (request, next) => {
    inFlight.delete(request);
    next();
  });

  app.addHook('preClose', async () => {
    closing = true;
    deadline = Date.now() + graceSeconds * 1000;
    // An upload still arriving is not staged yet: refuse it now (the client retries elsewhere or later) rather
    // than hold the shutdown for a body of unknown length. Requests whose body arrived are left to finish.
    for (const [request, reply] of inFlight) {
      if (request.raw.complete || reply.sent) continue;
      request.log.info('shutdown: refusing an upload still being received');
      reply.raw.once('finish', () => request.raw.destroy());
      refuse(reply).status(503).send({ message: SHUTDOWN_MESSAGES.closing, code: 'SHUTTING_DOWN' });
    }
  });

  return {
    get closing() {
      return closing;
    },
    remainingMs: () => Math.max(1000, deadline - Date.now() - 2000),
  };
}
