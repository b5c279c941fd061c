// The three themes of the spec (light, one-dark, unicorn), with the current complex's colour as primary.
// An invalid colour (not #abc / #aabbcc) falls back to the plain light theme, as the spec asks.
import { ContentLoading } from '@conjunto/core/ui';
import { enUS, esES, type Localization } from '@mui/material/locale';
import { alpha, getContrastRatio, lighten, type Theme } from '@mui/material/styles';
import { createElement } from 'react';
import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';
import type { ThemeName } from './session.ts';

export const DRAWER_WIDTH = 256;
/** The spec's primary dark blue and lighter blue secondary. */
const DARK_BLUE = '#1e3a8a';
const LIGHT_BLUE = '#2196f3';

const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

export function isHexColor(value: unknown): value is string {
  return typeof value === 'string' && HEX_COLOR.test(value);
}

const AUTH_LOADING = createElement(ContentLoading);

const common: RaThemeOptions = {
  sidebar: { width: DRAWER_WIDTH, closedWidth: 56 },
  shape: { borderRadius: 8 },
  components: {
    // Spec 002 §2.5: paginated tables offer first, previous, next and last controls.
    MuiTablePagination: { defaultProps: { showFirstButton: true, showLastButton: true } },
    // The app bar carries the complex's colour.
    RaAppBar: { defaultProps: { color: 'primary' } },
    // While react-admin checks access before a record screen, the content area's progress bar (ContentLoading), not
    // its full-page 'Cargando'. (A screen must not check its own resource and action inside itself: see
    // ResidentAccountActions.)
    RaEdit: { defaultProps: { authLoading: AUTH_LOADING } },
    RaCreate: { defaultProps: { authLoading: AUTH_LOADING } },
    RaShow: { defaultProps: { authLoading: AUTH_LOADING } },
    // On a phone a wide table scrolls inside its list instead of widening the page (banners and toolbars stay in view).
    RaLayout: {
      styleOverrides: { root: { minWidth: 0, '& .RaLayout-contentWithSidebar, & .RaLayout-content': { minWidth: 0 } } },
    },
    RaList: {
      styleOverrides: {
        root: ({ theme }: { theme: Theme }) => ({
          minWidth: 0,
          '& .RaList-main': { minWidth: 0 },
          '& .RaDataTable-tableWrapper, & .RaDatagrid-tableWrapper': { overflowX: 'auto' },
          // A phone's create button floats over the bottom right: the last row and the pagination scroll above it.
          [theme.breakpoints.down('sm')]: { paddingBottom: theme.spacing(10) },
        }),
      },
    },
    // A form toolbar's delete button in the darker red: the default red on the toolbar's grey is 3.8:1, below WCAG's 4.5.
    RaToolbar: {
      styleOverrides: {
        root: ({ theme }: { theme: Theme }) => ({
          '& .ra-delete-button:not(.Mui-disabled)': { color: theme.palette.error.dark },
        }),
      },
    },
    // The current drawer entry in the primary colour, so the complex's colour shows in the menu too.
    RaMenuItemLink: {
      styleOverrides: {
        root: ({ theme }: { theme: Theme }) => ({
          '&.RaMenuItemLink-active': {
            color: theme.palette.primary.main,
            fontWeight: 500,
            backgroundColor: alpha(theme.palette.primary.main, 0.1),
            '& .RaMenuItemLink-icon': { color: theme.palette.primary.main },
          },
        }),
      },
    },
  },
};

/** Shallow merge, except palette and components, which merge one level deeper. */
function merge(...themes: RaThemeOptions[]): RaThemeOptions {
  const out: RaThemeOptions = {};
  for (const t of themes) {
    Object.assign(out, t, {
      palette: Object.assign({}, out.palette, t.palette),
      components: Object.assign({}, out.components, t.components),
    });
  }
  return out;
}

/**
 * A darker red for errors on the light themes: MUI's #d32f2f on a filled field's grey (#f0f0f0) is 4.36:1, under
 * WCAG's 4.5 for a field's label and message in error; #c62828 is 4.9:1 there and 5.6:1 on white.
 */
const LIGHT_ERROR = { main: '#c62828' };

const light: RaThemeOptions = merge(defaultLightTheme, common, {
  palette: { mode: 'light', primary: { main: DARK_BLUE }, secondary: { main: LIGHT_BLUE }, error: LIGHT_ERROR },
});

const ONE_DARK_PAPER = '#282c34';

// Atom's One Dark palette.
const oneDark: RaThemeOptions = merge(defaultDarkTheme, common, {
  palette: {
    mode: 'dark',
    primary: { main: '#61afef' },
    secondary: { main: '#c678dd' },
    background: { default: '#21252b', paper: ONE_DARK_PAPER },
    text: { primary: '#abb2bf', secondary: '#828997' },
    divider: '#3e4451',
  },
});

// Pastel background, rounder shapes and a pastel rainbow under the app bar (the bar keeps the complex's colour).
const unicorn: RaThemeOptions = merge(defaultLightTheme, common, {
  palette: {
    mode: 'light',
    primary: { main: '#7e57c2' },
    secondary: { main: '#ec407a' },
    error: LIGHT_ERROR,
    background: { default: '#f8f1fb', paper: '#fffdfe' },
  },
  shape: { borderRadius: 16 },
  components: {
    MuiAppBar: {
      styleOverrides: {
        colorPrimary: {
          '&::after': {
            content: '""',
            position: 'absolute',
            left: 0,
            right: 0,
            bottom: 0,
            height: 4,
            background: 'linear-gradient(90deg, #ff9aa2, #ffdac1, #fff5ba, #b5ead7, #c7ceea, #e2b6f5)',
          },
        },
      },
    },
    // A pastel drawer, from pink to lavender to sky blue.
    RaSidebar: {
      styleOverrides: {
        root: {
          '& .RaSidebar-fixed': { background: 'linear-gradient(180deg, #fde7f3 0%, #efe6fd 55%, #e3f2fd 100%)' },
        },
      },
    },
  },
});

const THEMES: Record<ThemeName, RaThemeOptions> = { light, 'one-dark': oneDark, unicorn };

export const THEME_LABEL_KEYS: Record<ThemeName, string> = {
  light: 'shell.theme.light',
  'one-dark': 'shell.theme.oneDark',
  unicorn: 'shell.theme.unicorn',
};

/** MUI's own texts (Autocomplete's open/close/clear tooltips, pagination labels ...) in the chosen language. */
const MUI_TEXTS: Record<string, Localization> = {
  es: localize(esES, {
    // MUI's Spanish says 'Abierto' (opened) on the button that opens the list.
    MuiAutocomplete: { openText: 'Abrir' },
    MuiPagination: { 'aria-label': 'Paginación' },
  }),
  en: enUS, // MUI's defaults are English: enUS adds nothing
};

function localize(base: Localization, fixes: Record<string, Record<string, unknown>>): Localization {
  const components: Record<string, { defaultProps?: object }> = { ...base.components };
  for (const [name, props] of Object.entries(fixes)) {
    components[name] = { defaultProps: { ...components[name]?.defaultProps, ...props } };
  }
  return { components } as Localization;
}

/** Adds the language's default props under the theme's own (the theme's win where both set one). */
function withLanguage(theme: RaThemeOptions, locale: string): RaThemeOptions {
  const texts = ((MUI_TEXTS[locale] ?? MUI_TEXTS.es).components ?? {}) as Record<string, { defaultProps?: object }>;
  const own = (theme.components ?? {}) as Record<string, { defaultProps?: object }>;
  const components = { ...own };
  for (const [name, value] of Object.entries(texts)) {
    components[name] = { ...own[name], defaultProps: { ...value.defaultProps, ...own[name]?.defaultProps } };
  }
  return { ...theme, components: components as RaThemeOptions['components'] };
}

/** The theme to render: the chosen one with the complex's colour (plain light for a bad colour), in the language. */
export function buildTheme(name: ThemeName, complexColor: string | null | undefined, locale = 'es'): RaThemeOptions {
  return withLanguage(coloured(name, complexColor), locale);
}

function coloured(name: ThemeName, complexColor: string | null | undefined): RaThemeOptions {
  if (complexColor == null || complexColor === '') return THEMES[name];
  if (!isHexColor(complexColor)) return light;
  const theme = THEMES[name];
  return { ...theme, palette: { ...theme.palette, primary: { main: readable(complexColor, name) } } };
}

/** On the dark theme a dark complex colour is lightened until it reads on the dark background. */
function readable(color: string, name: ThemeName): string {
  if (name !== 'one-dark') return color;
  let out = color;
  for (let i = 1; i <= 8 && getContrastRatio(out, ONE_DARK_PAPER) < 4.5; i++) out = lighten(color, i / 10);
  return out;
}
