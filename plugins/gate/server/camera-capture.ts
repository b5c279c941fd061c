// Reading a post's cameras through their drivers, all at once, each within the driver's timeout; and the pictures
// an entry keeps: taken when it is registered, stored as files of the complex (host.files) and referenced from it.
import type { HostScope, HostServices } from '@conjunto/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { FastifyRequest } from 'fastify';
import type { EntryImage } from '../camera-schemas.ts';
import type { CameraDriver } from '../cameras.ts';
import { CAMERA_LIMITS, CAMERA_MESSAGES } from '../cameras.ts';
import { GateCamera } from './camera.entity.ts';
import { CameraError, type CameraSnapshot } from './cameras/driver.ts';
import { httpSnapshot } from './cameras/http-snapshot.ts';
import { simulatedSnapshot } from './cameras/simulator.ts';
import { em } from './common.ts';

/** What a camera's password is sealed with (the row and column): a sealed value moved elsewhere does not open. */
export const passwordAad = (cameraId: string) => `gate_cameras.password:${cameraId}`;

/**
 * Which addresses the HTTP driver may reach besides the public Internet: GATE_CAMERAS_PRIVATE=true for a platform
 * installed on the complex's own network (10/8, 172.16/12, 192.168/16); GATE_CAMERAS_LOOPBACK=true for tests only.
 */
const driverOptions = () => ({
  allowPrivate: process.env.GATE_CAMERAS_PRIVATE === 'true',
  allowLoopback: process.env.GATE_CAMERAS_LOOPBACK === 'true',
});

export interface CameraShot {
  camera: GateCamera;
  source: string;
  snapshot: CameraSnapshot | null;
  error: string | null;
}

/** The complex's cameras (of one post when given), by post then name. */
export async function camerasOf(host: HostServices, request: FastifyRequest, postId?: string | null): Promise<GateCamera[]> {
  const complexId = host.context(request).complexId;
  return em(host, request).find(GateCamera, postId ? { complexId, postId } : { complexId }, {
    orderBy: { postId: 'asc', name: 'asc' },
  });
}

/** One camera's picture through its driver; never throws (a failure is the spec's 'Error al obtener las imágenes'). */
async function shoot(host: HostServices, scope: HostScope, camera: GateCamera): Promise<CameraShot> {
  const source = `${camera.postName ?? ''} · ${camera.name}`;
  try {
    let snapshot: CameraSnapshot;
    if ((camera.driver as CameraDriver) === 'simulator')
      snapshot = simulatedSnapshot({ post: camera.postName ?? '', name: camera.name });
    else {
      if (!camera.url) throw new CameraError('url');
      const password = camera.passwordSealed ? host.secrets.open(scope, camera.passwordSealed, passwordAad(camera.id)) : null;
      snapshot = await httpSnapshot({ url: camera.url, username: camera.username, password }, driverOptions());
    }
    return { camera, source, snapshot, error: null };
  } catch (error) {
    (scope as FastifyRequest).log?.warn({ camera: camera.id, err: (error as Error).message }, 'camera snapshot failed');
    return { camera, source, snapshot: null, error: CAMERA_MESSAGES.fetchError };
  }
}

/** Every camera at once: the whole takes as long as the slowest (at most the driver's timeout, 3 s). */
export const shootAll = (host: HostServices, request: FastifyRequest, cameras: readonly GateCamera[]) =>
  Promise.all(cameras.map((camera) => shoot(host, request, camera)));

/** The pictures of now of a post's cameras (of the complex's first ones without a post), each or its error. */
export async function postSnapshots(host: HostServices, request: FastifyRequest, postId: string | null | undefined) {
  const cameras = (await camerasOf(host, request, postId)).slice(0, CAMERA_LIMITS.perRequest);
  const takenAt = new Date().toISOString();
  const shots = await shootAll(host, request, cameras);
  return {
    takenAt,
    items: shots.map((s) => ({
      cameraId: s.camera.id,
      name: s.camera.name,
      postId: s.camera.postId,
      postName: s.camera.postName ?? '',
      source: s.source,
      contentType: s.snapshot?.contentType ?? null,
      image: s.snapshot ? s.snapshot.bytes.toString('base64') : null,
      error: s.error,
    })),
  };
}

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/svg+xml': 'svg',
};

/**
 * Starts taking the post's pictures for an entry about to be registered (in parallel with its write). Resolves to
 * the shots (none when the post has no cameras or there is no post); never rejects.
 */
export function startEntryCapture(host: HostServices, request: FastifyRequest, postId: string | null): Promise<CameraShot[]> {
  if (!postId) return Promise.resolve([]);
  return camerasOf(host, request, postId)
    .then((cameras) => shootAll(host, request, cameras))
    .catch((error) => {
      request.log.warn({ err: (error as Error).message }, 'entry capture failed');
      return [];
    });
}

/**
 * Stores the pictures taken for entry `entryId` (personal files: every read is audited) and references them from
 * it, in order. A failure leaves the entry without pictures: it is registered already. Whether any was stored (none:
 * the entry's answer needs no read of its pictures).
 */
export async function storeEntryImages(
  host: HostServices,
  request: FastifyRequest,
  entryId: string,
  label: string,
  shots: readonly CameraShot[],
): Promise<boolean> {
  const taken = shots.filter((s) => s.snapshot);
  if (!taken.length) return false;
  const complexId = host.context(request).complexId;
  try {
    await em(host, request).transactional(async (tx) => {
      let position = 0;
      for (const shot of taken) {
        const snapshot = shot.snapshot as CameraSnapshot;
        const saved = await host.files.save(request, tx, {
          category: 'gate-entry',
          personal: true,
          filename: `${shot.camera.name}.${EXTENSIONS[snapshot.contentType] ?? 'img'}`,
          label,
          contentType: snapshot.contentType,
          data: snapshot.bytes,
        });
        await (tx as SqlEntityManager).execute(
          `insert into gate_entry_images (id, complex_id, entry_id, file_id, position, source, content_type, taken_at)
           values (gen_random_uuid(), ?, ?, ?, ?, ?, ?, ?)`,
          [
            complexId,
            entryId,
            saved.id,
            position++,
            shot.source.slice(0, 123),
            snapshot.contentType,
            snapshot.takenAt.toISOString(),
          ],
        );
      }
    });
    return true;
  } catch (error) {
    request.log.warn({ entry: entryId, err: (error as Error).message }, 'entry images not stored');
    return false;
  }
}

/** The entry's pictures with short-lived URLs for <img>, in order. */
export async function entryImages(host: HostServices, request: FastifyRequest, entryId: string): Promise<EntryImage[]> {
  const rows = await em(host, request).execute<{ file_id: string; source: string; taken_at: string | Date }[]>(
    'select file_id, source, taken_at from gate_entry_images where complex_id = ? and entry_id = ? order by position',
    [host.context(request).complexId, entryId],
  );
  if (!rows.length) return [];
  const urls = await host.files.signedUrls(
    request,
    rows.map((r) => r.file_id),
  );
  return rows.flatMap((r) => {
    const url = urls.get(r.file_id);
    return url ? [{ fileId: r.file_id, source: r.source, takenAt: new Date(r.taken_at).toISOString(), url: url.url }] : [];
  });
}

/** The files of the entry's pictures (the security e-mail's photos), in order, at most `limit`. */
export async function entryImageFiles(
  host: HostServices,
  request: FastifyRequest,
  entryId: string,
  limit: number,
): Promise<{ fileId: string; source: string; contentType: string; extension: string }[]> {
  const rows = await em(host, request).execute<{ file_id: string; source: string; content_type: string }[]>(
    'select file_id, source, content_type from gate_entry_images where complex_id = ? and entry_id = ? order by position limit ?',
    [host.context(request).complexId, entryId, limit],
  );
  return rows.map((r) => ({
    fileId: r.file_id,
    source: r.source,
    contentType: r.content_type,
    extension: EXTENSIONS[r.content_type] ?? 'img',
  }));
}
