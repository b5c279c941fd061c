// Spanish messages of the residents plugin, one file per area.
import { auditResources } from '@conjunto/core';
import household from './household.es.ts';
import vehicles from './vehicles.es.ts';

const es = {
  residents: {
    title: 'Residentes',
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

export default es;
