// Spanish by default, English as an option (shown to test-role users only). Each tree: react-admin's
// messages, then the shell's, then the plugins' (a plugin may override a shell text for its own keys).

import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider } from 'react-admin';
import { shellSpanish } from './es.ts';
import { type Messages, mergeMessages } from './merge.ts';
import { raSpanishMessages } from './raSpanish.ts';
import { LOCALES } from './store.ts';

export { LOCALES, type Locale, store, useChosenLocale } from './store.ts';

export interface PluginMessages {
  es: Messages;
  en: () => Promise<{ default: Messages }>;
}

/** English, fetched the first time a user chooses it: react-admin's, the shell's and every plugin's tree. */
async function loadEnglish(plugins: readonly PluginMessages[]): Promise<Messages> {
  const [ra, shell, ...own] = await Promise.all([
    import('ra-language-english'),
    import('./en.ts'),
    ...plugins.map((p) => p.en()),
  ]);
  return mergeMessages(ra.default, shell.shellEnglish, ...own.map((m) => m.default));
}

/**
 * Starts in Spanish; react-admin's I18nContextProvider switches to the stored locale before its first render
 * (English is a promise: its messages stay off the first load).
 */
export function createI18nProvider(plugins: readonly PluginMessages[] = []): I18nProvider {
  const spanish = mergeMessages(raSpanishMessages, shellSpanish, ...plugins.map((p) => p.es));
  let english: Messages | undefined;
  const englishLoaded = () =>
    loadEnglish(plugins).then((tree) => {
      english = tree;
      return tree;
    });
  const provider = polyglotI18nProvider(
    // biome-ignore lint/suspicious/noExplicitAny: polyglot takes plain message trees
    (locale) => (locale === 'en' ? (english ?? englishLoaded()) : spanish) as any,
    'es',
    LOCALES,
  );
  return { ...provider, messageTree: (locale: string) => (locale === 'en' ? (english ?? {}) : spanish) };
}

/** The merged messages of a language (the shell's and the loaded plugins'): what a screen lists, e.g. every named action. */
export function messageTree(provider: I18nProvider, locale: string): Record<string, unknown> {
  const tree = (provider as { messageTree?: (locale: string) => Record<string, unknown> }).messageTree;
  return tree ? tree(locale) : {};
}
