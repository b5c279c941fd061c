// What the layout of a role area needs to know beyond react-admin's own contexts.
import type { AdminMenuEntry, ModuleValues } from '@conjunto/core';
import { createContext, useContext } from 'react';
import type { PluginBellGroup, PluginPanel, PluginWidget } from '../plugins.ts';
import type { AreaDefinition } from './types.ts';

export interface AreaContextValue {
  area: AreaDefinition;
  /** Drawer entries: the area's own, then the visible plugins'. */
  menu: readonly AdminMenuEntry[];
  userMenu: readonly AdminMenuEntry[];
  /** Dashboard widgets of the visible plugins, in their order (the same gate as the menu). */
  widgets: readonly PluginWidget[];
  /** Sections of the visible plugins on host screens (resident, unit, the resident's area), in their order. */
  panels: readonly PluginPanel[];
  /** Groups of the office's bell of the visible plugins, in their order. */
  bell: readonly PluginBellGroup[];
  /** The current complex's module switches (empty without a complex). */
  modules: ModuleValues;
}

export const AreaContext = createContext<AreaContextValue | undefined>(undefined);

export function useArea(): AreaContextValue {
  const value = useContext(AreaContext);
  if (!value) throw new Error('useArea outside a role area');
  return value;
}

/** An entry's path inside the area as an absolute path of the top-level router. */
export const areaPath = (area: AreaDefinition, to: string): string => `/${area.path}/${to.replace(/^\/+/, '')}`;
