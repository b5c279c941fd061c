// /administrador: housing units, residents, the audit log, the mail history, "Editar Conjunto" and "Configuraciones"; the rest of the
// administrator's screens come from plugins.

import CategoryIcon from '@mui/icons-material/Category';
import EditIcon from '@mui/icons-material/Edit';
import HistoryIcon from '@mui/icons-material/History';
import HomeWorkIcon from '@mui/icons-material/HomeWork';
import MailIcon from '@mui/icons-material/Mail';
import PeopleIcon from '@mui/icons-material/People';
import SettingsIcon from '@mui/icons-material/Settings';
import ViewQuiltIcon from '@mui/icons-material/ViewQuilt';
import { lazy } from 'react';
import type { RaRecord } from 'react-admin';
import type { AreaUi } from '../types.ts';
import AdministradorDashboard from './Dashboard.tsx';
import { CURRENT_COMPLEX } from './resources.ts';

const UnitList = lazy(() => import('./units/UnitList.tsx'));
const UnitCreate = lazy(() => import('./units/UnitCreate.tsx'));
const UnitEdit = lazy(() => import('./units/UnitEdit.tsx'));
const ResidentList = lazy(() => import('./residents/ResidentList.tsx'));
const ResidentCreate = lazy(() => import('./residents/ResidentCreate.tsx'));
const ResidentEdit = lazy(() => import('./residents/ResidentEdit.tsx'));
const CatalogueList = lazy(() => import('./catalogues/Catalogue.tsx').then((m) => ({ default: m.CatalogueList })));
const CatalogueCreate = lazy(() => import('./catalogues/Catalogue.tsx').then((m) => ({ default: m.CatalogueCreate })));
const CatalogueEdit = lazy(() => import('./catalogues/Catalogue.tsx').then((m) => ({ default: m.CatalogueEdit })));
const AuditLogList = lazy(() => import('./logs/AuditLogList.tsx'));
const MailHistoryList = lazy(() => import('./mail/MailHistoryList.tsx'));
const EditComplex = lazy(() => import('./EditComplex.tsx'));
const Settings = lazy(() => import('./Settings.tsx'));

const residentName = (r: RaRecord) => `${r.firstName ?? ''} ${r.lastName ?? ''}`.trim();

const area: AreaUi = {
  dashboard: AdministradorDashboard,
  resources: [
    {
      name: 'unidadesHabitacionales',
      apiResource: 'units',
      list: UnitList,
      create: UnitCreate,
      edit: UnitEdit,
      icon: HomeWorkIcon,
      recordRepresentation: 'number',
    },
    // The spec's names of the complex's catalogues (conjuntoConfig.Subconjuntos).
    ...(
      [
        ['tiposUnidades', 'unit-types', CategoryIcon],
        ['listaSubconjuntos', 'sub-complexes', ViewQuiltIcon],
      ] as const
    ).map(([name, apiResource, icon]) => ({
      name,
      apiResource,
      list: CatalogueList,
      create: CatalogueCreate,
      edit: CatalogueEdit,
      icon,
      recordRepresentation: 'name',
    })),
    // 'residente' is the spec's route (002 §2.5); units reference it for their owner and tenant.
    {
      name: 'residente',
      apiResource: 'residents',
      list: ResidentList,
      create: ResidentCreate,
      edit: ResidentEdit,
      icon: PeopleIcon,
      recordRepresentation: residentName,
    },
    { name: 'logs', apiResource: 'audit-logs', list: AuditLogList, icon: HistoryIcon },
    // The host's outbox of the complex, read-only (GET /mail-outbox).
    { name: 'historial-correos', apiResource: 'mail-outbox', list: MailHistoryList, icon: MailIcon },
    { name: CURRENT_COMPLEX, apiResource: 'complexes', scope: 'root' },
  ],
  menu: [
    { to: 'unidadesHabitacionales', labelKey: 'shell.menu.units', icon: HomeWorkIcon, group: 'community' },
    { to: 'residente', labelKey: 'shell.menu.residents', icon: PeopleIcon, group: 'community' },
    { to: 'tiposUnidades', labelKey: 'shell.menu.unitTypes', icon: CategoryIcon, group: 'community' },
    { to: 'listaSubconjuntos', labelKey: 'shell.menu.subComplexes', icon: ViewQuiltIcon, group: 'community' },
    { to: 'logs', labelKey: 'shell.menu.logs', icon: HistoryIcon, group: 'administration' },
    { to: 'historial-correos', labelKey: 'shell.menu.mailHistory', icon: MailIcon, group: 'administration' },
  ],
  routes: [
    { path: 'editarConjunto', element: <EditComplex /> },
    { path: 'conjuntos/configuraciones', element: <Settings /> },
  ],
  userMenu: [
    { to: 'conjuntos/configuraciones', labelKey: 'shell.menu.settings', icon: SettingsIcon },
    { to: 'editarConjunto', labelKey: 'shell.menu.editComplex', icon: EditIcon },
  ],
};
export default area;
