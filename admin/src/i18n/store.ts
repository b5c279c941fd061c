// The chosen language and react-admin's store, without the rest of react-admin: the sign-in page reads them too,
// and must not load react-admin's core (issue 11: the weight of the first load). localStorageStore is one small module
// of ra-core (react-admin is side-effect free), so importing it alone keeps the rest out of the first chunk.

import { useEffect, useSyncExternalStore } from 'react';
import { localStorageStore } from 'react-admin';

export type Locale = 'es' | 'en';
export const LOCALES = [
  { locale: 'es', name: 'Español' },
  { locale: 'en', name: 'English' },
];

/** One react-admin store for every role area (sidebar state, list parameters, locale). */
export const store = localStorageStore('1', 'Conjunto');

/** The chosen language, outside react-admin's contexts too (the theme and <html lang> follow it). */
export function useChosenLocale(): Locale {
  const locale = useSyncExternalStore(
    (changed) => store.subscribe('locale', changed),
    () => (store.getItem<string>('locale') === 'en' ? 'en' : 'es'),
  );
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  return locale;
}
