/** The fields of `after` that differ from `before`, as { field: [old, new] }: the `changes` of an audit entry. */
export function changesOf(before: Record<string, unknown>, after: Record<string, unknown>): Record<string, [unknown, unknown]> {
  const changes: Record<string, [unknown, unknown]> = {};
  for (const key of Object.keys(after)) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) changes[key] = [before[key] ?? null, after[key] ?? null];
  }
  return changes;
}
