// Spec paths that name the complex in the query string (ServerPlugin.complexQueryPaths), e.g.
// GET /<path>/?<field>=<id>&x=1: rewritten before routing to the plugin's complex route (/api/complexes/<id>/<resource>/
// <action>?x=1), so the one complex scope decides sign-in, link to the complex, switches and roles with that route's
// row of the access table, and the route walks cover it like any other complex route. (A complex named in a body is
// read after routing instead: CompatibilityMount.complexField.)

import type { ServerPlugin } from '@conjunto/core';
import { isUuid } from '@conjunto/core';

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
    // Every request passes here: those without a query string leave at once.
    const mark = url.indexOf('?');
    if (mark < 0) return url;
    const found = paths.get(trimSlash(url.slice(0, mark)));
    if (!found) return url;
    const params = new URLSearchParams(url.slice(mark + 1));
    const ids = params.getAll(found.query);
    // One well-formed id or nothing: left as it is, the path matches no route (404).
    if (ids.length !== 1 || !isUuid(ids[0])) return url;
    params.delete(found.query);
    const rest = params.toString();
    return `${found.target.replace(':complexId', ids[0].toLowerCase())}${rest ? `?${rest}` : ''}`;
  };
}
