// The API's OpenAPI 3.1 document (/api/docs/json), made from the routes' own schemas. What every route shares is
// added here once rather than written into each: the path parameters its URL names (a route's `params` schema
// describes only its own, e.g. `id`), an operationId, a summary for the plain REST shapes, the error answers
// (one shared Error schema in components), the multipart body of upload routes, and the list conventions of
// ra-data-simple-rest (filter/sort/range, Content-Range). CI lints the result (server/test/openapi.test.ts).
import { ErrorSchema } from '@conjunto/core';
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';

type Json = Record<string, unknown>;

const ERROR_REF = { $ref: '#/components/schemas/Error' };
const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: ERROR_REF } } });

/** The answers every operation may give besides its own, by who can cause them. */
const COMMON_ERRORS: Record<string, string> = {
  '429': 'Demasiadas solicitudes (límite por minuto); Retry-After dice cuándo reintentar.',
  '500': 'Error inesperado del servidor.',
};
const AUTH_ERRORS: Record<string, string> = {
  '401': 'Sin sesión válida.',
  '403': 'El rol no permite esta acción.',
};
const INPUT_ERROR = 'Datos inválidos (errors: mensaje por campo).';
const NOT_FOUND = 'No existe, o no es de este conjunto.';

const words = (segment: string) => segment.split(/[-_]/).map((w) => w.charAt(0).toUpperCase() + w.slice(1));

/** A stable, unique name per operation: method + path, parameters as By<Name> ('getComplexesByComplexIdUnitsById'). */
export function operationIdOf(method: string, url: string): string {
  const parts = url
    .split('/')
    .filter((s) => s && s !== 'api')
    .flatMap((s) => (s.startsWith(':') ? ['By', ...words(s.slice(1))] : words(s)));
  return method.toLowerCase() + parts.join('');
}

/** The summary of a plain REST route (list, read, create, update, delete), or undefined for anything else. */
export function restSummary(method: string, url: string): string | undefined {
  const segments = url.split('/').filter(Boolean);
  const last = segments.at(-1) ?? '';
  const item = last.startsWith(':');
  const resource = (item ? segments.at(-2) : last)?.replace(/-/g, ' ');
  if (!resource || resource.startsWith(':')) return undefined;
  if (method === 'GET') return item ? `One record of ${resource}` : `List of ${resource} (filter, sort, range; Content-Range)`;
  if (method === 'POST' && !item) return `Create a record of ${resource}`;
  if ((method === 'PUT' || method === 'PATCH') && item) return `Update a record of ${resource}`;
  if (method === 'DELETE' && item) return `Delete a record of ${resource}`;
  return undefined;
}

/** The :names of a URL. */
const pathParams = (url: string) => [...url.matchAll(/:(\w+)/g)].map((m) => m[1]);

interface RouteView {
  schema?: Json;
  url: string;
  route: { method: string | string[]; config?: Json };
}

/** @fastify/swagger's transform: the shared parts above, added to one route's documented schema. */
export function documentRoute({ schema = {}, url, route }: RouteView): { schema: Json; url: string } {
  const method = [route.method].flat()[0] as string;
  const out: Json = { ...schema };
  out.operationId ??= operationIdOf(method, url);
  out.summary ??= restSummary(method, url);

  // Every name in the URL is a documented, required path parameter (the route's own schema may describe some).
  const names = pathParams(url);
  if (names.length) {
    const own = (schema.params ?? {}) as Json;
    const properties = { ...((own.properties as Json) ?? {}) };
    for (const name of names) properties[name] ??= { type: 'string' };
    out.params = { ...own, type: 'object', properties, required: names };
  }

  // Upload routes read their multipart body themselves (files.readUpload): documented as such.
  const consumes = schema.consumes as string[] | undefined;
  if (consumes?.includes('multipart/form-data') && !schema.body) {
    out.body = {
      type: 'object',
      properties: { file: { type: 'string', format: 'binary', description: 'El archivo.' } },
      required: ['file'],
    };
  }

  // Lists answer their total in Content-Range, and take ra-data-simple-rest's query.
  const isList =
    method === 'GET' &&
    !url.split('/').at(-1)?.startsWith(':') &&
    schema.querystring !== undefined &&
    isListQuery(schema.querystring as Json);
  const responses = { ...((schema.response as Json) ?? {}) };
  if (isList) {
    const ok = (responses['200'] ?? { type: 'array' }) as Json;
    responses['200'] = {
      ...ok,
      description: (ok.description as string) ?? 'The page of records.',
      headers: { 'Content-Range': { type: 'string', description: '<resource> <first>-<last>/<total>' } },
    };
  }

  // A route that declares no success answer (a file, a stream, 204) still documents one.
  if (!Object.keys(responses).some((status) => status.startsWith('2'))) responses['2XX'] = { description: 'Correcto.' };
  // The error answers, one shared schema.
  const errors: Record<string, string> = { ...COMMON_ERRORS };
  const secured = (schema.security as unknown[] | undefined)?.length !== 0;
  if (secured) Object.assign(errors, AUTH_ERRORS);
  if (schema.body || schema.querystring || out.body || names.length) errors['400'] = INPUT_ERROR;
  if (names.length) errors['404'] = NOT_FOUND;
  if (responses['409']) errors['409'] = 'El estado del registro no permite la acción.';
  if (responses['413']) errors['413'] = 'El archivo o el cuerpo excede el límite.';
  for (const [status, description] of Object.entries(errors)) responses[status] = errorResponse(description);
  out.response = Object.keys(responses).length ? responses : undefined;
  return { schema: out, url };
}

const isListQuery = (query: Json) => {
  const properties = (query.properties ?? {}) as Json;
  // An export takes the list's filter and sort but no range: it answers a file, not a page.
  return 'range' in properties;
};

/** The document's frame: 3.1, the server, the shared Error schema, the bearer scheme. */
export function openapiOptions(): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Conjunto API',
        version: '1.0.0',
        description: 'Administración de conjuntos residenciales.',
        license: { name: 'Propietaria', identifier: 'LicenseRef-Conjunto' },
      },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        schemas: { Error: ErrorSchema as never },
      },
      security: [{ bearer: [] }],
    },
    transform: documentRoute as never,
  };
}
