// The pages outside the role areas (sign-in, /error, /unauthorized, unknown paths) get react-admin's
// contexts too (translations, theme, notifications), without a layout.
import { type ReactNode, useMemo } from 'react';
import { AdminContext } from 'react-admin';
import { authProvider } from '../authProvider.ts';
import { createI18nProvider, store, useChosenLocale } from '../i18n/i18nProvider.ts';
import { StackedNotification } from '../layout/StackedNotification.tsx';
import { buildTheme } from '../theme.ts';

export function PublicPage({ children }: { children: ReactNode }) {
  // Per mount: the language is read from the store, which signing out resets to Spanish.
  const i18nProvider = useMemo(() => createI18nProvider(), []);
  const locale = useChosenLocale();
  const theme = useMemo(() => buildTheme('light', null, locale), [locale]);
  return (
    <AdminContext i18nProvider={i18nProvider} authProvider={authProvider} store={store} theme={theme}>
      {children}
      <StackedNotification />
    </AdminContext>
  );
}
