// /directiva (spec 002 §2.3): the board reads the residents ('residentes', without write buttons: the server
// lets it read only); its other screens come from plugins.
import PeopleIcon from '@mui/icons-material/People';
import { lazy } from 'react';
import type { RaRecord } from 'react-admin';
import BasicDashboard from '../basic/Dashboard.tsx';
import type { AreaUi } from '../types.ts';

const ResidentList = lazy(() => import('../administrador/residents/ResidentList.tsx'));

const residentName = (r: RaRecord) => `${r.firstName ?? ''} ${r.lastName ?? ''}`.trim();

const area: AreaUi = {
  dashboard: BasicDashboard,
  resources: [
    { name: 'residentes', apiResource: 'residents', list: ResidentList, icon: PeopleIcon, recordRepresentation: residentName },
    // For the list's unit filter only.
    { name: 'unidadesHabitacionales', apiResource: 'units', recordRepresentation: 'number' },
  ],
  menu: [{ to: 'residentes', labelKey: 'shell.menu.residents', icon: PeopleIcon, group: 'community' }],
};
export default area;
