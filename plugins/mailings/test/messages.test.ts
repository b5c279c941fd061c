// The scheduled e-mails' messages: Spanish and English have the same keys, no text is empty, and every key the
// screens use exists.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { messageLeaves } from '@conjunto/core';
import { describe, expect, it } from 'vitest';
import en from '../messages/en.ts';
import es from '../messages/es.ts';

describe('mailings messages', () => {
  const esLeaves = messageLeaves(es);
  const enLeaves = messageLeaves(en);

  it('has the same keys in Spanish and English, none empty', () => {
    expect([...enLeaves.keys()].sort()).toEqual([...esLeaves.keys()].sort());
    const empty = [...esLeaves, ...enLeaves].filter(([, v]) => typeof v !== 'string' || v.trim() === '').map(([k]) => k);
    expect(empty).toEqual([]);
  });

  it('has every key the admin screens name', () => {
    const dir = join(import.meta.dirname, '../admin');
    const used = new Set<string>();
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.tsx') || f.endsWith('.ts')))
      for (const m of readFileSync(join(dir, file), 'utf8').matchAll(/['`](mailings\.[a-zA-Z.]+)['`]/g)) used.add(m[1]);
    // Keys built from a value: every audience, recurrence, status and mail state.
    const built = [...esLeaves.keys()].filter((k) => /^mailings\.(audience|recurrence|status)\./.test(k));
    expect(used.size).toBeGreaterThan(10);
    expect(built.length).toBe(5 + 4 + 4);
    // Not a message: the job's name.
    const names = new Set(['mailings.send']);
    expect([...used].filter((k) => !names.has(k) && (!esLeaves.has(k) || !enLeaves.has(k)))).toEqual([]);
  });
});
