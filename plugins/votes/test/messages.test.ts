// The votes messages: Spanish and English have the same keys, no text is empty, every key the screens use exists,
// and the spec's texts are verbatim.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { messageLeaves } from '@conjunto/core';
import { describe, expect, it } from 'vitest';
import en from '../messages/en.ts';
import es from '../messages/es.ts';

describe('votes messages', () => {
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
      for (const m of readFileSync(join(dir, file), 'utf8').matchAll(/['`]((?:votes|resources\.votacion)\.[a-zA-Z.]+)['`]/g))
        used.add(m[1]);
    expect(used.size).toBeGreaterThan(30);
    expect([...used].filter((k) => !esLeaves.has(k) || !enLeaves.has(k))).toEqual([]);
  });

  it('labels in both languages every field the audit log shows of a vote', () => {
    for (const field of ['excludedUnits', 'arrears', 'arrearsApplied', 'fileCount', 'title', 'endsAt', 'weighted'])
      for (const leaves of [esLeaves, enLeaves])
        expect(leaves.get(`auditLog.resources.votes.fields.${field}`), field).toBeTruthy();
    for (const field of ['unitNumber', 'holderName', 'grantedByName'])
      expect(esLeaves.get(`auditLog.resources.vote-proxies.fields.${field}`), field).toBeTruthy();
  });

  it("keeps the spec's texts verbatim", () => {
    expect(esLeaves.get('votes.validation.questionLimit')).toBe('Límite alcanzado, no se puede añadir más preguntas.');
    expect(esLeaves.get('votes.validation.filesLimit')).toBe('Solo puedes subir máximo 4 archivos.');
    expect(esLeaves.get('votes.validation.fileTooLarge')).toBe('El archivo es demasiado pesado.');
    expect(esLeaves.get('votes.empty')).toBe('No hay información');
    expect(esLeaves.get('votes.validation.voteLimit')).toBe('No se puede crear más votaciones');
    expect(enLeaves.get('votes.validation.voteLimit')).toBe('No more votes can be created.');
  });
});
