// The admin's gate of the support plugin: the FAQ shows for every back-office role whatever the switches; the requests'
// screen and menu entry only while Supports is on, and only to the office; staff get their two screens in their area.

import plugin from '@conjunto/plugin-support/admin';
import { describe, expect, it } from 'vitest';
import { platformPluginUi, visiblePluginUi } from '../src/plugins.ts';

describe('support menu', () => {
  it('shows Soporte to the administrator only while Supports is on; the FAQ always', () => {
    const on = visiblePluginUi([plugin], 'administrador', { Supports: true });
    expect(on.menu.map((m) => m.to)).toEqual(['faq', 'supports']);
    expect(on.resources.map((r) => r.name)).toEqual(['faq', 'supports']);
    const off = visiblePluginUi([plugin], 'administrador', { Supports: false });
    expect(off.menu.map((m) => m.to)).toEqual(['faq']);
    expect(off.resources.map((r) => r.name)).toEqual(['faq']);
    // The catalogue's default is off.
    expect(visiblePluginUi([plugin], 'administrador', {}).menu.map((m) => m.to)).toEqual(['faq']);
  });

  it('gives the supervisor and the board the FAQ only', () => {
    for (const role of ['supervisor', 'directiva'] as const)
      expect(visiblePluginUi([plugin], role, { Supports: true }).menu.map((m) => m.to)).toEqual(['faq']);
  });

  it("gives platform staff 'Feedback: Sugerencias' and 'FAQ' in their area, over the plugin's platform routes", () => {
    const ui = platformPluginUi([plugin], 'superAdministrador');
    expect(ui.menu.map((m) => m.to)).toEqual(['sugerencias', 'FAQ']);
    expect(ui.resources.map((r) => r.platformApi)).toEqual(['support/supports', 'support/faq']);
    expect(platformPluginUi([plugin], 'administrador').menu).toEqual([]);
  });
});
