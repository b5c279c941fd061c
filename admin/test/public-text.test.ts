// The pages outside the role areas carry their own copy of their texts (pages/publicText.ts), so the first load
// needs no react-admin: every text must be the one the areas show for the same key, in both languages.
import { messageLeaves } from '@conjunto/core';
import englishMessages from 'ra-language-english';
import { describe, expect, it } from 'vitest';
import { shellEnglish } from '../src/i18n/en.ts';
import { shellSpanish } from '../src/i18n/es.ts';
import { mergeMessages } from '../src/i18n/merge.ts';
import { raSpanishMessages } from '../src/i18n/raSpanish.ts';
import { PUBLIC_TEXT } from '../src/pages/publicText.ts';

const trees = {
  es: messageLeaves(mergeMessages(raSpanishMessages, shellSpanish)),
  en: messageLeaves(mergeMessages(englishMessages, shellEnglish)),
};

describe('texts of the public pages', () => {
  for (const locale of ['es', 'en'] as const) {
    it(`equal the areas' texts in ${locale}`, () => {
      const own = PUBLIC_TEXT[locale];
      expect(Object.keys(own).length).toBeGreaterThan(10);
      for (const [key, text] of Object.entries(own)) expect([key, text]).toEqual([key, trees[locale].get(key)]);
    });
  }

  it('have the same keys in both languages', () => {
    expect(Object.keys(PUBLIC_TEXT.en).sort()).toEqual(Object.keys(PUBLIC_TEXT.es).sort());
  });
});
