// Spec paths that name the complex in the query string (ServerPlugin.complexQueryPaths), e.g.
// GET /captura_camaras/?id_conjunto=<id>&camaraGarita=<post>: rewritten before routing to the plugin's complex route
// (/api/complexes/<id>/gate-cameras/captura_camaras?camaraGarita=<post>), so the one complex scope decides sign-in,
// link to the complex, switches and roles, and the route walks cover it like any other complex route.
import type { ServerPlugin } from '@conjunto/core';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const trimSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/** The URL rewriter for Fastify's `rewriteUrl`; the identity when no plugin declares such paths. */
export function complexQueryRewriter(plugins: readonly ServerPlugin[]): (url: string) => string {
  const paths = new Map<string, { query: string; target: string }>();
  for (const plugin of plugins)
    for (const { path, query, target } of plugin.complexQueryPaths ?? []) {
      if (!target.includes(':complexId')) throw new Error(`${plugin.manifest.id}: ${target} must name ':complexId'`);
      const key = trimSlash(path);
      if (paths.has(key)) throw new Error(`${plugin.manifest.id}: ${path} is declared twice`);
      paths.set(key, { query, target });
    }
  if (!paths.size) return (url) => url;
  return (url) => {
    const mark = url.indexOf('?');
    const found = paths.get(trimSlash(mark < 0 ? url : url.slice(0, mark)));
    if (!found || mark < 0) return url;
    const params = new URLSearchParams(url.slice(mark + 1));
    const ids = params.getAll(found.query);
    // One well-formed id or nothing: left as it is, the path matches no route (404).
    if (ids.length !== 1 || !UUID.test(ids[0])) return url;
    params.delete(found.query);
    const rest = params.toString();
    return `${found.target.replace(':complexId', ids[0].toLowerCase())}${rest ? `?${rest}` : ''}`;
  };
}
