// No English may show in the Spanish UI: every react-admin key has a Spanish text of our own, and the
// shell's English and Spanish trees have the same keys.
import { messageLeaves } from '@conjunto/core';
import englishMessages from 'ra-language-english';
import { describe, expect, it } from 'vitest';
import { shellEnglish } from '../src/i18n/en.ts';
import { shellSpanish } from '../src/i18n/es.ts';
import { mergeMessages } from '../src/i18n/merge.ts';
import { raSpanishMessages } from '../src/i18n/raSpanish.ts';

const leaves = (tree: unknown) => messageLeaves(tree);

describe('Spanish messages', () => {
  const spanish = leaves(raSpanishMessages);

  it('cover every react-admin key', () => {
    const missing = [...leaves(englishMessages).keys()].filter((key) => typeof spanish.get(key) !== 'string');
    expect(missing).toEqual([]);
  });

  it('are not left in English (same text only where both languages agree)', () => {
    const sameAllowed = new Set(['ra.boolean.false', 'ra.boolean.null', 'ra.message.no', 'ra.configurable.inspector.title']);
    const english = leaves(englishMessages);
    const hasWords = (text: unknown) => typeof text === 'string' && /\p{L}/u.test(text.replace(/%\{\w+\}/g, ''));
    const same = [...english].filter(([key, text]) => spanish.get(key) === text && hasWords(text) && !sameAllowed.has(key));
    expect(same).toEqual([]);
  });

  it('keep the spec texts verbatim', () => {
    expect(spanish.get('ra.validation.required')).toBe('¡Este campo es requerido!');
    expect(spanish.get('ra.validation.email')).toBe('Correo inválido.');
    expect(spanish.get('ra.navigation.no_results')).toBe('No hay información');
  });

  it('shell keys match between Spanish and English', () => {
    expect([...leaves(shellEnglish).keys()].sort()).toEqual([...leaves(shellSpanish).keys()].sort());
  });
});

describe('mergeMessages', () => {
  it('merges nested trees, later ones win, inputs untouched', () => {
    const a = { x: { y: 'a', z: 'a' } };
    const merged = mergeMessages(a, { x: { y: 'b' } });
    expect(merged).toEqual({ x: { y: 'b', z: 'a' } });
    expect(a.x.y).toBe('a');
  });
});
