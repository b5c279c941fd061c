// The biometrics messages: Spanish and English have exactly the same keys (the import wizard's, merged in under
// biometrics.import, included), and no Spanish text is empty.
import { messageLeaves } from '@conjunto/core';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { TranslationMessages } from 'react-admin';
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

  it('counts controllers in the singular for one (1 Conectado, 2 Conectados)', () => {
    const t = (locale: string, phrases: typeof es, key: string, n: number) =>
      polyglotI18nProvider(() => phrases as unknown as TranslationMessages, locale).translate(`biometrics.controllers.${key}`, {
        smart_count: n,
      });
    expect([1, 2, 0].map((n) => t('es', es, 'connectedCount', n))).toEqual(['1 Conectado', '2 Conectados', '0 Conectados']);
    expect(t('es', es, 'disconnectedCount', 1)).toBe('1 Desconectado');
    expect(t('es', es, 'title', 3)).toBe('Estado de Controladores (3 Controladores)');
    expect(t('en', en, 'connectedCount', 1)).toBe('1 connected');
  });

  it("heads the identification columns 'Identificación' (the spec's sheet header stays 'Identificacion')", () => {
    const headers = [...leaves(importEs as Record<string, unknown>)].filter(([key]) => key.endsWith('columns.identificacion'));
    expect(headers.length).toBe(3);
    expect(headers.map(([, text]) => text)).toEqual(['Identificación', 'Identificación', 'Identificación']);
  });
});
