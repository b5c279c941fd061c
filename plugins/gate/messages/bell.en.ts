// English texts of the guard's early-visits bell.
export default {
  title: "Today's early visits",
  open: "Today's early visits: %{count}",
  goToVisits: 'go to visits',
  empty: 'You have no early visits for today',
  error: "Could not read today's early visits",
  visitor: 'Visitor',
  resident: 'Resident',
  noResident: 'No resident',
  more: 'and %{count} more',
};

/** The platform staff's every-complex list (/superAdmin/allPanics). */
export const allPanicsMessages = {
  menu: 'AllPanicAlerts',
  title: 'Panic alerts of every complex',
  search: 'Resident, unit or detail',
  from: 'From',
  to: 'To',
};

export const allPanicsResources = {
  allPanics: {
    name: 'Panic alert |||| Panic alerts',
    fields: {
      complexId: 'Complex',
      complexName: 'Complex',
      raisedAt: 'Date',
      residentName: 'Resident',
      residentPhone: 'Phone',
      unitNumber: 'Unit',
      detail: 'Detail',
      status: 'Status',
      observation: 'Observation',
      q: 'Search',
    },
  },
};
