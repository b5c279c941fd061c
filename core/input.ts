// What every untrusted value must respect (DESIGN §6), checked for every request by the host and for every
// parsed list filter: no NUL bytes in texts or keys, finite numbers only, bounded depth. The walk is
// iterative, so a 5,000-deep array cannot overflow the stack that checks it.

/** An e-mail address as every form and route accepts it (the mail outbox checks more before it sends). */
export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Nesting deeper than this is refused: no form of the product nests half as deep. */
export const MAX_INPUT_DEPTH = 32;

export const INPUT_MESSAGES = {
  nul: 'El texto contiene caracteres no permitidos.',
  nonFinite: 'Debe ser un número válido.',
  tooDeep: 'La estructura enviada es demasiado profunda.',
  noBody: 'Esta operación no recibe datos.',
} as const;

export interface InputProblem {
  /** Where, as `field.0.name` ('_' for the value itself). */
  path: string;
  message: string;
}

/** The first problem of an untrusted value, or undefined when it is clean. */
export function inputProblem(value: unknown, maxDepth = MAX_INPUT_DEPTH): InputProblem | undefined {
  const stack: [unknown, string, number][] = [[value, '', 0]];
  while (stack.length) {
    const [item, path, depth] = stack.pop() as [unknown, string, number];
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return { path: path || '_', message: INPUT_MESSAGES.nul };
    } else if (typeof item === 'number') {
      if (!Number.isFinite(item)) return { path: path || '_', message: INPUT_MESSAGES.nonFinite };
    } else if (item !== null && typeof item === 'object') {
      if (depth >= maxDepth) return { path: path || '_', message: INPUT_MESSAGES.tooDeep };
      for (const [key, child] of Object.entries(item)) {
        const at = path ? `${path}.${key}` : key;
        if (key.includes('\u0000')) return { path: at.replaceAll('\u0000', ''), message: INPUT_MESSAGES.nul };
        stack.push([child, at, depth + 1]);
      }
    }
  }
  return undefined;
}

/** A text trimmed, null when empty (an optional field left blank). */
export const blank = (value: string | null | undefined): string | null =>
  value == null || value.trim() === '' ? null : value.trim();

/** A timestamp (Date or text) as ISO text, or null. */
export const isoOrNull = (value: unknown): string | null => (value ? new Date(value as string).toISOString() : null);
