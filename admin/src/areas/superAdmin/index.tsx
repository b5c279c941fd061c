// /superAdmin: platform staff. Complexes, companies, users and plugins live under /api/platform.
import { lazy } from 'react';
import type { RaRecord } from 'react-admin';
import type { AreaUi } from '../types.ts';
import SuperAdminDashboard from './Dashboard.tsx';
import { PLATFORM_MENU } from './menu.ts';

const ComplexList = lazy(() => import('./complexes/ComplexList.tsx'));
const ComplexCreate = lazy(() => import('./complexes/ComplexCreate.tsx'));
const ComplexEdit = lazy(() => import('./complexes/ComplexEdit.tsx'));
const CompanyList = lazy(() => import('./companies/CompanyList.tsx'));
const CompanyCreate = lazy(() => import('./companies/CompanyCreate.tsx'));
const CompanyEdit = lazy(() => import('./companies/CompanyEdit.tsx'));
const UserList = lazy(() => import('./users/UserList.tsx'));
const UserCreate = lazy(() => import('./users/UserCreate.tsx'));
const UserEdit = lazy(() => import('./users/UserEdit.tsx'));
const PluginsPage = lazy(() => import('./plugins/PluginsPage.tsx'));
const BulkLoadPage = lazy(() => import('./complexes/ComplexTools.tsx').then((m) => ({ default: m.BulkLoadPage })));
const NewUserPage = lazy(() => import('./complexes/ComplexTools.tsx').then((m) => ({ default: m.NewUserPage })));
const UnitsPage = lazy(() => import('./complexes/ComplexTools.tsx').then((m) => ({ default: m.UnitsPage })));

const icon = (to: string) => PLATFORM_MENU.find((m) => m.to === to)?.icon;
const userName = (r: RaRecord) => `${r.firstName ?? ''} ${r.lastName ?? ''}`.trim();

const area: AreaUi = {
  dashboard: SuperAdminDashboard,
  resources: [
    {
      name: 'conjuntos',
      apiResource: 'complexes',
      scope: 'platform',
      list: ComplexList,
      create: ComplexCreate,
      edit: ComplexEdit,
      icon: icon('conjuntos'),
      recordRepresentation: 'name',
    },
    {
      name: 'Company',
      apiResource: 'companies',
      scope: 'platform',
      list: CompanyList,
      create: CompanyCreate,
      edit: CompanyEdit,
      icon: icon('Company'),
      recordRepresentation: 'name',
    },
    {
      name: 'administradores',
      apiResource: 'users',
      scope: 'platform',
      list: UserList,
      create: UserCreate,
      edit: UserEdit,
      icon: icon('administradores'),
      recordRepresentation: userName,
    },
  ],
  menu: PLATFORM_MENU,
  routes: [
    { path: 'plugins', element: <PluginsPage /> },
    // Spec 000 §2.2: the tools on one complex, reached from its page.
    { path: 'conjuntos/cargardatos/:id', element: <BulkLoadPage /> },
    { path: 'conjuntos/newuser/:id', element: <NewUserPage /> },
    { path: 'conjuntos/unidadesH/:id', element: <UnitsPage /> },
  ],
};
export default area;
