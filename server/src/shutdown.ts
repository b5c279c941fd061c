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

  app.addHook('onRequest', async (request, reply) => {
    if (closing) {
      refuse(reply);
      throw new ApiError(503, 'SHUTTING_DOWN', SHUTDOWN_MESSAGES.closing);
    }
    inFlight.set(request, reply);
  });
  // While closing, every answer ends its connection, so that the listener's close does not wait for idle keep-alives.
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('Connection', 'close');
  });
  const done = async (request: FastifyRequest) => {
    inFlight.delete(request);
  };
  app.addHook('onResponse', done);
  app.addHook('onRequestAbort', done);

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
