// English messages of the scheduled e-mails (loaded when a user chooses English).
import { auditResources } from '@conjunto/core';

const mailingFields = {
  subject: 'Subject',
  body: 'Message',
  audience: 'Recipients',
  unitIds: 'Units',
  recurrence: 'Recurrence',
  startAt: 'Send date and time',
  isActive: 'Active',
  nextRunAt: 'Next send',
  lastRunAt: 'Last send',
  lastRunCount: 'E-mails sent',
  status: 'Status',
  createdAt: 'Created',
  updatedAt: 'Updated',
  q: 'Search',
};

const own = {
  resources: {
    programados: { name: 'Scheduled e-mail |||| Scheduled e-mails', fields: mailingFields },
    'mailing-settings': {
      name: 'Scheduled e-mail settings',
      fields: { senderName: 'Sender name', replyTo: 'Reply to', defaultTime: 'Send time', paused: 'Paused' },
    },
  },
  mailings: {
    title: 'Scheduled e-mails',
    menu: { scheduled: 'Scheduled e-mails', settings: 'Scheduled e-mail settings' },
    search: 'Search subject or message',
    audience: {
      all: 'All residents',
      owners: 'Owners only',
      tenants: 'Tenants only',
      arrears: 'Units with overdue debts',
      units: 'Chosen units',
    },
    recurrence: { once: 'Once', daily: 'Daily', weekly: 'Weekly', monthly: 'Monthly' },
    status: { active: 'Active', inactive: 'Inactive', finished: 'Finished', paused: 'Paused' },
    filters: { active: 'Active', inactive: 'Inactive' },
    columns: { actions: 'Actions' },
    action: { sendNow: 'Send now' },
    sendJob: 'Scheduled e-mail send',
    sendResult: '%{smart_count} e-mail queued |||| %{smart_count} e-mails queued',
    sendDuplicate: 'This send had already run: nothing was sent again.',
    sendSkipped: 'The send was skipped (inactive e-mail or sends paused).',
    pausedBanner: 'Scheduled sends are paused for this complex. Resume them in the scheduled e-mail settings.',
    bodyHelp: 'Plain text, up to %{max} characters.',
    startHelp:
      "Ecuador time. Daily, weekly and monthly repeat this time; weekly on the same weekday and monthly on the same day of the month (or the month's last day when shorter).",
    arrearsHidden: 'Turn Accounting on to send to units with overdue debts only.',
    errors: { send: 'The e-mail could not be sent.' },
    validation: { required: 'Required', units: 'Choose at least one unit.' },
    settings: {
      title: 'Scheduled e-mail settings',
      intro:
        "The sender's name and reply-to address of the complex's scheduled e-mails, the time a new one starts at, and a pause for every send.",
      senderName: 'Sender name',
      replyTo: 'Reply to',
      replyToHelp: "Residents' replies go to this address.",
      defaultTime: 'Default send time',
      defaultTimeHelp: 'Ecuador time proposed for a new e-mail.',
      paused: 'Pause every scheduled send',
      pausedHelp: 'While paused no scheduled e-mail is sent (Send now still works).',
      email: 'Invalid e-mail',
      time: 'Invalid time (HH:mm).',
      saved: 'Settings saved',
      saveError: 'The settings could not be saved.',
      loadError: 'The settings could not be loaded.',
    },
  },
};

export default {
  ...own,
  auditLog: {
    resources: auditResources(
      own.resources,
      { mailings: 'programados', 'mailing-settings': 'mailing-settings' },
      {
        mailings: { fields: { run: 'Send', recipients: 'Recipients' } },
      },
    ),
    actions: { send: 'E-mail sent' },
  },
};
