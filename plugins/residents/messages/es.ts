// Spanish messages of the residents plugin.
// family and approvers
import household from './household.es.ts';

const es = {
  residents: {
    title: 'Residentes',
    // family and approvers
    ...household.residents,
  },
  // family and approvers
  auditLog: household.auditLog,
};

export default es;
