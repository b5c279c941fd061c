// MUI's own texts (Autocomplete tooltips, pagination) follow the chosen language, under the theme's own props.
import { describe, expect, it } from 'vitest';
import { buildTheme } from '../src/theme.ts';

type Props = Record<string, unknown>;
const props = (theme: ReturnType<typeof buildTheme>, name: string) =>
  (theme.components as Record<string, { defaultProps?: Props }>)[name]?.defaultProps ?? {};

describe('theme language', () => {
  it('says Open / Close / Clear in Spanish for Spanish and in English for English', () => {
    const es = props(buildTheme('light', null, 'es'), 'MuiAutocomplete');
    expect([es.openText, es.closeText, es.clearText, es.noOptionsText]).toEqual(['Abrir', 'Cerrar', 'Limpiar', 'Sin opciones']);
    // English is MUI's own default: no Spanish text is left in the English theme.
    const en = props(buildTheme('one-dark', '#123456', 'en'), 'MuiAutocomplete');
    expect([en.openText, en.closeText, en.clearText]).toEqual([undefined, undefined, undefined]);
  });

  it('labels pagination in the language and keeps the theme own pagination props', () => {
    const es = props(buildTheme('unicorn', null, 'es'), 'MuiTablePagination');
    expect(es.labelRowsPerPage).toBe('Filas por página:');
    expect(es.showFirstButton).toBe(true);
    expect(props(buildTheme('light', null, 'es'), 'MuiPagination')['aria-label']).toBe('Paginación');
    expect(props(buildTheme('light', null, 'en'), 'MuiTablePagination')).toEqual({ showFirstButton: true, showLastButton: true });
  });

  it('keeps the complex colour and the theme own components', () => {
    const theme = buildTheme('light', '#aa0000', 'en');
    expect(theme.palette?.primary).toEqual({ main: '#aa0000' });
    expect((theme.components as Record<string, unknown>).RaAppBar).toBeDefined();
  });
});
