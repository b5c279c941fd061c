// What a role area shows of the plugins: role and module switch narrow it.
import { type AdminPlugin, definePlugin } from '@conjunto/core';
import { describe, expect, it } from 'vitest';
import { accessCheck, nextPlugins, platformPluginUi, switchOn, visiblePluginUi } from '../src/plugins.ts';

const Page = () => null;
const plugin: AdminPlugin = {
  manifest: definePlugin({
    id: 'demo',
    titleKey: 'demo.title',
    moduleSwitch: { name: 'Demo', label: 'Demo', default: true },
    roles: ['administrador', 'directiva'],
    resources: ['demos'],
  }),
  resources: [
    { name: 'demos', list: Page },
    { name: 'adminOnly', list: Page, roles: ['administrador'] },
  ],
  menu: [{ to: 'demos', labelKey: 'demo.title' }],
  routes: [{ path: 'demo/report', element: null as never, roles: ['directiva'] }],
  messages: { es: {}, en: async () => ({ default: {} }) },
};

describe('switchOn', () => {
  it('follows the stored switch, else the declared default', () => {
    expect(switchOn(plugin.manifest, { Demo: false })).toBe(false);
    expect(switchOn(plugin.manifest, {})).toBe(true);
    expect(switchOn({ ...plugin.manifest, moduleSwitch: 'Pets' }, {})).toBe(false); // catalogue default
    expect(switchOn({ ...plugin.manifest, moduleSwitch: undefined }, {})).toBe(true);
  });
});

describe('visiblePluginUi', () => {
  it("shows a resident only the panels and widgets naming residente, of a plugin whose screens are the staff's", () => {
    const withPanels: AdminPlugin = {
      ...plugin,
      panels: [
        { id: 'mine', slot: 'residentArea', titleKey: 'x', component: Page, roles: ['residente'] },
        { id: 'staff', slot: 'resident', titleKey: 'y', component: Page },
      ],
      widgets: [{ id: 'w', titleKey: 'z', component: Page, roles: ['residente'] }],
    };
    const resident = visiblePluginUi([withPanels], 'residente', { Demo: true });
    expect(resident.panels.map((p) => p.id)).toEqual(['mine']);
    expect(resident.widgets.map((w) => w.id)).toEqual(['w']);
    expect(resident.resources).toEqual([]);
    expect(resident.menu).toEqual([]);
    expect(visiblePluginUi([withPanels], 'administrador', { Demo: true }).panels.map((p) => p.id)).toEqual(['staff']);
  });

  it("shows the bell's groups to the roles they name, in their order, while the plugin and the when-switch are on", () => {
    const describe = (r: { id: string }) => ({ title: r.id });
    const withBell: AdminPlugin = {
      ...plugin,
      bell: [
        { id: 'late', titleKey: 'a', resource: 'demos', describe, order: 50, roles: ['administrador'] },
        { id: 'first', titleKey: 'b', resource: 'demos', describe, order: 10, roles: ['administrador'] },
        { id: 'board', titleKey: 'c', resource: 'demos', describe, roles: ['directiva'] },
        { id: 'switched', titleKey: 'd', resource: 'demos', describe, roles: ['administrador'], when: { on: 'Pets' } },
      ],
    };
    expect(visiblePluginUi([withBell], 'administrador', { Demo: true }).bell.map((b) => b.id)).toEqual(['first', 'late']);
    expect(visiblePluginUi([withBell], 'administrador', { Demo: true, Pets: true }).bell.map((b) => b.id)).toEqual([
      'first',
      'late',
      'switched',
    ]);
    expect(visiblePluginUi([withBell], 'directiva', { Demo: true }).bell.map((b) => b.id)).toEqual(['board']);
    expect(visiblePluginUi([withBell], 'administrador', { Demo: false }).bell).toEqual([]);
  });

  it('keeps what the role may use', () => {
    const admin = visiblePluginUi([plugin], 'administrador', { Demo: true });
    expect(admin.resources.map((r) => r.name)).toEqual(['demos', 'adminOnly']);
    expect(admin.routes).toEqual([]);
    const board = visiblePluginUi([plugin], 'directiva', { Demo: true });
    expect(board.resources.map((r) => r.name)).toEqual(['demos']);
    expect(board.routes.map((r) => r.path)).toEqual(['demo/report']);
  });

  it('shows nothing of a plugin whose switch is off, or without a complex', () => {
    expect(visiblePluginUi([plugin], 'administrador', { Demo: false }).menu).toEqual([]);
    expect(visiblePluginUi([plugin], 'administrador', undefined).resources).toEqual([]);
  });

  it('hides a resource whose own switch is off, with its menu entry and pages', () => {
    const gated: AdminPlugin = {
      ...plugin,
      manifest: {
        ...plugin.manifest,
        resourceSwitches: { plates: 'PlacasResidentes', tags: { name: 'Tags', label: 'Tags', default: true } },
      },
      resources: [...plugin.resources, { name: 'placas', apiResource: 'plates', list: Page }, { name: 'tags', list: Page }],
      menu: [...plugin.menu, { to: 'placas', labelKey: 'demo.plates' }, { to: 'tags', labelKey: 'demo.tags' }],
      routes: [
        { path: 'placas/importar', element: null as never },
        // A page of the resource under a path of its own (spec paths such as 'mudanzaUsuario/:id').
        { path: 'bitacoraPlaca/:id', element: null as never, resource: 'placas' },
      ],
    };
    // PlacasResidentes: the catalogue's default (off); Tags: its declared default (on).
    const byDefault = visiblePluginUi([gated], 'administrador', { Demo: true });
    expect(byDefault.resources.map((r) => r.name)).toEqual(['demos', 'adminOnly', 'tags']);
    expect(byDefault.menu.map((m) => m.to)).toEqual(['demos', 'tags']);
    expect(byDefault.routes).toEqual([]);
    const switched = visiblePluginUi([gated], 'administrador', { Demo: true, PlacasResidentes: true, Tags: false });
    expect(switched.resources.map((r) => r.name)).toEqual(['demos', 'adminOnly', 'placas']);
    expect(switched.menu.map((m) => m.to)).toEqual(['demos', 'placas']);
    expect(switched.routes.map((r) => r.path)).toEqual(['placas/importar', 'bitacoraPlaca/:id']);
  });

  it('shows an entry with a switch condition only while it holds (on: the switch is on, off: it is not)', () => {
    const conditional: AdminPlugin = {
      ...plugin,
      resources: [
        { name: 'aprobadores', list: Page, when: { on: 'Aprobadores' } },
        { name: 'familia', list: Page, when: { off: 'NoFamilyGuard' } },
      ],
      menu: [
        { to: 'aprobadores', labelKey: 'demo.approvers', when: { on: 'Aprobadores' } },
        { to: 'familia', labelKey: 'demo.family', when: { off: 'NoFamilyGuard' } },
      ],
      routes: [],
    };
    const plain = visiblePluginUi([conditional], 'administrador', { Demo: true });
    expect(plain.menu.map((m) => m.to)).toEqual(['familia']);
    expect(plain.resources.map((r) => r.name)).toEqual(['familia']);
    const switched = visiblePluginUi([conditional], 'administrador', { Demo: true, Aprobadores: true, NoFamilyGuard: true });
    expect(switched.menu.map((m) => m.to)).toEqual(['aprobadores']);
    expect(switched.resources.map((r) => r.name)).toEqual(['aprobadores']);
  });

  it('shows nothing to a role outside the manifest', () => {
    expect(visiblePluginUi([plugin], 'parkey', { Demo: true }).menu).toEqual([]);
  });
});

describe('dashboard widgets (the same gate as the menu)', () => {
  const Widget = () => null;
  const withWidgets: AdminPlugin = {
    ...plugin,
    manifest: {
      ...plugin.manifest,
      resourceSwitches: { plates: 'PlacasResidentes' },
      access: { administrador: { demos: '*', plates: '*' }, directiva: { demos: ['list'] } },
    },
    resources: [...plugin.resources, { name: 'placas', apiResource: 'plates', list: Page }],
    widgets: [
      { id: 'late', titleKey: 'demo.late', component: Widget, order: 20, access: { resource: 'demos', action: 'figures' } },
      { id: 'first', titleKey: 'demo.first', component: Widget, order: 10, access: { resource: 'demos' } },
      { id: 'adminOnly', titleKey: 'demo.admin', component: Widget, roles: ['administrador'] },
      { id: 'plates', titleKey: 'demo.plates', component: Widget, to: 'placas' },
    ],
  };
  const ids = (role: 'administrador' | 'directiva', modules: Record<string, boolean>) =>
    visiblePluginUi([withWidgets], role, modules).widgets.map((w) => w.id);

  it('shows the widgets the role may read, in their order', () => {
    expect(ids('administrador', { Demo: true, PlacasResidentes: true })).toEqual(['first', 'late', 'adminOnly', 'plates']);
    expect(visiblePluginUi([withWidgets], 'administrador', { Demo: true }).widgets[0].pluginId).toBe('demo');
  });
  it('leaves out a widget of a role it is not for, or that canAccess denies', () => {
    // The board may list demos but not 'figures' them; 'adminOnly' is for administrators.
    expect(ids('directiva', { Demo: true, PlacasResidentes: true })).toEqual(['first', 'plates']);
  });
  it('leaves out every widget of a switched-off plugin, and one whose resource switch is off', () => {
    expect(ids('administrador', { Demo: false, PlacasResidentes: true })).toEqual([]);
    expect(ids('administrador', { Demo: true })).toEqual(['first', 'late', 'adminOnly']);
    expect(visiblePluginUi([withWidgets], 'administrador', undefined).widgets).toEqual([]);
  });
});

describe('accessCheck (authProvider.canAccess)', () => {
  const withTable: AdminPlugin = {
    ...plugin,
    manifest: { ...plugin.manifest, access: { administrador: { demos: '*' }, directiva: { demos: ['list', 'show'] } } },
  };
  it("follows the plugin's access table for the area's role", () => {
    const board = accessCheck([withTable], 'directiva');
    expect(board('demos', 'list')).toBe(true);
    expect(board('demos', 'create')).toBe(false);
    expect(board('demos', 'delete')).toBe(false);
    expect(accessCheck([withTable], 'administrador')('demos', 'delete')).toBe(true);
  });
  it('leaves resources without a table to the server', () => {
    expect(accessCheck([plugin], 'directiva')('demos', 'delete')).toBe(true);
    expect(accessCheck([withTable], 'directiva')('units', 'delete')).toBe(true);
  });
  it("checks a screen by the API resource it reads: a plugin's screen of a host resource is the server's", () => {
    const screens: AdminPlugin = {
      ...withTable,
      resources: [
        { name: 'lista', apiResource: 'residents', list: Page },
        { name: 'demosPantalla', apiResource: 'demos', list: Page },
      ],
    };
    expect(accessCheck([screens], 'directiva')('lista', 'list')).toBe(true);
    expect(accessCheck([screens], 'directiva')('demosPantalla', 'list')).toBe(true);
    expect(accessCheck([screens], 'directiva')('demosPantalla', 'delete')).toBe(false);
  });
});

describe('platformPluginUi', () => {
  const withPlatform: AdminPlugin = {
    ...plugin,
    platform: {
      resources: [{ name: 'todas', apiResource: 'demo-items', list: Page }],
      menu: [{ to: 'todas', labelKey: 'demo.all' }],
    },
  };

  it("gives platform staff the plugins' platform screens, read from /api/platform/<plugin id>/<resource>", () => {
    const ui = platformPluginUi([plugin, withPlatform], 'superAdministrador');
    expect(ui.resources.map((r) => [r.name, r.platformApi])).toEqual([['todas', 'demo/demo-items']]);
    expect(ui.menu.map((m) => m.to)).toEqual(['todas']);
  });

  it('refuses a platform screen named as a complex screen (the dataProvider finds resources by name)', () => {
    const clash: AdminPlugin = {
      ...plugin,
      platform: { resources: [{ name: plugin.resources[0].name, list: Page }], menu: [] },
    };
    expect(() => platformPluginUi([clash], 'superAdministrador')).toThrow(/complex resource's name/);
  });

  it('gives them to no other role', () => {
    for (const role of ['administrador', 'empresa', 'supervisor', 'directiva'] as const) {
      const ui = platformPluginUi([withPlatform], role);
      expect(ui.resources).toEqual([]);
      expect(ui.menu).toEqual([]);
    }
  });
});

describe('nextPlugins', () => {
  const other: AdminPlugin = { ...plugin, manifest: { ...plugin.manifest, id: 'other' } };
  it('keeps the same array while the set is the same, so that nothing of the area re-mounts', () => {
    const prev = [plugin];
    expect(nextPlugins(prev, [{ ...plugin }])).toBe(prev);
    expect(nextPlugins(prev, [plugin, other])).toEqual([plugin, other]);
    expect(nextPlugins(prev, [])).toEqual([]);
  });
  it('keeps the plugins it has when a re-read fails, and starts without any when the first one does', () => {
    const prev = [plugin, other];
    expect(nextPlugins(prev, undefined)).toBe(prev);
    expect(nextPlugins(undefined, undefined)).toEqual([]);
  });
});
