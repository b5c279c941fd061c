// The admin half of the residents plugin (the shell imports it lazily: it is the plugin's chunk).
import { defineAdminPlugin } from '@conjunto/core';
import manifest from '../manifest.ts';
import en from '../messages/en.ts';
import es from '../messages/es.ts';
import { vehicleMenu, vehiclePanels, vehicleResources } from './vehicles/index.ts';

export default defineAdminPlugin({
  manifest,
  resources: [
    // plates and tags
    ...vehicleResources,
  ],
  menu: [
    // plates and tags
    ...vehicleMenu,
  ],
  panels: [
    // plates and tags
    ...vehiclePanels,
  ],
  messages: { es, en },
});
