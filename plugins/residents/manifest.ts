import { definePlugin } from '@conjunto/core';

/**
 * What a household registers beyond its people (who are the host directory's residents): family members,
 * approvers, plates, tags, moving requests and pets. Never switched off as a whole (residents never are); plates,
 * tags, moving and pets each have the catalogue's switch of their own.
 */
/** Domain events the residents' registry emits (the gate's timeline follows them when both are on). */
export const RESIDENTS_EVENTS = { vehicleRead: 'residents.vehicle.read' } as const;

export default definePlugin({
  id: 'residents',
  titleKey: 'residents.title',
  roles: ['administrador', 'superAdministrador', 'directiva', 'supervisor', 'residente'],
  resources: ['family-members', 'approvers', 'plates', 'tags', 'moving-requests', 'pets'],
  emits: [RESIDENTS_EVENTS.vehicleRead],
  resourceSwitches: { plates: 'PlacasResidentes', tags: 'TagsResidentes', 'moving-requests': 'Mudanza', pets: 'Pets' },
  // The one place roles are written: the server derives each route's roles, the admin hides what it denies.
  access: {
    administrador: {
      'family-members': '*',
      approvers: '*',
      plates: '*',
      tags: '*',
      'moving-requests': '*',
      pets: '*',
    },
    superAdministrador: {
      'family-members': '*',
      approvers: '*',
      plates: '*',
      tags: '*',
      'moving-requests': '*',
      pets: '*',
    },
    directiva: {
      plates: ['list', 'show', 'export', 'report'],
      tags: ['list', 'show', 'export', 'report'],
      pets: ['list', 'show'],
    },
    // The guard reads the residents' approvers and families at the gate, as the complex's switches allow
    // (household-scope.ts ownRows).
    supervisor: { approvers: ['list'], 'family-members': ['list'] },
    // A resident manages their own household's family and approvers, their unit's moving requests and pets, and reads
    // their unit's plates and tags (the routes narrow them to their own); the rest is the office's.
    residente: {
      'family-members': ['list', 'show', 'create', 'edit', 'delete', 'export'],
      approvers: ['list', 'show', 'create', 'edit', 'delete', 'export', 'replace'],
      plates: ['list', 'show'],
      tags: ['list', 'show'],
      'moving-requests': ['list', 'show', 'create', 'cancel'],
      pets: ['list', 'show', 'create', 'edit', 'delete', 'photo'],
    },
  },
});
