// Answers over 1 KB compressed for the clients that ask (lists on the residents' mobile data, the admin on a slow
// line): brotli at quality 4 (about gzip's CPU for smaller bodies), else gzip. Only bodies already in memory (JSON,
// HTML, CSV text): streams (exports, live events, files) go as they are, and the admin's built files were
// compressed once at build (served precompressed). Written here rather than with @fastify/compress, which leaves
// out every answer carrying Content-Range, i.e. every list of the ra-data-simple-rest protocol.
import { Buffer } from 'node:buffer';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyInstance } from 'fastify';

const THRESHOLD = 1024;
const COMPRESSIBLE = /^(application\/json|text\/(html|plain|csv))\b/;
const ENCODINGS = ['br', 'gzip'];

export function registerCompression(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (
      (typeof payload !== 'string' && !Buffer.isBuffer(payload)) ||
      Buffer.byteLength(payload) < THRESHOLD ||
      reply.hasHeader('content-encoding') ||
      !COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? ''))
    )
      return done(null, payload);
    // Caches keep one copy per encoding.
    const vary = reply.getHeader('vary');
    reply.header('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    const encoding = negotiate(request.headers['accept-encoding'] ?? '', ENCODINGS);
    if (!encoding) return done(null, payload);
    const body =
      encoding === 'br'
        ? brotliCompressSync(payload, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })
        : gzipSync(payload, { level: 6 });
    reply.header('Content-Encoding', encoding).header('Content-Length', body.length);
    done(null, body);
  });
}
