// What each role may do on the plugins' screens comes from their manifests' access tables (the ones the server
// derives its routes' roles from), through the area's authProvider.canAccess and the pages' roles.
import accounting from '@conjunto/plugin-accounting/admin';
import biometrics from '@conjunto/plugin-biometrics/admin';
import { describe, expect, it } from 'vitest';
import { accessCheck, visiblePluginUi } from '../src/plugins.ts';

const on = { Contabilidad: true };

describe('accounting admin: canAccess follows the access table', () => {
  const board = accessCheck([accounting], 'directiva');
  const admin = accessCheck([accounting], 'administrador');

  it('lets the board read the lists and hides their create, edit and delete buttons', () => {
    for (const resource of ['egresos', 'proveedores', 'cuentasBancarias', 'rubros/rubrosingresos', 'cuentasPorCobrar']) {
      expect(board(resource, 'list'), resource).toBe(true);
      for (const action of ['create', 'edit', 'delete']) {
        expect(board(resource, action), `${resource} ${action}`).toBe(false);
        expect(admin(resource, action), `${resource} ${action}`).toBe(true);
      }
    }
  });

  it("answers the plugin's own verbs by their API resource, for buttons outside a react-admin resource", () => {
    for (const [resource, action] of [
      ['incomes', 'annul'],
      ['incomes', 'assign'],
      ['receivables', 'apply-credit'],
      ['receivables', 'generate'],
      ['pending-transfers', 'approve'],
      ['accounting-settings', 'edit'],
      ['units', 'send-statement'],
    ]) {
      expect(board(resource, action), `${resource} ${action}`).toBe(false);
      expect(admin(resource, action), `${resource} ${action}`).toBe(true);
    }
    expect(board('units', 'statement')).toBe(true);
    expect(board('bank-accounts', 'balance')).toBe(true);
  });

  it('shows the board the statement and the notices (read only: spec 002 §2.3), not the settings and import pages', () => {
    const pages = (role: 'directiva' | 'administrador') => visiblePluginUi([accounting], role, on).routes.map((r) => r.path);
    expect(pages('directiva')).toEqual(['historicoFondos', 'estadoCuenta', 'notificaciones']);
    const menu = visiblePluginUi([accounting], 'directiva', on).menu.map((m) => m.to);
    expect(menu).toContain('notificaciones');
    // It reads the notices' state; it sends none.
    expect(board('notices', 'list')).toBe(true);
    for (const action of ['overdue', 'statements', 'manual']) expect(board('notices', action), action).toBe(false);
    expect(pages('administrador')).toEqual([
      'historicoFondos',
      'configuracionContable',
      'estadoCuenta',
      'notificaciones',
      'importarCobros',
    ]);
  });
});

describe('biometrics admin: canAccess follows the access table', () => {
  it("answers the faces screen and the spec's own paths for the office only", () => {
    const admin = accessCheck([biometrics], 'administrador');
    const board = accessCheck([biometrics], 'directiva');
    for (const [resource, action] of [
      ['rostros', 'create'],
      ['rostros', 'import'],
      ['rostros', 'delete'],
      ['biometricos', 'status'],
      ['biometric-devices', 'list'],
      ['face-imports', 'show'],
    ]) {
      expect(admin(resource, action), `${resource} ${action}`).toBe(true);
      expect(board(resource, action), `${resource} ${action}`).toBe(false);
    }
  });
});
