// Fair admission in front of the embedded database. PGlite has one connection and runs each query synchronously
// on the event loop; every request queues for it behind kysely's ConnectionMutex, which is not a queue (each
// release wakes every waiter and they race again), with transactions holding it between their statements. This
// gate admits at most `concurrency` API requests at a time into
// the app (auth, tenancy, handlers: everything that reaches the database) in strict arrival order (FIFO), and
// sheds the rest with 503 + Retry-After: at once when the line is full (`maxQueue`), else when a request has
// waited `maxWaitMs` in it. A client gets its answer or a clear "busy" within
// a few seconds, never a silent 30 s wait. (Why requests starved before: see yieldingQueries in db.ts.)
// A request leaves the gate when its answer is ready (onSend: a file download or an event stream then flows
// without holding a slot), or when it ends or is aborted before that.
import { ApiError } from '@conjunto/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';

export const BUSY_MESSAGE = 'El servidor está ocupado. Inténtelo de nuevo en unos segundos.';

export interface AdmissionOptions {
  /** Requests inside the app at once. */
  concurrency: number;
  /** Requests waiting in line at most; more are shed at once. */
  maxQueue: number;
  /** A request that waited this long in line is shed. */
  maxWaitMs: number;
}

interface Waiter {
  admit(): void;
  timer: NodeJS.Timeout;
}

export function registerAdmission(app: FastifyInstance, options: AdmissionOptions): void {
  let inside = 0;
  const line: Waiter[] = [];

  const holding = new WeakSet<FastifyRequest>();
  const retryAfter = String(Math.max(1, Math.ceil(options.maxWaitMs / 1000)));
  const busy = () => new ApiError(503, 'BUSY', BUSY_MESSAGE);

  const leave = (request: FastifyRequest) => {
    if (!holding.has(request)) return;
    holding.delete(request);
    inside--;

    while (inside < options.concurrency && line.length) {
      const next = line.shift() as Waiter;
      clearTimeout(next.timer);
      inside++;
      next.admit();
    }
  };

  app.addHook('onRequest', (request, reply, done) => {
    if (!request.url.startsWith('/api/')) return done();
    const enter = () => {
      holding.add(request);
      done();
    };
    if (inside < options.concurrency && line.length === 0) {
      inside++;
      return enter();
    }
    const shed = () => {
      reply.header('Retry-After', retryAfter);
      done(busy());
    };
    // A full line: 503 at once. (Shedding earlier on the line's pace was tried: clients that retry at once, as the
    // bench's do, then flood the server with cheap 503s and starve the requests being served.)
    if (line.length >= options.maxQueue) return shed();
    const waiter: Waiter = {
      admit: enter,
      timer: setTimeout(() => {
        const at = line.indexOf(waiter);
        if (at >= 0) line.splice(at, 1);
        shed();
      }, options.maxWaitMs),
    };
    line.push(waiter);
    // A client that goes away while in line gives its place up.
    reply.raw.once('close', () => {
      const at = line.indexOf(waiter);
      if (at < 0) return;
      line.splice(at, 1);
      clearTimeout(waiter.timer);
    });
  });
  app.addHook('onSend', async (request) => leave(request));
  app.addHook('onResponse', async (request) => leave(request));
  app.addHook('onRequestAbort', async (request) => leave(request));
}
