/** The fields of `after` that differ from `before`, as { field: [old, new] }: the `changes` of an audit entry. */
export function changesOf(before: Record<string, unknown>, after: Record<string, unknown>): Record<string, [unknown, unknown]> {
  const changes: Record<string, [unknown, unknown]> = {};
  for (const key of Object.keys(after)) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) changes[key] = [before[key] ?? null, after[key] ?? null];
  }
  return changes;
}

/** An update's changes, `{ field: [before, after] }` with at least one field. */
export type AuditDiff = Record<string, [unknown, unknown]>;
export const isAuditDiff = (value: unknown): value is AuditDiff =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.keys(value).length > 0 &&
  Object.values(value).every((v) => Array.isArray(v) && v.length === 2);

/** The longest description an audit entry keeps. */
export const AUDIT_DESCRIPTION_MAX = 200;

// Fields that name a record, in the order a reader would pick them.
const NAMING_FIELDS = ['nombre', 'name', 'title', 'number', 'identificacion', 'receiptNumber', 'fileName'] as const;

/**
 * A name for the record of an entry written without a description (entries older than descriptions): the first
 * naming field of what was written, of an update's new value, or of the record before (an annulment's `before`).
 */
export function describeFromChanges(changes: unknown): string | null {
  if (typeof changes !== 'object' || changes === null || Array.isArray(changes)) return null;
  const record = changes as Record<string, unknown>;
  const diff = isAuditDiff(record);
  for (const field of NAMING_FIELDS) {
    if (!Object.hasOwn(record, field)) continue;
    const value = diff ? (record[field] as [unknown, unknown])[1] : record[field];
    if ((typeof value === 'string' && value.trim()) || typeof value === 'number')
      return (field === 'receiptNumber' ? `N° ${String(value).padStart(6, '0')}` : String(value).trim()).slice(
        0,
        AUDIT_DESCRIPTION_MAX,
      );
  }
  return typeof record.before === 'object' && !diff ? describeFromChanges(record.before) : null;
}

/** A resource in the messages: 'Ingreso |||| Ingresos' and its field labels. */
interface ResourceMessages {
  name?: string;
  fields?: Record<string, unknown>;
}

/**
 * A plugin's `auditLog.resources` messages from its own resources' messages: each API resource of `byApi`
 * ({ incomes: 'ingresos' }) is named in the singular and labels its fields as its screens do; `extra` adds or
 * overrides fields that only the log shows. The admin's audit log reads `auditLog.resources.<resource>`.
 */
export function auditResources(
  resources: Record<string, ResourceMessages | undefined>,
  byApi: Record<string, string>,
  extra: Record<string, ResourceMessages> = {},
): Record<string, { name: string; fields: Record<string, unknown> }> {
  const out: Record<string, { name: string; fields: Record<string, unknown> }> = {};
  for (const [api, name] of Object.entries(byApi)) {
    const own = resources[name];
    out[api] = { name: (own?.name ?? api).split('||||')[0].trim(), fields: { ...own?.fields } };
  }
  for (const [api, more] of Object.entries(extra))
    out[api] = { name: more.name ?? out[api]?.name ?? api, fields: { ...out[api]?.fields, ...more.fields } };
  return out;
}
