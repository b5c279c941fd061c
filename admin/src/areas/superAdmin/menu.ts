import type { AdminMenuEntry } from '@conjunto/core';
import ApartmentIcon from '@mui/icons-material/Apartment';
import BusinessIcon from '@mui/icons-material/Business';
import ExtensionIcon from '@mui/icons-material/Extension';
import PeopleIcon from '@mui/icons-material/People';

/** The platform screens; 'Company' is the spec's route for companies (spec 000 §2.2). */
export const PLATFORM_MENU: readonly AdminMenuEntry[] = [
  { to: 'conjuntos', labelKey: 'shell.menu.complexes', icon: ApartmentIcon },
  { to: 'Company', labelKey: 'shell.menu.companies', icon: BusinessIcon },
  { to: 'administradores', labelKey: 'shell.menu.users', icon: PeopleIcon },
  { to: 'plugins', labelKey: 'shell.menu.plugins', icon: ExtensionIcon },
];
