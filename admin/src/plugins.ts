// The plugin loader. Each plugin's admin half is imported lazily, so each one is its own chunk, and only
// for plugins that platform staff enabled (GET /api/plugins). What a role area shows of them is then
// narrowed by the area's role (manifest / entry roles) and by the current complex's module switches
// (GET /api/complexes/:id/modules), which are re-read on navigation so that a toggle shows up soon.
import {
  type AccessTable,
  type AdminBellGroup,
  type AdminMenuEntry,
  type AdminPanel,
  type AdminPlugin,
  type AdminResource,
  type AdminRoute,
  type AdminWidget,
  type AreaRole,
  canAccess,
  MODULE_SWITCHES,
  type ModuleValues,
  type PluginManifest,
  type Role,
  type SwitchCondition,
  switchIsOn,
} from '@conjunto/core';

type AdminModule = { default: AdminPlugin };

/** Every installed plugin's admin half, by manifest id. Installing a plugin = one line here + the dependency. */
export const PLUGIN_LOADERS: Readonly<Record<string, () => Promise<AdminModule>>> = {
  surveys: () => import('@conjunto/plugin-surveys/admin'),
  residents: () => import('@conjunto/plugin-residents/admin'),
  accounting: () => import('@conjunto/plugin-accounting/admin'),
  biometrics: () => import('@conjunto/plugin-biometrics/admin'),
  gate: () => import('@conjunto/plugin-gate/admin'),
  reservations: () => import('@conjunto/plugin-reservations/admin'),
  votes: () => import('@conjunto/plugin-votes/admin'),
  archive: () => import('@conjunto/plugin-archive/admin'),
  maintenance: () => import('@conjunto/plugin-maintenance/admin'),
  'issue-reports': () => import('@conjunto/plugin-issue-reports/admin'),
  support: () => import('@conjunto/plugin-support/admin'),
  mailings: () => import('@conjunto/plugin-mailings/admin'),
};

/** Fired (on window) after a write that changes what the menu shows, so mounted areas re-read at once. */
export const PLUGINS_CHANGED = 'conjunto:plugins-changed';
export const MODULES_CHANGED = 'conjunto:modules-changed';
export const announce = (event: typeof PLUGINS_CHANGED | typeof MODULES_CHANGED) => window.dispatchEvent(new Event(event));

export interface PlatformPluginState {
  id: string;
  enabled: boolean;
}

/**
 * The admin halves of the given enabled plugins that `role` may use at all (its manifest's roles, or a panel or
 * widget naming the role: the resident's area shows sections of plugins whose screens it does not use). A plugin whose chunk fails to
 * load, or that is not installed in this build, is left out (and logged): the shell keeps working.
 */
export async function loadPlugins(enabled: readonly PlatformPluginState[], role: AreaRole): Promise<AdminPlugin[]> {
  const ids = enabled.filter((p) => p.enabled && PLUGIN_LOADERS[p.id]).map((p) => p.id);
  const loaded = await Promise.all(
    ids.map(async (id) => {
      try {
        const plugin = (await PLUGIN_LOADERS[id]()).default;
        return plugin?.manifest?.id === id ? plugin : undefined;
      } catch (error) {
        console.error(`No se pudo cargar el complemento ${id}`, error);
        return undefined;
      }
    }),
  );
  return loaded.filter(
    (p): p is AdminPlugin =>
      p !== undefined &&
      (allows(p.manifest.roles, role) ||
        [...(p.panels ?? []), ...(p.widgets ?? [])].some((x) => x.roles?.includes(role)) ||
        (role === PLATFORM_ROLE && p.platform !== undefined)),
  );
}

/**
 * The area's plugins after a (re-)read of the enabled ones (`loaded`, undefined when the read failed): the same array
 * while the set is the same (nothing of the area re-mounts), the previous one after a failed re-read (a dropped
 * request must not take every plugin's screens, open dialogs and forms away), none when the first read failed (the
 * shell still works).
 */
export function nextPlugins(prev: AdminPlugin[] | undefined, loaded: AdminPlugin[] | undefined): AdminPlugin[] {
  if (!loaded) return prev ?? [];
  const same = prev?.length === loaded.length && prev.every((p, i) => p.manifest.id === loaded[i].manifest.id);
  return same && prev ? prev : loaded;
}

/** The role whose area (/superAdmin) shows the plugins' platform screens (AdminPlugin.platform). */
export const PLATFORM_ROLE: AreaRole = 'superAdministrador';

export interface PlatformResource extends AdminResource {
  pluginId: string;
  /** Below /api/platform: '<plugin id>/<apiResource>'. */
  platformApi: string;
}

/**
 * The plugins' platform screens for the platform staff's area (none for any other role): across complexes, so no
 * module switch applies; the plugin is loaded only while enabled on the platform. Their API is the plugin's platform
 * routes, /api/platform/<plugin id>/<apiResource>.
 */
export function platformPluginUi(
  plugins: readonly AdminPlugin[],
  role: AreaRole,
): { resources: PlatformResource[]; menu: AdminMenuEntry[]; routes: AdminRoute[] } {
  const ui = { resources: [] as PlatformResource[], menu: [] as AdminMenuEntry[], routes: [] as AdminRoute[] };
  if (role !== PLATFORM_ROLE) return ui;
  // The dataProvider finds a resource by its name: a platform screen may not take a complex screen's.
  const complexNames = new Set(plugins.flatMap((p) => p.resources.map((r) => r.name)));
  for (const plugin of plugins) {
    const id = plugin.manifest.id;
    for (const r of plugin.platform?.resources ?? []) {
      if (complexNames.has(r.name)) throw new Error(`Plugin ${id}: platform resource '${r.name}' is a complex resource's name`);
      ui.resources.push({ ...r, pluginId: id, platformApi: `${id}/${r.apiResource ?? r.name}` });
    }
    ui.menu.push(...(plugin.platform?.menu ?? []));
    ui.routes.push(...(plugin.platform?.routes ?? []));
  }
  return ui;
}

const allows = (roles: readonly Role[] | undefined, role: AreaRole) => roles === undefined || roles.includes(role);

/** Whether the plugin's module switch is on for the complex (a plugin without a switch is always on). */
export function switchOn(manifest: PluginManifest, modules: ModuleValues): boolean {
  // The server answers every switch; if it did not, the declared default applies.
  return manifest.moduleSwitch === undefined || switchIsOn(manifest.moduleSwitch, modules, MODULE_SWITCHES);
}

/** The admin resource names of the plugin whose own switch (manifest.resourceSwitches) is off. */
function resourcesOff(plugin: AdminPlugin, modules: ModuleValues): Set<string> {
  const switches = plugin.manifest.resourceSwitches ?? {};
  return new Set(
    plugin.resources
      .filter((r) => {
        const own = switches[r.apiResource ?? r.name];
        return own !== undefined && !switchIsOn(own, modules, MODULE_SWITCHES);
      })
      .map((r) => r.name),
  );
}

/** 'proveedores/cuentasporpagar' -> 'proveedores'; 'rostros?vista=x' -> 'rostros'. */
const firstSegment = (path: string) => path.replace(/^\//, '').split(/[/?]/)[0];

export interface PluginResource extends AdminResource {
  pluginId: string;
}

export interface PluginWidget extends AdminWidget {
  pluginId: string;
}

export interface PluginPanel extends AdminPanel {
  pluginId: string;
}

export interface PluginBellGroup extends AdminBellGroup {
  pluginId: string;
}

export interface PluginUi {
  resources: PluginResource[];
  menu: AdminMenuEntry[];
  routes: AdminRoute[];
  /** Dashboard widgets, in their `order`. */
  widgets: PluginWidget[];
  /** Sections on host screens, in their `order`. */
  panels: PluginPanel[];
  /** Groups of the office's bell, in their `order`. */
  bell: PluginBellGroup[];
}

/**
 * What the area shows: entries the role may use, of plugins switched on for the complex (none without one). One
 * gate for every kind of entry: the entry's roles (else the manifest's), the plugin's switch, the switch of the
 * resource its path starts with; dashboard widgets also need canAccess for what they read (accessCheck).
 */
export function visiblePluginUi(plugins: readonly AdminPlugin[], role: AreaRole, modules: ModuleValues | undefined): PluginUi {
  const ui: PluginUi = { resources: [], menu: [], routes: [], widgets: [], panels: [], bell: [] };
  if (!modules) return ui;
  const allowed = accessCheck(plugins, role);
  for (const plugin of plugins) {
    if (!switchOn(plugin.manifest, modules)) continue;
    const off = resourcesOff(plugin, modules);
    const shows = (roles: readonly Role[] | undefined, path?: string, when?: SwitchCondition) =>
      allows(roles ?? plugin.manifest.roles, role) &&
      (path === undefined || !off.has(firstSegment(path))) &&
      (!when?.on || switchIsOn(when.on, modules, MODULE_SWITCHES)) &&
      (!when?.off || !switchIsOn(when.off, modules, MODULE_SWITCHES));
    for (const r of plugin.resources)
      if (shows(r.roles, undefined, r.when) && !off.has(r.name)) ui.resources.push({ ...r, pluginId: plugin.manifest.id });
    for (const m of plugin.menu) if (shows(m.roles, m.to, m.when)) ui.menu.push(m);
    for (const r of plugin.routes ?? []) if (shows(r.roles, r.resource ?? r.path, r.when)) ui.routes.push(r);
    for (const w of plugin.widgets ?? [])
      if (shows(w.roles, w.to, w.when) && (!w.access || allowed(w.access.resource, w.access.action ?? 'list')))
        ui.widgets.push({ ...w, pluginId: plugin.manifest.id });
    const switches = plugin.manifest.resourceSwitches ?? {};
    for (const p of plugin.panels ?? []) {
      const own = p.access && switches[p.access.resource];
      if (own !== undefined && own !== '' && !switchIsOn(own, modules, MODULE_SWITCHES)) continue;
      if (shows(p.roles, undefined, p.when) && (!p.access || allowed(p.access.resource, p.access.action ?? 'list')))
        ui.panels.push({ ...p, pluginId: plugin.manifest.id });
    }
    for (const b of plugin.bell ?? [])
      if (shows(b.roles, b.resource, b.when) && (!b.access || allowed(b.access.resource, b.access.action ?? 'list')))
        ui.bell.push({ ...b, pluginId: plugin.manifest.id });
  }
  // A stable sort: equal orders keep the plugins' order.
  ui.widgets.sort((a, b) => (a.order ?? 100) - (b.order ?? 100));
  ui.panels.sort((a, b) => (a.order ?? 100) - (b.order ?? 100));
  ui.bell.sort((a, b) => (a.order ?? 100) - (b.order ?? 100));
  return ui;
}

/**
 * react-admin's canAccess for an area: a plugin resource follows its plugin's access table (the one the server
 * derives its routes' roles from), so Create/Edit/Delete buttons and pages the role may not use hide themselves.
 * A resource is named either as the admin resource ('egresos', mapped to its API resource) or as the API resource
 * the table names ('accounting-settings', 'units'), for screens that are pages rather than react-admin resources.
 * Resources without a table (the shell's) are not narrowed here: the server still refuses what it must.
 */
export function accessCheck(plugins: readonly AdminPlugin[], role: AreaRole): (resource: string, action: string) => boolean {
  const byAdminName = new Map<string, string>();
  const byApiName = new Map<string, AccessTable[]>();
  for (const plugin of plugins) {
    // Compatibility resources ('<plugin>/conjuntos/{complexId}') are checked by the API names their routes carry.
    for (const r of plugin.resources)
      if (!r.apiResource?.includes('{complexId}')) byAdminName.set(r.name, r.apiResource ?? r.name);
    const table = plugin.manifest.access;
    if (!table) continue;
    const named = new Set(Object.values(table).flatMap((rules) => Object.keys(rules ?? {})));
    for (const name of named) byApiName.set(name, [...(byApiName.get(name) ?? []), table]);
  }
  // A screen is checked by the API resource it reads, in the tables naming it (a plugin's screen of a host
  // resource, such as the guard's list of residents, is the server's to answer).
  return (resource, action) => {
    const api = byAdminName.get(resource) ?? resource;
    const tables = byApiName.get(api);
    return !tables || tables.some((table) => canAccess(table, [role], api, action));
  };
}

/** A dotted key looked up in a message tree, e.g. 'surveys.title'. */
function lookup(tree: Record<string, unknown>, key: string): string | undefined {
  let node: unknown = tree;
  for (const part of key.split('.'))
    node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

/**
 * A plugin's title in `locale`, from its own messages (its chunk is loaded for that: the platform screen lists
 * plugins that are switched off or that the viewer's role does not use). Falls back to the id.
 */
export async function pluginTitle(id: string, titleKey: string | undefined, locale: string): Promise<string> {
  try {
    const plugin = (await PLUGIN_LOADERS[id]?.())?.default;
    const messages = locale === 'en' ? (await plugin?.messages.en())?.default : plugin?.messages.es;
    return (messages && lookup(messages, titleKey ?? plugin?.manifest.titleKey ?? '')) ?? id;
  } catch {
    return id;
  }
}
