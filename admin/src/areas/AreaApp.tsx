// One role area (/administrador, /superAdmin ...), loaded only when one opens (areas/AreaRoute.tsx guards it
// first): the terms dialog until they are accepted, else loads its screens and the plugins its role may
// use, then renders a react-admin <Admin> under the area's basename. Plugins and module switches are
// re-read on navigation (at most every few seconds) and at once when a screen announces a change.
import type { AdminPanel, AdminPlugin, ModuleValues } from '@conjunto/core';
import DashboardIcon from '@mui/icons-material/Dashboard';
import CssBaseline from '@mui/material/CssBaseline';
import { useEffect, useMemo, useReducer, useRef, useState } from 'react';
import {
  AccessDenied,
  AdminContext,
  AuthenticationError,
  CoreAdminUI,
  CustomRoutes,
  Error as ErrorScreen,
  LoadingPage,
  Resource,
} from 'react-admin';
import { Navigate, Route, useLocation } from 'react-router';
import { apiJson } from '../api.ts';
import { authProvider, refusal } from '../authProvider.ts';
import { createDataProvider, type ResourceRoute } from '../dataProvider.ts';
import { createI18nProvider, store, useChosenLocale } from '../i18n/i18nProvider.ts';
import { ShellLayout } from '../layout/ShellLayout.tsx';
import { StackedNotification } from '../layout/StackedNotification.tsx';
import { TermsDialog } from '../layout/TermsDialog.tsx';
import { LoadingScreen } from '../pages/LoadingScreen.tsx';
import {
  accessCheck,
  loadPlugins,
  MODULES_CHANGED,
  nextPlugins,
  PLUGINS_CHANGED,
  type PlatformPluginState,
  platformPluginUi,
  visiblePluginUi,
} from '../plugins.ts';
import { type SessionUser, session, useSession } from '../session.ts';
import { buildTheme } from '../theme.ts';
import { AreaContext, type AreaContextValue } from './AreaContext.ts';
import { AreaNotFoundPage } from './AreaNotFoundPage.tsx';
import type { AreaDefinition, AreaUi } from './types.ts';

/** How often navigation may re-read plugins and switches. */
const RECHECK_MS = 3000;

/** The area of a signed-in user holding its role (AreaRoute.tsx sends everyone else away before this loads). */
export default function AreaApp({ area, user }: { area: AreaDefinition; user: SessionUser }) {
  if (user.legalAccepted === false) return <TermsGate />;
  return <AreaShell area={area} user={user} />;
}

/** Until the terms are accepted: the dialog alone, no shell behind it (the server answers no data before either). */
function TermsGate() {
  useFreshUser();
  const i18nProvider = useMemo(() => createI18nProvider(), []);
  const locale = useChosenLocale();
  const theme = useMemo(() => buildTheme('light', null, locale), [locale]);
  return (
    <AdminContext i18nProvider={i18nProvider} authProvider={authProvider} store={store} theme={theme}>
      <TermsDialog />
      <StackedNotification />
    </AdminContext>
  );
}

function useAreaUi(area: AreaDefinition): AreaUi | undefined {
  const [ui, setUi] = useState<AreaUi>();
  useEffect(() => {
    let live = true;
    area.load().then((m) => live && setUi(m.default));
    return () => {
      live = false;
    };
  }, [area]);
  return ui;
}

/** A counter that moves on navigation (throttled) and on the given window events. */
function useRecheck(...events: string[]): number {
  const [tick, bump] = useReducer((n: number) => n + 1, 0);
  const { pathname } = useLocation();
  const last = useRef(Date.now());
  // biome-ignore lint/correctness/useExhaustiveDependencies: a navigation is the trigger
  useEffect(() => {
    if (Date.now() - last.current < RECHECK_MS) return;
    last.current = Date.now();
    bump();
  }, [pathname]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the event names are constants
  useEffect(() => {
    for (const e of events) window.addEventListener(e, bump);
    return () => {
      for (const e of events) window.removeEventListener(e, bump);
    };
  }, []);
  return tick;
}

function usePlugins(area: AreaDefinition): AdminPlugin[] | undefined {
  const [plugins, setPlugins] = useState<AdminPlugin[]>();
  const tick = useRecheck(PLUGINS_CHANGED);
  // biome-ignore lint/correctness/useExhaustiveDependencies: tick is the trigger to re-read
  useEffect(() => {
    let live = true;
    apiJson<PlatformPluginState[]>('/plugins')
      .then((enabled) => loadPlugins(Array.isArray(enabled) ? enabled : [], area.role))
      .catch(() => undefined)
      .then((loaded) => live && setPlugins((prev) => nextPlugins(prev, loaded)));
    return () => {
      live = false;
    };
  }, [area, tick]);
  return plugins;
}

const sameValues = (a: ModuleValues, b: ModuleValues) =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([k, v]) => b[k] === v);

/** The complex's switches; the last known ones while another complex's load, undefined only at first. */
function useModules(complexId: string | undefined): ModuleValues | undefined {
  const [modules, setModules] = useState<ModuleValues>();
  const tick = useRecheck(MODULES_CHANGED);
  // biome-ignore lint/correctness/useExhaustiveDependencies: tick is the trigger to re-read
  useEffect(() => {
    if (!complexId) {
      setModules({});
      return;
    }
    let live = true;
    apiJson<ModuleValues>(`/complexes/${encodeURIComponent(complexId)}/modules`)
      .catch(() => undefined)
      .then((values) => {
        if (!live) return;
        const next = values && typeof values === 'object' ? values : {};
        setModules((prev) => (prev && values === undefined ? prev : prev && sameValues(prev, next) ? prev : next));
      });
    return () => {
      live = false;
    };
  }, [complexId, tick]);
  return modules;
}

/** Re-reads the user once per area visit: complexes, roles and the terms flag may have changed. */
function useFreshUser(): void {
  useEffect(() => {
    apiJson<SessionUser>('/auth/me')
      .then((user) => {
        const refused = refusal(user);
        if (refused) session.clear(refused);
        else session.setUser(user);
      })
      .catch(() => undefined); // 401 already ended the session; offline keeps the cached user
  }, []);
}

const dashboardEntry = { to: 'dashboard', labelKey: 'shell.menu.dashboard', icon: DashboardIcon };
/** The drawer's first entry: 'Inicio', or the title of a home panel that names it (AdminPanel.namesHome). */
const homeEntry = (panels: readonly AdminPanel[]) => {
  const home = panels.find((p) => p.slot === 'home' && p.namesHome);
  return home ? { ...dashboardEntry, labelKey: home.titleKey } : dashboardEntry;
};

function AreaShell({ area, user }: { area: AreaDefinition; user: SessionUser }) {
  const { complex, theme: themeName } = useSession();
  const ui = useAreaUi(area);
  const plugins = usePlugins(area);
  const modules = useModules(complex?.id);
  useFreshUser();

  const isTester = user.roles.includes('test');
  const i18nProvider = useMemo(() => {
    if (!plugins) return undefined;
    // English is offered to test-role users only.
    if (!isTester && store.getItem('locale') === 'en') store.setItem('locale', 'es');
    return createI18nProvider(plugins.map((p) => p.messages));
  }, [plugins, isTester]);

  // The plugins' platform screens (platform staff only): across complexes, whatever complex is picked.
  const platform = useMemo(() => platformPluginUi(plugins ?? [], area.role), [plugins, area.role]);

  const dataProvider = useMemo(() => {
    if (!ui || !plugins) return undefined;
    // Every loaded plugin's resources (switched on or not), so the provider does not change with the switches.
    const routes: Record<string, ResourceRoute> = {};
    for (const p of plugins) for (const r of p.resources) routes[r.name] = { scope: 'complex', api: r.apiResource };
    for (const r of platform.resources) routes[r.name] = { scope: 'platform', api: r.platformApi };
    for (const r of ui.resources) routes[r.name] = { scope: r.scope ?? 'complex', api: r.apiResource };
    return createDataProvider(routes);
  }, [ui, plugins, platform]);

  const visible = useMemo(
    () => visiblePluginUi(plugins ?? [], area.role, complex ? modules : undefined),
    [plugins, area.role, complex, modules],
  );
  const locale = useChosenLocale();
  const theme = useMemo(() => buildTheme(themeName, complex?.themeColor, locale), [themeName, complex?.themeColor, locale]);
  // The area's authProvider answers canAccess from the plugins' access tables, for the area's role.
  const areaAuth = useMemo(() => {
    const allowed = accessCheck(plugins ?? [], area.role);
    return {
      ...authProvider,
      canAccess: async ({ resource, action }: { resource?: string; action: string }) => !resource || allowed(resource, action),
    };
  }, [plugins, area.role]);

  const context = useMemo<AreaContextValue | undefined>(
    () =>
      ui && {
        area,
        menu: [homeEntry(visible.panels), ...ui.menu, ...platform.menu, ...visible.menu],
        userMenu: ui.userMenu ?? [],
        widgets: visible.widgets,
        panels: visible.panels,
        bell: visible.bell,
        modules: modules ?? {},
      },
    [area, ui, platform, visible, modules],
  );

  if (!ui || !i18nProvider || !dataProvider || modules === undefined || !context) return <LoadingScreen />;
  const Dashboard = ui.dashboard;

  return (
    <AreaContext.Provider value={context}>
      {/* <Admin> without react-admin's own login and auth-callback pages (and their forms): signing in happens
          on the public page at '/', and leaving them out keeps react-hook-form off the dashboard (issue 11). */}
      <AdminContext
        basename={`/${area.path}`}
        authProvider={areaAuth}
        dataProvider={dataProvider}
        i18nProvider={i18nProvider}
        store={store}
        theme={theme}
      >
        <CssBaseline enableColorScheme>
          <CoreAdminUI
            title="Conjunto"
            disableTelemetry
            layout={ui.layout ?? ShellLayout}
            catchAll={AreaNotFoundPage}
            loading={LoadingPage}
            error={ErrorScreen}
            accessDenied={AccessDenied}
            authenticationError={AuthenticationError}
          >
            {[...ui.resources, ...platform.resources, ...visible.resources].map((r) => (
              <Resource
                key={r.name}
                name={r.name}
                list={r.list}
                create={r.create}
                edit={r.edit}
                show={r.show}
                icon={r.icon}
                options={r.options}
                recordRepresentation={'recordRepresentation' in r ? r.recordRepresentation : undefined}
              />
            ))}
            <CustomRoutes>
              {/* The bare prefix redirects to the dashboard (spec 000 §2.4). */}
              <Route path="/" element={<Navigate to={`/${area.path}/dashboard`} replace />} />
              <Route path="dashboard" element={<Dashboard />} />
              {[...(ui.routes ?? []), ...platform.routes, ...visible.routes].map((r) => (
                <Route key={r.path} path={r.path} element={r.element} />
              ))}
            </CustomRoutes>
          </CoreAdminUI>
          <StackedNotification />
        </CssBaseline>
      </AdminContext>
    </AreaContext.Provider>
  );
}
