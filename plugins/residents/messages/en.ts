// English messages of the residents plugin.
// --- moving and pets
import { auditResources } from '@conjunto/core';
import { movingPetsAudit, movingPetsMessages, movingPetsResources } from './moving-pets.en.ts';

// --- end moving and pets

const en = {
  residents: {
    title: 'Residents',
    // --- moving and pets
    ...movingPetsMessages,
    // --- end moving and pets
  },
  resources: {
    // --- moving and pets
    ...movingPetsResources,
    // --- end moving and pets
  },
  auditLog: {
    resources: {
      // --- moving and pets
      ...auditResources(movingPetsResources, { 'moving-requests': 'mudanza', pets: 'mascotas' }),
      // --- end moving and pets
    },
    actions: {
      // --- moving and pets
      ...movingPetsAudit.actions,
      // --- end moving and pets
    },
  },
};

export default en;
