// Input rules for every route (DESIGN §6), enforced by the host so that a new route cannot forget them:
// - at boot, a route whose body schema is open (an object that keeps unknown properties, an array or a map
//   without a size cap, a value of any shape) is refused, as a route without roles is; a route without a body
//   schema takes no body;
// - on every request, before validation, bodies, query strings and path parameters are walked for NUL bytes,
//   non-finite numbers and excessive depth; after validation once more, since coercion turns "Infinity" into
//   a number.
import { ApiError, INPUT_MESSAGES, inputProblem } from '@conjunto/core';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { isUploadRoute } from './files/service.ts';

type Schema = Record<string, unknown>;

/** Why a body schema is open, one line per place ('body.lines[]: ...'); empty when it is closed. */
export function openSchemaProblems(schema: unknown, path = 'body'): string[] {
  if (schema === null || typeof schema !== 'object') return [`${path}: not a schema`];
  const s = schema as Schema;
  const problems: string[] = [];
  const branches = (['anyOf', 'oneOf', 'allOf'] as const).flatMap((k) => (Array.isArray(s[k]) ? (s[k] as unknown[]) : []));
  if (branches.length) {
    for (const branch of branches) problems.push(...openSchemaProblems(branch, path));
    return problems;
  }
  if ('const' in s || Array.isArray(s.enum)) return problems;
  const type = s.type;
  if (Array.isArray(type)) return type.flatMap((t) => openSchemaProblems({ ...s, type: t }, path));
  if (type === 'object' || s.properties || s.patternProperties) {
    if (s.additionalProperties !== false) problems.push(`${path}: object without additionalProperties: false`);
    if (s.patternProperties && typeof s.maxProperties !== 'number') problems.push(`${path}: map without maxProperties`);
    for (const [key, child] of Object.entries((s.properties ?? {}) as Record<string, unknown>))
      problems.push(...openSchemaProblems(child, `${path}.${key}`));
    for (const child of Object.values((s.patternProperties ?? {}) as Record<string, unknown>))
      problems.push(...openSchemaProblems(child, `${path}{}`));
  } else if (type === 'array') {
    if (typeof s.maxItems !== 'number') problems.push(`${path}: array without maxItems`);
    problems.push(...openSchemaProblems(s.items, `${path}[]`));
  } else if (type === 'string') {
    if (
      typeof s.maxLength !== 'number' &&
      typeof s.pattern !== 'string' &&
      s.format !== 'date' &&
      s.format !== 'uuid' &&
      s.format !== 'date-time'
    ) {
      problems.push(`${path}: string without maxLength`);
    }
  } else if (!['number', 'integer', 'boolean', 'null'].includes(type as string)) {
    problems.push(`${path}: value of any shape`);
  }
  return problems;
}

/** Boot check of one route: its body schema, when it has one, is closed. */
export function checkRouteInput(route: RouteOptions): void {
  const body = (route.schema as Schema | undefined)?.body;
  if (body === undefined) return;
  const problems = openSchemaProblems(body);
  if (problems.length)
    throw new Error(`${[route.method].flat().join(',')} ${route.url} has an open body schema:\n  ${problems.join('\n  ')}`);
}

function refuse(part: 'body' | 'query' | 'params', value: unknown): void {
  const problem = inputProblem(value);
  if (!problem) return;
  const field = part === 'body' ? problem.path : `${part}.${problem.path}`;
  throw new ApiError(400, 'INVALID_INPUT', problem.message, { [field]: problem.message });
}

const isEmpty = (body: unknown) =>
  body === undefined ||
  body === null ||
  body === '' ||
  (typeof body === 'object' && !Array.isArray(body) && Object.keys(body).length === 0);

function checkRequest(request: FastifyRequest): void {
  // A route without a body schema reads no body; an upload route (consumes multipart) answers a wrong body itself.
  // routeOptions is a getter that builds a new object on every read: read once.
  const { schema, url } = request.routeOptions;
  if (url !== undefined && !schema?.body && !isEmpty(request.body) && !isUploadRoute(schema as never)) {
    throw new ApiError(400, 'BODY_NOT_ALLOWED', INPUT_MESSAGES.noBody);
  }
  refuse('params', request.params);
  refuse('query', request.query);
  refuse('body', request.body);
}

/** Ends a callback hook after a synchronous check: `next` with what it threw, or with nothing (no promise per request). */
export function nextAfter(next: (error?: Error) => void, check: () => void): void {
  try {
    check();
  } catch (error) {
    next(error as Error);
    return;
  }
  next();
}

export function registerInputRules(app: FastifyInstance): void {
  app.addHook('onRoute', checkRouteInput);
  const hook = (request: FastifyRequest, _reply: unknown, next: (error?: Error) => void) =>
    nextAfter(next, () => checkRequest(request));
  app.addHook('preValidation', hook);
  app.addHook('preHandler', hook);
}
