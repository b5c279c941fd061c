// English messages of the residents plugin, one file per area.
import { auditResources } from '@conjunto/core';
import household from './household.en.ts';
import vehicles from './vehicles.en.ts';

const en = {
  residents: {
    title: 'Residents',
    ...household.residents,
    ...vehicles.residents,
  },
  resources: {
    ...vehicles.resources,
  },
  auditLog: {
    resources: {
      ...household.auditLog.resources,
      ...auditResources(vehicles.resources, vehicles.auditResources),
    },
    actions: {
      ...household.auditLog.actions,
      ...vehicles.auditActions,
    },
  },
};

export default en;
