// The pages outside the role areas (sign-in, /error, /unauthorized, unknown paths): the light theme in the chosen
// language and the pages' own texts, without react-admin's contexts, so the first load carries no react-admin
// (issue 11). The areas load it when one opens.
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { type ReactNode, useMemo } from 'react';
import { useChosenLocale } from '../i18n/store.ts';
import { buildTheme } from '../theme.ts';
import { PublicLocale } from './publicText.ts';

export function PublicPage({ children }: { children: ReactNode }) {
  // The language is read from the store, which signing out resets to Spanish.
  const locale = useChosenLocale();
  const theme = useMemo(() => createTheme(buildTheme('light', null, locale)), [locale]);
  return (
    <PublicLocale.Provider value={locale}>
      <ThemeProvider theme={theme}>{children}</ThemeProvider>
    </PublicLocale.Provider>
  );
}
