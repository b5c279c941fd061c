// The support messages: Spanish and English have the same keys, no text is empty, and every key the screens use exists.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { messageLeaves } from '@conjunto/core';
import { describe, expect, it } from 'vitest';
import en from '../messages/en.ts';
import es from '../messages/es.ts';

const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? files(join(dir, f)) : [join(dir, f)]));

describe('support messages', () => {
  const esLeaves = messageLeaves(es);
  const enLeaves = messageLeaves(en);

  it('has the same keys in Spanish and English, none empty', () => {
    expect([...enLeaves.keys()].sort()).toEqual([...esLeaves.keys()].sort());
    const empty = [...esLeaves, ...enLeaves].filter(([, v]) => typeof v !== 'string' || v.trim() === '').map(([k]) => k);
    expect(empty).toEqual([]);
  });

  it('has every key the admin screens name', () => {
    const used = new Set<string>();
    for (const file of files(join(import.meta.dirname, '../admin')).filter((f) => /\.tsx?$/.test(f)))
      for (const m of readFileSync(file, 'utf8').matchAll(
        /['`]((?:support|resources\.(?:faq|FAQ|supports|sugerencias))\.[a-zA-Z.]+)['`]/g,
      ))
        used.add(m[1]);
    expect(used.size).toBeGreaterThan(30);
    expect([...used].filter((k) => !esLeaves.has(k) || !enLeaves.has(k))).toEqual([]);
  });
});
