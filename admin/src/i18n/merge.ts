// Deep merge of translation trees: later trees win, nested objects merge, nothing is mutated.
export type Messages = { [key: string]: unknown };

const isTree = (value: unknown): value is Messages => typeof value === 'object' && value !== null && !Array.isArray(value);

export function mergeMessages(...trees: readonly unknown[]): Messages {
  const out: Messages = {};
  for (const tree of trees) {
    if (!isTree(tree)) continue;
    for (const [key, value] of Object.entries(tree)) {
      out[key] =
        isTree(value) && isTree(out[key]) ? mergeMessages(out[key], value) : isTree(value) ? mergeMessages(value) : value;
    }
  }
  return out;
}
