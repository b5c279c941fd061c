// Configuraciones and the platform's switches offer only the switches of installed plugins, grouped by plugin.
import { MODULE_SWITCHES } from '@conjunto/core';
import { describe, expect, it } from 'vitest';
import { groupSwitches } from '../src/areas/complex/SwitchGroups.tsx';

describe('groupSwitches', () => {
  it('groups the switches of installed plugins and leaves out the features this build does not install', () => {
    const catalogue = [
      ...MODULE_SWITCHES.map((m) => (m.name === 'RostrosResidentes' ? { ...m, plugin: 'biometrics' } : m)),
      { name: 'Encuestas', label: 'Encuestas', default: true, plugin: 'surveys' },
      { name: 'PlacasResidentes2', label: 'Placas', default: false, plugin: 'biometrics' },
    ];
    expect(groupSwitches(catalogue)).toEqual([
      { plugin: 'biometrics', switches: [catalogue.find((m) => m.name === 'RostrosResidentes'), catalogue.at(-1)] },
      { plugin: 'surveys', switches: [catalogue.at(-2)] },
    ]);
    expect(groupSwitches(MODULE_SWITCHES)).toEqual([]);
  });
});
