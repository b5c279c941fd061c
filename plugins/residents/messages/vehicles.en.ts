// English messages of plates and tags (the same keys as vehicles.es.ts).
import { VEHICLE_LIMITS } from '../vehicles.ts';

const fields = (value: string) => ({
  value,
  status: 'Status',
  unitId: 'Destination',
  unitNumber: 'Destination',
  residentId: 'Resident',
  residentName: 'Resident',
  blockReason: 'Blocking observation',
  blockedAt: 'Blocked on',
  createdAt: 'Registered on',
  q: 'Search',
});

const screens = (kind: 'plates' | 'tags', one: string, many: string) => ({
  title: many,
  panel: `Registered ${many.toLowerCase()}`,
  search: `Search by ${one.toLowerCase()}, unit or resident`,
  empty: 'No data',
  none: `No ${many.toLowerCase()} registered.`,
  create: `New ${one.toLowerCase()}`,
  edit: `Edit ${one.toLowerCase()}`,
  status: { active: 'Active', inactive: 'Inactive', blocked: 'Blocked' },
  formatHelper: kind === 'plates' ? 'Format ABC1234 or ABC123.' : '8 digits, e.g. 01234567.',
  residentHelper: 'Optional: a resident of the destination unit.',
  actions: {
    title: 'Actions',
    block: 'Block',
    unblock: 'Unblock',
    delete: 'Delete',
    report: 'Report',
    cancel: 'Cancel',
    confirm: 'Confirm',
  },
  block: {
    title: `Block ${one.toLowerCase()}`,
    content: `Give the reason for blocking %{value}. It is kept as the blocking observation.`,
    reason: 'Reason',
  },
  unblock: { title: `Unblock ${one.toLowerCase()}`, content: 'Unblock %{value}? It will be active again.' },
  delete: { title: `Delete ${one.toLowerCase()}`, content: 'Delete %{value}? This cannot be undone.' },
  notifications: {
    created: `${one} registered`,
    updated: `${one} updated`,
    blocked: `${one} blocked`,
    unblocked: `${one} unblocked`,
    deleted: `${one} deleted`,
  },
  errors: {
    retrieve: `Error retrieving the ${many.toLowerCase()}.`,
    block: `Error blocking the ${one.toLowerCase()}.`,
    exists: `A ${one.toLowerCase()} with that value already exists.`,
    load: `Error loading the ${many.toLowerCase()}.`,
    delete: `Error deleting the ${one.toLowerCase()}.`,
    save: 'Error saving the data.',
  },
  validation: {
    required: 'This field is required!',
    format:
      kind === 'plates' ? 'Incorrect plate format (e.g. ABC1234 or ABC123).' : 'Incorrect tag format: 8 digits (e.g. 01234567).',
    reasonMax: `Maximum ${VEHICLE_LIMITS.blockReason} character(s).`,
  },
});

const resources = {
  placas: { name: 'Plate |||| Plates', fields: fields('Plate') },
  tags: { name: 'Tag |||| Tags', fields: fields('Tag') },
};

export default {
  resources,
  residents: { plates: screens('plates', 'Plate', 'Plates'), tags: screens('tags', 'Tag', 'Tags') },
  auditResources: { plates: 'placas', tags: 'tags' },
  auditActions: { block: 'Block', unblock: 'Unblock', import: 'Import' },
};
