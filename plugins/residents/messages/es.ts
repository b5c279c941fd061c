// Spanish messages of the residents plugin.
import { auditResources } from '@conjunto/core';
import vehicles from './vehicles.es.ts';

const es = {
  residents: {
    title: 'Residentes',
    // plates and tags
    ...vehicles.residents,
  },
  resources: {
    // plates and tags
    ...vehicles.resources,
  },
  auditLog: {
    resources: {
      // plates and tags
      ...auditResources(vehicles.resources, vehicles.auditResources),
    },
    actions: {
      // plates and tags
      ...vehicles.auditActions,
    },
  },
};

export default es;
