// /administrador: housing units, the audit log, "Editar Conjunto" and "Configuraciones"; the rest of the
// administrator's screens come from plugins.
import EditIcon from '@mui/icons-material/Edit';
import HistoryIcon from '@mui/icons-material/History';
import HomeWorkIcon from '@mui/icons-material/HomeWork';
import SettingsIcon from '@mui/icons-material/Settings';
import { lazy } from 'react';
import type { RaRecord } from 'react-admin';
import type { AreaUi } from '../types.ts';
import AdministradorDashboard from './Dashboard.tsx';
import { CURRENT_COMPLEX } from './resources.ts';

const UnitList = lazy(() => import('./units/UnitList.tsx'));
const UnitCreate = lazy(() => import('./units/UnitCreate.tsx'));
const UnitEdit = lazy(() => import('./units/UnitEdit.tsx'));
const AuditLogList = lazy(() => import('./logs/AuditLogList.tsx'));
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
    { name: 'logs', apiResource: 'audit-logs', list: AuditLogList, icon: HistoryIcon },
    // For reference inputs only (owner, tenant): no screen of its own here.
    { name: 'residentes', apiResource: 'residents', recordRepresentation: residentName },
    { name: CURRENT_COMPLEX, apiResource: 'complexes', scope: 'root' },
  ],
  menu: [
    { to: 'unidadesHabitacionales', labelKey: 'shell.menu.units', icon: HomeWorkIcon, group: 'community' },
    { to: 'logs', labelKey: 'shell.menu.logs', icon: HistoryIcon, group: 'administration' },
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
