// /residente (issue 12): the residents' own small, phone-friendly area of the admin. Inicio (greeting, unit, what
// they owe in brief), Mi hogar (the plugins' sections of slot 'residentArea'), Mi perfil. Later issues add visits,
// panic, reservations and votes as plugin panels and entries here.
import HomeIcon from '@mui/icons-material/Home';
import PersonIcon from '@mui/icons-material/Person';
import { lazy } from 'react';
import type { AreaUi } from '../types.ts';
import ResidentHome from './ResidentHome.tsx';
import { ResidentLayout } from './ResidentLayout.tsx';

const ResidentHousehold = lazy(() => import('./ResidentHousehold.tsx'));
const ResidentProfile = lazy(() => import('./ResidentProfile.tsx'));

const area: AreaUi = {
  dashboard: ResidentHome,
  layout: ResidentLayout,
  resources: [],
  menu: [
    { to: 'hogar', labelKey: 'shell.residentArea.household', icon: HomeIcon },
    { to: 'perfil', labelKey: 'shell.residentArea.profile', icon: PersonIcon },
  ],
  routes: [
    { path: 'hogar', element: <ResidentHousehold /> },
    { path: 'perfil', element: <ResidentProfile /> },
  ],
  userMenu: [{ to: 'perfil', labelKey: 'shell.residentArea.profile', icon: PersonIcon }],
};
export default area;
