// English messages of the residents plugin, one file per area.
import { auditResources } from '@conjunto/core';
import household from './household.en.ts';
import { movingPetsAudit, movingPetsMessages, movingPetsResources } from './moving-pets.en.ts';
import vehicles from './vehicles.en.ts';

const en = {
  residents: {
    title: 'Residents',
    ...household.residents,
    ...vehicles.residents,
    ...movingPetsMessages,
  },
  resources: {
    ...vehicles.resources,
    ...movingPetsResources,
  },
  auditLog: {
    resources: {
      ...household.auditLog.resources,
      ...auditResources(vehicles.resources, vehicles.auditResources),
      ...auditResources(movingPetsResources, { 'moving-requests': 'mudanza', pets: 'mascotas' }),
    },
    actions: {
      ...household.auditLog.actions,
      ...vehicles.auditActions,
      ...movingPetsAudit.actions,
    },
  },
};

export default en;
