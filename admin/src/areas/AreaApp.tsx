// One role area (/administrador, /superAdmin ...): guards it, loads its screens and the plugins its role may
// use, then renders a react-admin <Admin> under the area's basename. Plugins and module switches are
// re-read on navigation (at most every few seconds) and at once when a screen announces a change.
import type { AdminPlugin, ModuleValues } from '@conjunto/core';
import DashboardIcon from '@mui/icons-material/Dashboard';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { Admin, CustomRoutes, Resource } from 'react-admin';
import { Navigate, Route, useLocation } from 'react-router';
import { apiJson } from '../api.ts';
import { authProvider, refusal } from '../authProvider.ts';
import { createDataProvider, type ResourceRoute } from '../dataProvider.ts';
import { createI18nProvider, store, useChosenLocale } from '../i18n/i18nProvider.ts';
import { ShellLayout } from '../layout/ShellLayout.tsx';
import { StackedNotification } from '../layout/StackedNotification.tsx';
import { TermsDialog } from '../layout/TermsDialog.tsx';
import { NotFoundPage } from '../pages/NotFoundPage.tsx';
import { PublicPage } from '../pages/PublicPage.tsx';
import {
  accessCheck,
  loadPlugins,
  MODULES_CHANGED,
  PLUGINS_CHANGED,
  type PlatformPluginState,
  visiblePluginUi,
} from '../plugins.ts';
import { type SessionUser, session, useSession } from '../session.ts';
import { buildTheme } from '../theme.ts';
import { AreaContext, type AreaContextValue } from './AreaContext.ts';
import { areaEntry } from './entry.ts';
import type { AreaDefinition, AreaUi } from './types.ts';

/** How often navigation may re-read plugins and switches. */
const RECHECK_MS = 3000;

export function AreaApp({ area }: { area: AreaDefinition }) {
  const { user } = useSession();
  const location = useLocation();
  const entry = areaEntry(user, area.role);
  if (entry === 'signIn' || !user) return <Navigate to="/" replace state={{ nextPathname: location.pathname }} />;
  if (entry === 'forbidden') return <Navigate to="/error" replace />;
  if (entry === 'terms') return <TermsGate />;
  return <AreaShell area={area} user={user} />;
}

/** Until the terms are accepted: the dialog alone, no shell behind it (the server answers no data before either). */
function TermsGate() {
  useFreshUser();
  return (
    <PublicPage>
      <TermsDialog />
    </PublicPage>
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

const sameIds = (a: readonly AdminPlugin[] | undefined, b: readonly AdminPlugin[]) =>
  a !== undefined && a.length === b.length && a.every((p, i) => p.manifest.id === b[i].manifest.id);

function usePlugins(area: AreaDefinition): AdminPlugin[] | undefined {
  const [plugins, setPlugins] = useState<AdminPlugin[]>();
  const tick = useRecheck(PLUGINS_CHANGED);
  // biome-ignore lint/correctness/useExhaustiveDependencies: tick is the trigger to re-read
  useEffect(() => {
    let live = true;
    apiJson<PlatformPluginState[]>('/plugins')
      .catch(() => [] as PlatformPluginState[]) // no plugin list: the shell still works
      .then((enabled) => loadPlugins(Array.isArray(enabled) ? enabled : [], area.role))
      .then((loaded) => live && setPlugins((prev) => (sameIds(prev, loaded) ? prev : loaded)));
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

  const dataProvider = useMemo(() => {
    if (!ui || !plugins) return undefined;
    // Every loaded plugin's resources (switched on or not), so the provider does not change with the switches.
    const routes: Record<string, ResourceRoute> = {};
    for (const p of plugins) for (const r of p.resources) routes[r.name] = { scope: 'complex', api: r.apiResource };
    for (const r of ui.resources) routes[r.name] = { scope: r.scope ?? 'complex', api: r.apiResource };
    return createDataProvider(routes);
  }, [ui, plugins]);

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
        menu: [dashboardEntry, ...ui.menu, ...visible.menu],
        userMenu: ui.userMenu ?? [],
        widgets: visible.widgets,
        modules: modules ?? {},
      },
    [area, ui, visible, modules],
  );

  if (!ui || !i18nProvider || !dataProvider || modules === undefined || !context) return <LoadingScreen />;
  const Dashboard = ui.dashboard;

  return (
    <AreaContext.Provider value={context}>
      <Admin
        basename={`/${area.path}`}
        title="Conjunto"
        disableTelemetry
        authProvider={areaAuth}
        dataProvider={dataProvider}
        i18nProvider={i18nProvider}
        store={store}
        theme={theme}
        layout={ShellLayout}
        catchAll={NotFoundPage}
        notification={StackedNotification}
      >
        {[...ui.resources, ...visible.resources].map((r) => (
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
          {[...(ui.routes ?? []), ...visible.routes].map((r) => (
            <Route key={r.path} path={r.path} element={r.element} />
          ))}
        </CustomRoutes>
      </Admin>
    </AreaContext.Provider>
  );
}

export function LoadingScreen() {
  return (
    <Box sx={{ display: 'flex', height: '100vh', alignItems: 'center', justifyContent: 'center' }}>
      <CircularProgress aria-label="Cargando" />
    </Box>
  );
}
