// The admin half of the biometrics plugin. Its screens (spec 001 §2) are still to come: for now it gives the
// plugin its name on the platform's screens.
import { defineAdminPlugin } from '@conjunto/core';
import manifest from '../manifest.ts';
import en from '../messages/en.ts';
import es from '../messages/es.ts';

export default defineAdminPlugin({ manifest, resources: [], menu: [], messages: { es, en } });
