// ra-data-simple-rest over the API, with the route names of the spec mapped to API resources:
// complex-scoped resources go to /api/complexes/<current complex>/<api>, platform ones to /api/platform/<api>,
// and 'root' ones to /api/<api> (e.g. the complex itself: /api/complexes/<id>).
import { NO_COMPLEX } from '@conjunto/core';
import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider, Identifier } from 'react-admin';
import { HttpError } from 'react-admin';
import { API_URL, type ApiOptions, apiFile, apiJson, httpClient, idempotencyHeaders } from './api.ts';
import { type EventCallback, subscribe } from './liveEvents.ts';
import { session } from './session.ts';

export type ResourceScope = 'complex' | 'platform' | 'root';

export interface ResourceRoute {
  scope: ResourceScope;
  /** API resource; defaults to the react-admin resource name. */
  api?: string;
}

export type ResourceRoutes = Readonly<Record<string, ResourceRoute>>;

/** `resource` plus the shell's extra call for plugins' non-CRUD endpoints. */
export interface ShellDataProvider extends DataProvider {
  /**
   * Calls `<resource's API path>/<path>` (e.g. send('encuestas', '<id>/enable', { method: 'POST' })) and
   * answers the JSON body.
   */
  send(resource: string, path: string, options?: Omit<ApiOptions, 'signal'>): Promise<unknown>;
  /**
   * Like send, for answers that are files (PDF, Excel): the body as a Blob and the file name the server gave.
   * A FormData body is sent as multipart (uploads).
   */
  sendFile(resource: string, path: string, options?: Omit<ApiOptions, 'signal'>): Promise<{ blob: Blob; filename?: string }>;
  /**
   * Live events of the current complex (react-admin's realtime shape): calls back with the payload of each
   * event of `topic` (e.g. subscribe('<plugin id>.progress', (p) => ...)) and answers the unsubscribe function
   * (in a promise: react-admin's useDataProvider wraps every method's answer as a promise; shellCalls unwraps it),
   * to return from a useEffect. One shared stream per complex (admin/src/liveEvents.ts); events are not
   * replayed: subscribe to STREAM_OPENED (@conjunto/core) to reload what you show after a reconnection.
   */
  subscribe(topic: string, callback: EventCallback): Promise<() => void>;
}

export function createDataProvider(routes: ResourceRoutes): ShellDataProvider {
  /** The path of a resource below /api, read at call time so that the complex picker takes effect at once. */
  const pathOf = (resource: string): string => {
    const route = routes[resource] ?? { scope: 'complex' };
    const api = route.api ?? resource;
    if (route.scope === 'platform') return `platform/${api}`;
    if (route.scope === 'root') return api;
    const complex = session.get().complex;
    if (!complex) throw new HttpError(NO_COMPLEX, 400);
    // A plugin's spec-documented paths (ServerPlugin.compatibility) name the complex themselves.
    if (api.includes('{complexId}')) return api.replace('{complexId}', encodeURIComponent(complex.id));
    return `complexes/${encodeURIComponent(complex.id)}/${api}`;
  };

  /**
   * `/<resource's path>/<path>`; an empty path calls the resource itself (a singleton's settings), without a
   * trailing slash, and so does a path that is only a query ('?name=…').
   */
  const callPath = (resource: string, path: string): string => {
    const rest = path.replace(/^\/+/, '');
    if (rest.startsWith('?')) return `/${pathOf(resource)}${rest}`;
    return rest ? `/${pathOf(resource)}/${rest}` : `/${pathOf(resource)}`;
  };

  const rest = simpleRestProvider(API_URL, httpClient);

  const remove = async (resource: string, id: Identifier) => {
    const { json } = await httpClient(`${API_URL}/${pathOf(resource)}/${encodeURIComponent(id)}`, { method: 'DELETE' });
    return json;
  };

  return {
    getList: (resource, params) => rest.getList(pathOf(resource), params),
    getOne: (resource, params) => rest.getOne(pathOf(resource), params),
    getMany: (resource, params) => rest.getMany(pathOf(resource), params),
    getManyReference: (resource, params) => rest.getManyReference(pathOf(resource), params),
    // One Idempotency-Key per create, kept when the call is repeated (session renewal): never two records.
    create: async (resource, params) => {
      const { json } = await httpClient(`${API_URL}/${pathOf(resource)}`, {
        method: 'POST',
        body: JSON.stringify(params.data),
        headers: new Headers(idempotencyHeaders('POST')),
      });
      return { data: json };
    },
    update: (resource, params) => rest.update(pathOf(resource), params),
    updateMany: (resource, params) => rest.updateMany(pathOf(resource), params),
    // The API answers 204 on delete: give react-admin the record it deleted.
    delete: async (resource, params) => {
      const json = await remove(resource, params.id);
      return { data: json ?? params.previousData ?? { id: params.id } };
    },
    deleteMany: async (resource, params) => {
      await Promise.all(params.ids.map((id) => remove(resource, id)));
      return { data: params.ids };
    },
    send: (resource, path, options) => apiJson(callPath(resource, path), options),
    sendFile: (resource, path, options) => apiFile(callPath(resource, path), options),
    subscribe: async (topic, callback) => subscribe(topic, callback),
  };
}
