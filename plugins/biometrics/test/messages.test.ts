// The biometrics messages: Spanish and English have exactly the same keys (the import wizard's, merged in under
// biometrics.import, included), and no Spanish text is empty.
import { messageLeaves } from '@conjunto/core';
import { describe, expect, it } from 'vitest';
import en from '../messages/en.ts';
import es from '../messages/es.ts';
import importEn from '../messages/import.en.ts';
import importEs from '../messages/import.es.ts';

const leaves = messageLeaves;

describe('biometrics messages', () => {
  const esLeaves = leaves(es);
  const enLeaves = leaves(en);

  it('has the same keys in Spanish and English', () => {
    expect([...enLeaves.keys()].sort()).toEqual([...esLeaves.keys()].sort());
  });

  it('has no empty Spanish text', () => {
    const empty = [...esLeaves].filter(([, value]) => typeof value !== 'string' || value.trim() === '').map(([key]) => key);
    expect(empty).toEqual([]);
  });

  it('merges the import wizard texts under biometrics.import', () => {
    for (const [tree, part] of [
      [esLeaves, importEs],
      [enLeaves, importEn],
    ] as const) {
      const expected = [...leaves(part as Record<string, unknown>, 'biometrics.import')];
      expect(expected.filter(([key, value]) => tree.get(key) !== value)).toEqual([]);
    }
  });
});
