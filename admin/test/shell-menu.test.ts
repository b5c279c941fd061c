// The drawer's grouping and its one highlighted entry.
import type { AdminMenuEntry } from '@conjunto/core';
import { describe, expect, it } from 'vitest';
import { currentEntry, groupEntries } from '../src/layout/ShellMenu.tsx';

describe('the drawer', () => {
  it('highlights only the longest entry the location is in', () => {
    const paths = ['/administrador/proveedores', '/administrador/proveedores/cuentasporpagar', '/administrador/ingresos'];
    expect(currentEntry(paths, '/administrador/proveedores/cuentasporpagar/create')).toBe(
      '/administrador/proveedores/cuentasporpagar',
    );
    expect(currentEntry(paths, '/administrador/proveedores/123/show')).toBe('/administrador/proveedores');
    expect(currentEntry(paths, '/administrador/ingresosNoIdentificados')).toBeUndefined();
  });

  it('puts entries without a group first, then the groups in their order', () => {
    const entry = (to: string, group?: AdminMenuEntry['group']): AdminMenuEntry => ({ to, labelKey: to, group });
    const menu = [
      entry('dashboard'),
      entry('ingresos', 'accounting'),
      entry('encuestas', 'community'),
      entry('unidades', 'community'),
    ];
    expect(groupEntries(menu).map((g) => [g.group, g.entries.map((e) => e.to)])).toEqual([
      [undefined, ['dashboard']],
      ['community', ['encuestas', 'unidades']],
      ['accounting', ['ingresos']],
    ]);
  });
});
