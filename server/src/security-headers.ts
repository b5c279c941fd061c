// Security headers of every answer (helmet's) and the admin's page with its per-response CSP nonce.
//
// The policy is strict: scripts only from this origin, no inline script, no plugins, no framing, requests only
// to this origin. Styles: MUI's emotion injects <style> tags at run time, so instead of 'unsafe-inline' the
// admin's index.html is served with a fresh nonce per response (Vite's html.cspNonce placeholder, replaced here),
// which Vite puts on its tags and in <meta property="csp-nonce">, and which the admin hands to emotion's cache
// (admin/src/main.tsx). The Swagger UI (/api/docs) keeps its own hash-based policy on its routes only.
import { randomBytes } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** What admin/vite.config.ts sets as html.cspNonce. */
export const CSP_NONCE_PLACEHOLDER = 'CONJUNTO_CSP_NONCE';

const DIRECTIVES = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'frame-ancestors': ["'none'"],
  'form-action': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
} as const;

/** The Content-Security-Policy header; `nonce` allows the admin page's (and emotion's) <style> tags. */
export function contentSecurityPolicy(nonce?: string): string {
  return Object.entries(DIRECTIVES)
    .map(([name, values]) => [name, ...values, ...(nonce && name === 'style-src' ? [`'nonce-${nonce}'`] : [])].join(' '))
    .join('; ');
}

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])(:\d+)?$/i;

/** The headers helmet sets on an answer for these options, and those it removes, worked out once. */
function helmetHeaders(options: HelmetOptions): { set: [string, string][]; remove: string[] } {
  const set: [string, string][] = [];
  const remove: string[] = [];
  const response = {
    setHeader: (name: string, value: unknown) => void set.push([name, String(value)]),
    removeHeader: (name: string) => void remove.push(name),
  };
  helmet(options)({} as never, response as never, (error?: unknown) => {
    if (error) throw error;
  });
  return { set, remove };
}

const isDocsRoute = (url: string | undefined) => url !== undefined && (url === '/api/docs' || url.startsWith('/api/docs/'));

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  // helmet's headers do not depend on the request: computed once, not per answer (@fastify/helmet built the whole
  // middleware again on every request, more Node CPU than a list's own work).
  const options: HelmetOptions = {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: Object.fromEntries(Object.entries(DIRECTIVES).map(([k, v]) => [k, [...v]])),
    },
    // Set below, outside localhost only (a browser would pin https for a development machine's localhost).
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'no-referrer' },
  };
  const everywhere = helmetHeaders(options);
  // The Swagger UI's own policy (hashes of its inline parts, set by @fastify/swagger-ui's staticCSP) on its routes.
  const docs = helmetHeaders({ ...options, contentSecurityPolicy: false });
  app.addHook('onRequest', (request, reply, done) => {
    const { set, remove } = isDocsRoute(request.routeOptions.url) ? docs : everywhere;
    const raw = reply.raw;
    for (const name of remove) raw.removeHeader(name);
    for (const [name, value] of set) raw.setHeader(name, value);
    if (!LOOPBACK.test(request.host)) raw.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    done();
  });
}

/**
 * Options for @fastify/swagger-ui, on its routes only: its hash-based script policy; styles 'unsafe-inline' because
 * the Swagger UI injects <style> tags at run time without a nonce (a page of public API documentation, no user
 * data); no upgrade-insecure-requests (plain http on localhost); no framing.
 */
export const swaggerUiCsp = {
  staticCSP: true,
  transformStaticCSP: (header: string) =>
    header
      .replace(/\s*upgrade-insecure-requests;?/, '')
      .replace(/style-src [^;]*;/, "style-src 'self' 'unsafe-inline';")
      .replace("frame-ancestors 'self'", "frame-ancestors 'none'"),
};

/** Whether a GET is a browser opening a page (a bookmark, a typed address), not a script or an API client. */
const wantsPage = (request: FastifyRequest) => /\btext\/html\b/.test(request.headers.accept ?? '');

/**
 * Serves the built admin: index.html with a fresh CSP nonce per response, the hashed assets as files. Any other
 * path a browser opens as a page (e.g. /administrador, /login: the admin routes after '#') gets index.html too,
 * never a JSON 404; /api/* keeps the API's JSON answers.
 */
export async function serveAdmin(app: FastifyInstance, adminDist: string): Promise<void> {
  const root = resolve(adminDist);
  const page = async (_request: FastifyRequest, reply: FastifyReply) => {
    const nonce = randomBytes(18).toString('base64');
    const html = (await readFile(join(root, 'index.html'), 'utf8')).replaceAll(CSP_NONCE_PLACEHOLDER, nonce);
    return reply
      .header('Content-Security-Policy', contentSecurityPolicy(nonce))
      .header('Cache-Control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(html);
  };
  const isFile = async (path: string) => {
    const full = resolve(root, path);
    if (!full.startsWith(root + sep)) return false;
    return (await stat(full).catch(() => undefined))?.isFile() ?? false;
  };
  app.get('/', { schema: { hide: true } }, page);
  app.get('/index.html', { schema: { hide: true } }, page);
  await app.register(fastifyStatic, {
    root,
    serve: false,
    index: false,
    dotfiles: 'ignore',
    // The build wrote .br and .gz beside each text asset (admin/vite.config.ts): sent as they are, no CPU per request.
    preCompressed: true,
    // Built assets have content hashes in their names.
    setHeaders: (reply, path) =>
      reply.header('Cache-Control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache'),
  });
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const path = (request.params as { '*': string })['*'];
    if (path === 'api' || path.startsWith('api/')) return reply.callNotFound();
    if (wantsPage(request) && !(await isFile(path))) return page(request, reply);
    return reply.sendFile(path);
  });
}
