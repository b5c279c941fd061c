// The family and approvers messages: the same keys in Spanish and English, no empty Spanish text, every key the
// panels use present, and the spec's texts verbatim.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { messageLeaves } from '@conjunto/core';
import { describe, expect, it } from 'vitest';
import allEs from '../messages/es.ts';
import en from '../messages/household.en.ts';
import es from '../messages/household.es.ts';

describe('family and approvers messages', () => {
  const esLeaves = messageLeaves(es);

  it('has the same keys in Spanish and English, none empty', () => {
    expect([...messageLeaves(en).keys()].sort()).toEqual([...esLeaves.keys()].sort());
    expect([...esLeaves].filter(([, v]) => typeof v !== 'string' || !v.trim())).toEqual([]);
  });

  it('has every residents.* key the panels use, in the plugin messages', () => {
    const all = messageLeaves(allEs);
    const dir = join(import.meta.dirname, '../admin/household');
    const used = readdirSync(dir).flatMap((f) =>
      [...readFileSync(join(dir, f), 'utf8').matchAll(/'(residents\.[\w.]+)'/g)].map((m) => m[1]),
    );
    expect(used.length).toBeGreaterThan(20);
    expect(used.filter((key) => typeof all.get(key) !== 'string')).toEqual([]);
  });

  it('keeps the spec texts verbatim', () => {
    expect(esLeaves.get('residents.validation.required')).toBe('¡Se requiere este campo!');
    expect(esLeaves.get('residents.family.loadError')).toBe(
      'Error al obtener los registros de familiares, ¡Inténtelo de nuevo más tarde!',
    );
  });
});
