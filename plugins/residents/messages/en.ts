// English messages of the residents plugin.
// family and approvers
import household from './household.en.ts';

const en = {
  residents: {
    title: 'Residents',
    // family and approvers
    ...household.residents,
  },
  // family and approvers
  auditLog: household.auditLog,
};

export default en;
