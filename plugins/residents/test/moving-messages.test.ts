// The moving and pets messages: Spanish and English have the same keys, every key the screens name exists, and
// every code the API answers (types, states, species, vaccination) has its label.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { messageLeaves } from '@conjunto/core';
import { describe, expect, it } from 'vitest';
import en from '../messages/en.ts';
import es from '../messages/es.ts';
import { MOVING_STATUSES, MOVING_TYPES, PET_SPECIES, VACCINATION_STATES } from '../moving.ts';

const mine = (tree: object) =>
  new Map(
    [...messageLeaves(tree)].filter(([key]) => /^(residents\.(moving|pets)|resources\.(mudanza|mascotas)|auditLog)\./.test(key)),
  );

describe('moving and pets messages', () => {
  const esLeaves = mine(es);
  const enLeaves = mine(en);

  it('has the same keys in Spanish and English, none empty', () => {
    expect([...enLeaves.keys()].sort()).toEqual([...esLeaves.keys()].sort());
    expect([...esLeaves].filter(([, v]) => typeof v !== 'string' || !v.trim())).toEqual([]);
  });

  it('names every key the screens use', () => {
    const dir = new URL('../admin/', import.meta.url).pathname;
    const files = ['moving', 'pets'].flatMap((sub) => readdirSync(join(dir, sub)).map((f) => join(dir, sub, f)));
    const used = new Set(
      files.flatMap((f) =>
        [
          ...readFileSync(f, 'utf8').matchAll(
            /['"]((?:residents\.(?:moving|pets)|resources\.(?:mudanza|mascotas))\.[\w.]+)['"]/g,
          ),
        ].map((m) => m[1]),
      ),
    );
    expect(used.size).toBeGreaterThan(20);
    expect([...used].filter((key) => !esLeaves.has(key) || !enLeaves.has(key))).toEqual([]);
  });

  it('labels every code of the API', () => {
    const keys = [
      ...MOVING_TYPES.map((c) => `residents.moving.type.${c}`),
      ...MOVING_STATUSES.map((c) => `residents.moving.status.${c}`),
      ...PET_SPECIES.map((c) => `residents.pets.species.${c}`),
      ...VACCINATION_STATES.map((c) => `residents.pets.vaccination.${c}`),
      'auditLog.resources.moving-requests.name',
      'auditLog.resources.pets.name',
      ...['approve', 'reject', 'complete', 'cancel', 'entry', 'photo'].map((a) => `auditLog.actions.${a}`),
    ];
    expect(keys.filter((key) => !esLeaves.has(key) || !enLeaves.has(key))).toEqual([]);
    expect(esLeaves.get('residents.pets.vaccination.vencida')).toBe('Vacunación vencida');
  });
});
