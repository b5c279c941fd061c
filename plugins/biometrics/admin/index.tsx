// The admin half of the biometrics plugin (spec 001). The shell imports this module lazily (the plugin's chunk);
// the faces screen is a further chunk, and the bulk-import wizard (with its ZIP and Excel readers) another one.
import { defineAdminPlugin } from '@conjunto/core';
import FaceIcon from '@mui/icons-material/Face';
import { lazy } from 'react';
import manifest from '../manifest.ts';
import es from '../messages/es.ts';
import { FACES, SPEC_PATHS } from './shared/api.ts';

const FacesScreen = lazy(() => import('./faces/FacesScreen.tsx'));
const OfflineDevicesWidget = lazy(() => import('./dashboard/OfflineDevicesWidget.tsx'));

export default defineAdminPlugin({
  manifest,
  resources: [
    // /administrador/rostros: the faces screen over GET faces.
    { name: FACES, apiResource: 'faces', list: FacesScreen, icon: FaceIcon },
    // The spec's own paths (status, create/edit/delete a face, import), under the current complex.
    { name: SPEC_PATHS, apiResource: 'biometrics/conjuntos/{complexId}' },
    // The bulk imports' records (the wizard and the progress badge).
    { name: 'face-imports' },
  ],
  menu: [{ to: FACES, labelKey: 'biometrics.menu', icon: FaceIcon, group: 'access' }],
  widgets: [
    {
      id: 'offlineDevices',
      titleKey: 'biometrics.dashboard.title',
      component: OfflineDevicesWidget,
      size: 'small',
      order: 40,
      // The faces screen opened on its devices view.
      to: `${FACES}?vista=dispositivos`,
      access: { resource: 'biometricos', action: 'status' },
    },
  ],
  messages: { es, en: () => import('../messages/en.ts') },
});
