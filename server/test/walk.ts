// Helpers of the route-walking tests: they read the app's route table (methods, urls, roles, schemas), so
// every new route is walked without editing a test.
import type { RouteRecord } from '../src/types.ts';
import type { TestServer } from './harness.ts';

type Schema = Record<string, unknown>;

export const COMPLEX_PREFIX = '/api/complexes/:complexId';
/** An id no table holds. */
export const NO_SUCH_ID = '01a2002d-0000-7000-8000-000000000000';

/** A fingerprint of every table, to prove that nothing changed. */
/** Outboxes whose rows a background sender updates (status, attempts) at any moment: compared by their rows. */
const OUTBOXES = new Set(['mail_outbox', 'push_outbox']);

export async function snapshot(t: TestServer): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  for (const table of await tables(t)) {
    const value = OUTBOXES.has(table) ? 'x.id::text' : 'x::text';
    const [row] = await t.sql<{ h: string | null }>(
      `select md5(coalesce(string_agg(${value}, '|' order by ${value}), '')) as h from "${table}" x`,
    );
    result[table] = row.h ?? '';
  }
  return result;
}

/** Counters of requests (rate limits, sign-in failures) change with every call: they are not data. */
const BOOKKEEPING = new Set(['rate_limits', 'login_failures']);

export async function tables(t: TestServer): Promise<string[]> {
  const rows = await t.sql<{ table_name: string }>(
    "select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name not like 'mikro_orm%' order by 1",
  );
  return rows.map((r) => r.table_name).filter((name) => !BOOKKEEPING.has(name));
}

/** An existing record of `complexId` for the route's resource (table named like the first segment after the complex). */
export async function recordIdFor(t: TestServer, url: string, complexId: string): Promise<string> {
  const table = url
    .slice(url.indexOf(':complexId') + ':complexId'.length + 1)
    .split('/')[0]
    .replaceAll('-', '_');
  const columns = await t.sql(
    "select 1 from information_schema.columns where table_schema = current_schema() and table_name = ? and column_name in ('id', 'complex_id')",
    [table],
  );
  if (columns.length === 2) {
    const [row] = await t.sql<{ id: string }>(`select id from "${table}" where complex_id = ? limit 1`, [complexId]);
    if (row) return row.id;
  }
  return NO_SUCH_ID;
}

/** The demo account that may call a route: an administrator where allowed (the usual attacker), else the first role that fits. */
const ACCOUNT_OF_ROLE: [string, string][] = [
  ['administrador', 'admin@demo.test'],
  ['residente', 'residente@demo.test'],
  ['supervisor', 'guardia@demo.test'],
  ['directiva', 'directiva@demo.test'],
  ['parkey', 'parkey@demo.test'],
  ['empresa', 'empresa@demo.test'],
  ['superAdministrador', 'superadmin@demo.test'],
];
export function accountFor(route: RouteRecord): string | undefined {
  if (!route.roles) return route.url.startsWith('/api/platform') ? 'superadmin@demo.test' : 'admin@demo.test';
  return ACCOUNT_OF_ROLE.find(([role]) => route.roles?.includes(role))?.[1];
}

/**
 * Bearer headers of any demo account (the resident signs in as the mobile app). `fresh`: a sign-in of its own,
 * for routes that may end it (logout, password change).
 */
export async function headersOf(t: TestServer, email: string, fresh = false): Promise<{ authorization: string }> {
  if (email !== 'residente@demo.test' && !fresh) return t.login(email);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: 'demo1234', client: email === 'residente@demo.test' ? 'app' : 'admin' },
  });
  return { authorization: `Bearer ${res.json().token}` };
}

/**
 * A value the schema accepts, as small as it allows: required properties only, the first branch of a union
 * (not null), minimal lengths and counts. `text` fills every free text (e.g. with a NUL byte), `number` every number.
 */
export function sampleOf(schema: unknown, fill: { text?: string; number?: unknown } = {}): unknown {
  const s = (schema ?? {}) as Schema;
  if ('const' in s) return s.const;
  if (Array.isArray(s.enum)) return s.enum[0];
  const branches = (s.anyOf ?? s.oneOf) as Schema[] | undefined;
  if (branches) return sampleOf(branches.find((b) => b.type !== 'null') ?? branches[0], fill);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const key of (s.required as string[] | undefined) ?? [])
        out[key] = sampleOf((s.properties as Record<string, unknown>)[key], fill);
      return out;
    }
    case 'array':
      return Array.from({ length: Number(s.minItems ?? 0) }, () => sampleOf(s.items, fill));
    case 'number':
    case 'integer':
      return fill.number ?? Math.max(1, Number(s.minimum ?? 0), Number(s.exclusiveMinimum ?? 0) + 1);
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'string':
      if (s.format === 'date') return '2026-11-20';
      if (s.format === 'date-time') return '2026-11-20T12:00:00.000Z';
      if (s.format === 'uuid') return NO_SUCH_ID;
      if (s.format === 'email') return 'sonda@demo.test';
      if (typeof s.pattern === 'string' && /^\^\[0-9\]\{(\d+)\}\$$/.test(s.pattern))
        return '1'.repeat(Number(/\{(\d+)\}/.exec(s.pattern)?.[1]));
      return fill.text ?? 'Sonda'.padEnd(Number(s.minLength ?? 0), 'x').slice(0, Math.max(Number(s.maxLength ?? 5), 1));
    default:
      return {};
  }
}

/** The URL of a route with its parameters filled for `complexId`. */
export async function urlOf(
  t: TestServer,
  route: RouteRecord,
  complexId: string,
  params: Record<string, string> = {},
): Promise<string> {
  let url = route.url.replace(':complexId', complexId);
  if (url.includes(':id')) url = url.replace(':id', params.id ?? (await recordIdFor(t, route.url, complexId)));
  return url.replace(/:(\w+)/g, (_, name) => params[name] ?? 'sonda');
}
