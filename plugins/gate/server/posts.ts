// /api/complexes/:complexId/gate-posts: the complex's guard posts (garitas). The office manages them; guards list
// them to pick theirs ('CONJUNTO CON MULTIPLES GARITAS' when there are several).
import {
  ApiError,
  changesOf,
  ERROR_RESPONSES,
  ErrorSchema,
  fieldsOf,
  type HostServices,
  IdParams,
  invalid,
  isoOrNull,
  onUniqueViolation,
  type PluginApp,
} from '@conjunto/core';
import type { FastifyRequest } from 'fastify';
import { GATE_MESSAGES } from '../gate.ts';
import { GatePostSchema, GatePostWriteSchema } from '../schemas.ts';
import { em, tags } from './common.ts';
import { GatePost } from './post.entity.ts';

const RESOURCE = 'gate-posts';
export const toPost = (g: GatePost) => ({ id: g.id, name: g.name, createdAt: isoOrNull(g.createdAt) ?? '' });
const taken = () => new ApiError(409, 'POST_TAKEN', GATE_MESSAGES.postTaken, { name: GATE_MESSAGES.postTaken });

export function postRoutes(app: PluginApp, host: HostServices) {
  const load = (request: FastifyRequest) => host.findOr404<GatePost>(request, GatePost, (request.params as { id: string }).id);
  const nameOf = (raw: string) => {
    const name = raw.trim().replace(/\s+/g, ' ');
    if (!name) throw invalid('name', GATE_MESSAGES.postName);
    return name;
  };

  host.listRoute(app, {
    resource: RESOURCE,
    tags,
    summary: "The complex's guard posts, by name",
    entity: GatePost,
    search: ['name'],
    sortable: ['name', 'createdAt'],
    defaultSort: { field: 'name', order: 'ASC' },
    item: GatePostSchema,
    exportColumns: { name: 'Garita', createdAt: 'Fecha de creación' },
    toItem: (row: GatePost) => toPost(row),
  });

  app.get(
    `/${RESOURCE}/:id`,
    { schema: { tags, params: IdParams, response: { 200: GatePostSchema, 404: ErrorSchema } } },
    async (request) => toPost(await load(request)),
  );

  app.post(
    `/${RESOURCE}`,
    { schema: { tags, body: GatePostWriteSchema, response: { 201: GatePostSchema, ...ERROR_RESPONSES } } },
    async (request, reply) => {
      const name = nameOf(request.body.name);
      const post = em(host, request).create(GatePost, { complexId: host.context(request).complexId, name } as never);
      host.audit(request, em(host, request), {
        resource: RESOURCE,
        recordId: post.id,
        action: 'create',
        changes: { name },
        description: name,
      });
      await em(host, request).flush().catch(onUniqueViolation('gate_posts_complex_name_unique', taken));
      return reply.status(201).send(toPost(post));
    },
  );

  app.put(
    `/${RESOURCE}/:id`,
    { schema: { tags, params: IdParams, body: GatePostWriteSchema, response: { 200: GatePostSchema, ...ERROR_RESPONSES } } },
    async (request) => {
      const post = await load(request);
      const before = toPost(post);
      const body = fieldsOf(GatePostWriteSchema, request.body);
      if (body.name !== undefined) post.name = nameOf(body.name);
      host.audit(request, em(host, request), {
        resource: RESOURCE,
        recordId: post.id,
        action: 'update',
        changes: changesOf(before, toPost(post)),
        description: post.name,
      });
      await em(host, request).flush().catch(onUniqueViolation('gate_posts_complex_name_unique', taken));
      return toPost(post);
    },
  );

  app.delete(
    `/${RESOURCE}/:id`,
    {
      schema: {
        tags,
        summary: 'Delete a guard post (its entries and novedades keep their data, without post)',
        params: IdParams,
        response: { 200: GatePostSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const post = await load(request);
      const result = toPost(post);
      em(host, request).remove(post);
      host.audit(request, em(host, request), {
        resource: RESOURCE,
        recordId: post.id,
        action: 'delete',
        changes: result,
        description: post.name,
      });
      await em(host, request).flush();
      return result;
    },
  );
}
