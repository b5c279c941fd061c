// What a role area shows of the plugins: role and module switch narrow it.
import { type AdminPlugin, definePlugin } from '@conjunto/core';
import { describe, expect, it } from 'vitest';
import { switchOn, visiblePluginUi } from '../src/plugins.ts';

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
  messages: { es: {}, en: {} },
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

  it('shows nothing to a role outside the manifest', () => {
    expect(visiblePluginUi([plugin], 'parkey', { Demo: true }).menu).toEqual([]);
  });
});
