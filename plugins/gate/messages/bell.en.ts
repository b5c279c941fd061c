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
