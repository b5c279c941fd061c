import type { PluginMigration } from '@conjunto/core';

/**
 * The platform's list of every complex's panic alerts (/superAdmin/allPanics) reads newest first across complexes:
 * an index in that order (and the keyset's id), so a page is read from its top, not sorted from the whole table.
 */
export const gatePanicPlatform: PluginMigration = {
  name: 'gate_0007_panic_platform',
  up: ['create index panic_alerts_raised on panic_alerts (raised_at desc, id desc)'],
};
