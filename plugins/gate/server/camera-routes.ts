// /api/complexes/:complexId/gate-cameras: the guard posts' cameras. The office manages them (the password is
// write-only: sealed by the host, answered as hasPassword); guards read which posts have cameras and their pictures.
// Also the spec's GET captura_camaras/ and api/camaras_bitacora/ (002 §7), which name the complex in the query string:
// the host rewrites them onto the routes below (ServerPlugin.complexQueryPaths), so tenancy is the same.
import {
  ApiError,
  blank,
  changesOf,
  ERROR_RESPONSES,
  ErrorSchema,
  fieldsOf,
  type HostServices,
  IdParams,
  invalid,
  isoOrNull,
  isUuid,
  onUniqueViolation,
  type PluginApp,
} from '@conjunto/core';
import type { FastifyRequest } from 'fastify';
import type { Static } from 'typebox';
import {
  CamarasBitacoraSchema,
  CameraPostsSchema,
  CapturaQuerySchema,
  CapturaSchema,
  GateCameraEditSchema,
  GateCameraSchema,
  GateCameraWriteSchema,
  SnapshotQuerySchema,
  SnapshotsSchema,
} from '../camera-schemas.ts';
import { CAMERA_LIMITS, CAMERA_MESSAGES, type CameraDriver } from '../cameras.ts';
import { GATE_MESSAGES } from '../gate.ts';
import { GateCamera } from './camera.entity.ts';
import { camerasOf, passwordAad, postSnapshots } from './camera-capture.ts';
import { badFilter, checkedPost, em, tags } from './common.ts';

const RESOURCE = 'gate-cameras';
type Camera = Static<typeof GateCameraSchema>;

export const toCamera = (c: GateCamera): Camera => ({
  id: c.id,
  postId: c.postId,
  postName: c.postName ?? null,
  name: c.name,
  driver: c.driver as CameraDriver,
  url: c.url ?? null,
  username: c.username ?? null,
  hasPassword: Boolean(c.passwordSealed),
  createdAt: isoOrNull(c.createdAt) ?? '',
});

const taken = () => new ApiError(409, 'CAMERA_TAKEN', CAMERA_MESSAGES.nameTaken, { name: CAMERA_MESSAGES.nameTaken });

/** A snapshot URL: http or https, a host, no credentials in it (they go in username/password, sealed). */
function checkedUrl(raw: string | null | undefined): string | null {
  const text = blank(raw);
  if (!text) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw invalid('url', CAMERA_MESSAGES.url);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname || url.username || url.password)
    throw invalid('url', CAMERA_MESSAGES.url);
  return url.toString();
}

export function cameraRoutes(app: PluginApp, host: HostServices) {
  const load = (request: FastifyRequest) =>
    host.findOr404<GateCamera>(request, GateCamera, (request.params as { id: string }).id);
  const nameOf = (raw: string) => {
    const name = raw.trim().replace(/\s+/g, ' ');
    if (!name) throw invalid('name', CAMERA_MESSAGES.cameraName);
    return name;
  };
  const audited = (c: GateCamera) => ({ ...toCamera(c), hasPassword: Boolean(c.passwordSealed) });
  /** A post holds at most CAMERA_LIMITS.perPost cameras (they are all read at once). */
  const roomIn = async (request: FastifyRequest, postId: string, except?: string) => {
    const [row] = await em(host, request).execute<{ n: number }[]>(
      'select count(*)::int as n from gate_cameras where complex_id = ? and post_id = ? and id <> ?',
      [host.context(request).complexId, postId, except ?? '00000000-0000-0000-0000-000000000000'],
    );
    if (row.n >= CAMERA_LIMITS.perPost) throw invalid('postId', CAMERA_MESSAGES.tooMany);
  };

  host.listRoute(app, {
    resource: RESOURCE,
    tags,
    summary: "The complex's cameras by post and name (never their passwords); filter postId",
    entity: GateCamera,
    filters: {
      postId: (value) => {
        if (!isUuid(value)) throw badFilter('postId');
        return { postId: value };
      },
    },
    search: ['name'],
    sortable: ['name', 'postName', 'createdAt'],
    defaultSort: { field: 'postName', order: 'ASC' },
    item: GateCameraSchema,
    exportColumns: { postName: 'Garita', name: 'Cámara', driver: 'Controlador', url: 'URL' },
    toItem: (row: GateCamera) => toCamera(row),
  });

  // Before '/:id' in meaning (static segments win in the router): the guards' two reads.
  app.get(
    `/${RESOURCE}/posts`,
    {
      schema: {
        tags,
        summary: "The posts that have cameras and how many (the guard's 'Ver Cámaras' shows only for them)",
        response: { 200: CameraPostsSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => ({ posts: await postsWithCameras(request) }),
  );

  const postsWithCameras = (request: FastifyRequest) =>
    em(host, request)
      .execute<{ postId: string; postName: string; cameras: number }[]>(
        `select g.id as "postId", g.name as "postName", count(c.id)::int as cameras
           from gate_posts g join gate_cameras c on c.post_id = g.id and c.complex_id = g.complex_id
          where g.complex_id = ? group by g.id, g.name order by lower(g.name)`,
        [host.context(request).complexId],
      )
      .then((rows) => rows.map((r) => ({ ...r, cameras: Number(r.cameras) })));

  app.get(
    `/${RESOURCE}/snapshots`,
    {
      schema: {
        tags,
        summary:
          "Every camera of the post (or of the complex) read at once through its driver (3 s at most): base64 pictures; a camera that fails answers error 'Error al obtener las imágenes' in its item",
        querystring: SnapshotQuerySchema,
        response: { 200: SnapshotsSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const postId = await checkedPost(host, request, request.query.postId);
      return postSnapshots(host, request, postId);
    },
  );

  // Spec 002 §7: GET captura_camaras/?id_conjunto=&camaraGarita= (served here through the host's rewrite).
  app.get(
    `/${RESOURCE}/captura_camaras`,
    {
      config: { access: 'snapshots' },
      schema: {
        tags,
        summary:
          'Spec 002 §7 GET captura_camaras/?id_conjunto=&camaraGarita= (rewritten here): listaImagenes [{imagen (base64), fuente}] of the post named by camaraGarita (id or name; none: every post)',
        querystring: CapturaQuerySchema,
        response: { 200: CapturaSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const named = blank(request.query.camaraGarita);
      let postId: string | null = null;
      if (named) {
        const [post] = await em(host, request).execute<{ id: string }[]>(
          `select id from gate_posts where complex_id = ? and (${isUuid(named) ? 'id = ?' : 'lower(name) = lower(?)'}) limit 1`,
          [host.context(request).complexId, named],
        );
        if (!post) throw new ApiError(404, 'NOT_FOUND', GATE_MESSAGES.postMissing);
        postId = post.id;
      }
      const { items } = await postSnapshots(host, request, postId);
      return { listaImagenes: items.map((i) => ({ imagen: i.image, fuente: i.source, error: i.error })) };
    },
  );

  // Spec 002 §7: GET api/camaras_bitacora/?id_conjunto= (served here through the host's rewrite).
  app.get(
    `/${RESOURCE}/camaras_bitacora`,
    {
      config: { access: 'posts' },
      schema: {
        tags,
        summary:
          "Spec 002 §7 GET api/camaras_bitacora/?id_conjunto= (rewritten here): the complex's cameras, camara_garita = the post's name",
        response: { 200: CamarasBitacoraSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const cameras = await camerasOf(host, request);
      return {
        count: cameras.length,
        results: cameras.map((c) => ({
          id: c.id,
          nombre: c.name,
          camara_garita: c.postName ?? '',
          id_garita: c.postId,
          driver: c.driver as CameraDriver,
        })),
      };
    },
  );

  app.get(
    `/${RESOURCE}/:id`,
    { schema: { tags, params: IdParams, response: { 200: GateCameraSchema, 404: ErrorSchema } } },
    async (request) => toCamera(await load(request)),
  );

  /** The driver's fields: an HTTP camera needs its URL; the simulator keeps none. */
  const driverFields = (driver: CameraDriver, url: string | null) => {
    if (driver === 'http-snapshot' && !url) throw invalid('url', CAMERA_MESSAGES.urlRequired);
    return driver === 'simulator' ? { url: null } : { url };
  };

  app.post(
    `/${RESOURCE}`,
    {
      schema: {
        tags,
        summary: 'Add a camera to a post; the password is sealed at rest and never answered (hasPassword)',
        body: GateCameraWriteSchema,
        response: { 201: GateCameraSchema, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const postId = (await checkedPost(host, request, body.postId)) as string;
      await roomIn(request, postId);
      const name = nameOf(body.name);
      const { url } = driverFields(body.driver, checkedUrl(body.url));
      const camera = em(host, request).create(GateCamera, {
        complexId: host.context(request).complexId,
        postId,
        name,
        driver: body.driver,
        url,
        username: body.driver === 'simulator' ? null : blank(body.username),
      } as never);
      const password = body.driver === 'simulator' ? null : (body.password ?? null);
      if (password) camera.passwordSealed = host.secrets.seal(request, password, passwordAad(camera.id));
      host.audit(request, em(host, request), {
        resource: RESOURCE,
        recordId: camera.id,
        action: 'create',
        changes: { postId, name, driver: body.driver, url, username: camera.username, hasPassword: Boolean(password) },
        description: name,
      });
      await em(host, request).flush().catch(onUniqueViolation('gate_cameras_post_name_unique', taken));
      return reply
        .status(201)
        .send(toCamera((await em(host, request).fork().findOne(GateCamera, { id: camera.id })) as GateCamera));
    },
  );

  app.put(
    `/${RESOURCE}/:id`,
    {
      schema: {
        tags,
        summary:
          'Change a camera; password: absent keeps it (not when the URL moves to another host: it is removed), null or empty removes it',
        params: IdParams,
        body: GateCameraEditSchema,
        response: { 200: GateCameraSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const camera = await load(request);
      const before = audited(camera);
      const body = fieldsOf(GateCameraEditSchema, request.body);
      if (body.postId !== undefined && body.postId !== camera.postId) {
        camera.postId = (await checkedPost(host, request, body.postId)) as string;
        await roomIn(request, camera.postId, camera.id);
      }
      if (body.name !== undefined) camera.name = nameOf(body.name);
      if (body.driver !== undefined) camera.driver = body.driver;
      const origin = (url: string | null | undefined) => (url ? new URL(url).origin : null);
      if (body.url !== undefined) {
        const url = checkedUrl(body.url);
        // The stored password goes to the camera's address only: a new host needs it typed again (else an
        // administrator could point the camera at a server of theirs and read it from the driver's answer).
        if (origin(url) !== origin(camera.url) && body.password === undefined) camera.passwordSealed = null;
        camera.url = url;
      }
      if (body.username !== undefined) camera.username = blank(body.username);
      if (body.password !== undefined)
        camera.passwordSealed = body.password ? host.secrets.seal(request, body.password, passwordAad(camera.id)) : null;
      const driver = camera.driver as CameraDriver;
      camera.url = driverFields(driver, camera.url ?? null).url;
      if (driver === 'simulator') {
        camera.username = null;
        camera.passwordSealed = null;
      }
      host.audit(request, em(host, request), {
        resource: RESOURCE,
        recordId: camera.id,
        action: 'update',
        // The password's change shows as hasPassword (and 'password changed' when a new one was set), never its value.
        changes: { ...changesOf(before, audited(camera)), ...(body.password ? { password: ['***', '***'] } : {}) },
        description: camera.name,
      });
      await em(host, request).flush().catch(onUniqueViolation('gate_cameras_post_name_unique', taken));
      return toCamera((await em(host, request).fork().findOne(GateCamera, { id: camera.id })) as GateCamera);
    },
  );

  app.delete(
    `/${RESOURCE}/:id`,
    { schema: { tags, params: IdParams, response: { 200: GateCameraSchema, ...ERROR_RESPONSES } } },
    async (request) => {
      const camera = await load(request);
      const result = toCamera(camera);
      em(host, request).remove(camera);
      host.audit(request, em(host, request), {
        resource: RESOURCE,
        recordId: camera.id,
        action: 'delete',
        changes: result,
        description: camera.name,
      });
      await em(host, request).flush();
      return result;
    },
  );
}
