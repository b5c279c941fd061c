// The accounting messages: Spanish and English have exactly the same keys, no Spanish text is empty, and the
// parts (ledger, treasury, documents) never define the same key twice (the later one would hide the other).
import { messageLeaves } from '@conjunto/core';
import { describe, expect, it } from 'vitest';
import { idTypeLabel, methodLabel } from '../admin/shared/choices.ts';
import { BANK_METHODS, CASH_METHODS, ID_TYPES } from '../manifest.ts';
import en, { parts as enParts } from '../messages/en.ts';
import es, { parts as esParts } from '../messages/es.ts';

const leaves = messageLeaves;

/** The keys the parts define one level below the top ('resources.egresos', 'accounting.treasury'), with owners. */
function partKeys(parts: Record<string, Record<string, Record<string, unknown>>>) {
  const owners = new Map<string, string[]>();
  for (const [name, part] of Object.entries(parts))
    for (const [top, tree] of Object.entries(part))
      for (const key of Object.keys(tree)) owners.set(`${top}.${key}`, [...(owners.get(`${top}.${key}`) ?? []), name]);
  return owners;
}

describe('accounting messages', () => {
  const esLeaves = leaves(es);
  const enLeaves = leaves(en);

  it('has the same keys in Spanish and English', () => {
    expect([...enLeaves.keys()].sort()).toEqual([...esLeaves.keys()].sort());
  });

  it('has no empty Spanish text', () => {
    const empty = [...esLeaves].filter(([, value]) => typeof value !== 'string' || value.trim() === '').map(([key]) => key);
    expect(empty).toEqual([]);
  });

  it('merges parts that do not overlap', () => {
    for (const parts of [esParts, enParts]) {
      const shared = [...partKeys(parts)].filter(([, owners]) => owners.length > 1);
      expect(shared).toEqual([]);
    }
  });

  it('shows every stored payment method and identification type by a label in both languages, accented in Spanish', () => {
    const codes = [...[...CASH_METHODS, ...BANK_METHODS].map(methodLabel), ...ID_TYPES.map(idTypeLabel)];
    expect(codes.filter((key) => typeof esLeaves.get(key) !== 'string' || typeof enLeaves.get(key) !== 'string')).toEqual([]);
    const shown = (key: string) => esLeaves.get(key);
    expect(['Deposito', 'Debito bancario', 'Nota de debito', 'Tarjeta credito/debito'].map((m) => shown(methodLabel(m)))).toEqual(
      ['Depósito', 'Débito bancario', 'Nota de débito', 'Tarjeta crédito/débito'],
    );
    expect(shown(idTypeLabel('Ruc'))).toBe('RUC');
    expect(methodLabel('Otro')).toBe('Otro');
  });
});
