// English messages of the residents plugin.
import { auditResources } from '@conjunto/core';
import vehicles from './vehicles.en.ts';

const en = {
  residents: {
    title: 'Residents',
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

export default en;
