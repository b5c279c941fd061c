// The drawer's grouping and its one highlighted entry.
import type { AdminMenuEntry } from '@conjunto/core';
import gate from '@conjunto/plugin-gate/admin';
import residents from '@conjunto/plugin-residents/admin';
import { describe, expect, it } from 'vitest';
import { currentEntry, groupEntries } from '../src/layout/ShellMenu.tsx';
import { visiblePluginUi } from '../src/plugins.ts';

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

  it('orders the entries of a group by `order`, those without one after, in their order', () => {
    const entry = (to: string, order?: number): AdminMenuEntry => ({ to, labelKey: to, group: 'access', order });
    const menu = [entry('b'), entry('x', 30), entry('a'), entry('y', 10), entry('z', 20)];
    expect(groupEntries(menu)[0].entries.map((e) => e.to)).toEqual(['y', 'z', 'x', 'b', 'a']);
  });

  it("gives the guard the drawer of spec 002 §2.2, in its order, whatever the plugins' order", () => {
    // Residents before the gate on purpose: the entries come from two plugins.
    const { menu } = visiblePluginUi([residents, gate], 'supervisor', { Aprobadores: true });
    const access = groupEntries(menu).find((g) => g.group === 'access');
    expect(access?.entries.map((e) => e.to)).toEqual([
      'alerta',
      'bitacoraDigital',
      'eventos',
      'bitacoraRechazada',
      'visitasAnticipadas',
      'listas',
      // Historial: Cambios de Guardias, Rondas (the shell has no submenus).
      'ingresos',
      'rondas',
      'familia',
      'aprobadores',
      'gestionarGuardias',
      // Not in the spec's menu: after it.
      'lineaDeTiempo',
    ]);
  });
});
