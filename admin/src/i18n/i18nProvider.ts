// Spanish by default, English as an option (shown to test-role users only). Each tree: react-admin's
// messages, then the shell's, then the plugins' (a plugin may override a shell text for its own keys).

import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import type { I18nProvider } from 'react-admin';
import { shellEnglish } from './en.ts';
import { shellSpanish } from './es.ts';
import { mergeMessages } from './merge.ts';
import { raSpanishMessages } from './raSpanish.ts';
import { LOCALES, type Locale, store } from './store.ts';

export { LOCALES, type Locale, store, useChosenLocale } from './store.ts';

export interface PluginMessages {
  es: Record<string, unknown>;
  en: Record<string, unknown>;
}

export function createI18nProvider(plugins: readonly PluginMessages[] = []): I18nProvider {
  const messages = {
    es: mergeMessages(raSpanishMessages, shellSpanish, ...plugins.map((p) => p.es)),
    en: mergeMessages(englishMessages, shellEnglish, ...plugins.map((p) => p.en)),
  };
  const stored = store.getItem<string>('locale');
  const initial: Locale = stored === 'en' ? 'en' : 'es';
  // biome-ignore lint/suspicious/noExplicitAny: polyglot takes plain message trees
  const provider = polyglotI18nProvider((locale) => (locale === 'en' ? messages.en : messages.es) as any, initial, LOCALES);
  return { ...provider, messageTree: (locale: string) => (locale === 'en' ? messages.en : messages.es) };
}

/** The merged messages of a language (the shell's and the loaded plugins'): what a screen lists, e.g. every named action. */
export function messageTree(provider: I18nProvider, locale: string): Record<string, unknown> {
  const tree = (provider as { messageTree?: (locale: string) => Record<string, unknown> }).messageTree;
  return tree ? tree(locale) : {};
}
