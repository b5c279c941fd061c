// English messages of panic alerts.
export const panicResources = {
  alerta: {
    name: 'Panic alert |||| Alerts',
    fields: {
      raisedAt: 'Date',
      residentName: 'Resident',
      residentPhone: 'Phone',
      unitNumber: 'Unit',
      detail: 'Detail',
      status: 'Status',
      observation: 'Observation',
      closedAt: 'Closed on',
      closedByName: 'Closed by',
      q: 'Search',
    },
  },
};

export const panicMessages = {
  menu: 'Alert',
  snackbar: 'Help!!!',
  dialog: 'I need help',
  details: 'Details',
  close: 'Close',
  open: 'Active',
  closed: 'Closed',
  openCount: 'Active panic alerts: %{count}',
  raisedAt: 'Sent on %{at}',
  complex: 'Complex',
  noDetail: 'No detail.',
  closeAction: 'Close alert',
  closeTitle: 'Close the alert of %{name}',
  observation: 'Observation',
  observationHelp: 'What was done: who went, what was found.',
  closedNotice: 'Alert closed.',
  deleteTitle: 'Delete alert',
  deleteContent: 'Delete the alert of %{name}?',
  deleted: 'Alert deleted.',
  error: 'The action could not be completed.',
  button: 'Panic button',
  buttonHelp: "Alerts the complex's guards at once.",
  confirmTitle: 'Send a panic alert to the guards?',
  confirmDetail: 'What is happening (optional)',
  send: 'Send alert',
  sent: 'Alert sent to the guards.',
  sendError: 'The alert could not be sent. Call the guards.',
};

export const panicAudit = { resources: { 'panic-alerts': 'alerta' }, actions: { close: 'Close' } };
