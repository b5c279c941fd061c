// English messages of the maintenance plugin (loaded only when a user chooses English).
import { auditResources } from '@conjunto/core';
import { RRULE_COUNT_MAX, TITLE_MAX } from '../manifest.ts';

const own = {
  resources: {
    mantenimiento: {
      name: 'Maintenance |||| Maintenance',
      fields: {
        title: 'Title',
        description: 'Description',
        supplier: 'Supplier',
        cost: 'Cost',
        recurrence: 'Recurrence',
        rrule: 'Recurrence rule (RRULE)',
        startDate: 'Start date',
        untilDate: 'Until',
        endsOn: 'Ends',
        isFuture: 'Future maintenance',
        status: 'Status',
        lastDue: 'Last date',
        nextDue: 'Next date',
        ended: 'Ended',
        createdAt: 'Created',
        updatedAt: 'Updated',
        q: 'Search',
      },
    },
  },
  maintenance: {
    title: 'Maintenance',
    bell: 'Pending maintenance',
    dashboard: { count: 'pending date |||| pending dates', none: 'No maintenance pending.' },
    banner:
      'Shows the running plans and those that ended within the last 6 months. Mark each date as done; pending ones appear in the bell.',
    empty: 'No data',
    search: 'Search by title or supplier',
    none: '—',
    recurrence: { weekly: 'Weekly', monthly: 'Monthly', annual: 'Annual', rrule: 'Custom' },
    recurrenceHelp: {
      weekly: 'Every 7 days, on the start date’s weekday.',
      monthly: 'Every month (30), on the start date’s day or the month’s last day when shorter.',
      annual: 'Every year (365), on the start date’s day and month.',
      rrule: `An iCalendar rule (RFC 5545), e.g. FREQ=MONTHLY;BYDAY=1MO (first Monday of each month). At most daily, at most ${RRULE_COUNT_MAX} times.`,
    },
    status: { scheduled: 'Scheduled', pending: 'Pending', upToDate: 'Up to date', ended: 'Ended' },
    future: 'Future',
    filters: { ended: 'Ended', active: 'Running', all: 'All' },
    columns: { actions: 'Actions' },
    action: {
      create: 'New maintenance',
      edit: 'Edit',
      delete: 'Delete',
      detail: 'View details',
      save: 'Save',
      cancel: 'Cancel',
      close: 'Close',
      markDone: 'Mark done',
      undoDone: 'Undo',
      confirm: 'Confirm',
    },
    form: {
      createTitle: 'New maintenance',
      editTitle: 'Edit maintenance',
      titleHelper: `Up to ${TITLE_MAX} characters.`,
      costHelper: 'In dollars, with at most 2 decimals.',
      untilHelper: 'Optional: the recurrence’s last possible date.',
      futureHelper: 'A foreseen maintenance not contracted yet.',
      required: 'Fields marked with * are required.',
    },
    detail: {
      title: 'Maintenance details',
      past: 'Latest dates',
      upcoming: 'Next dates',
      noPast: 'No dates are due yet.',
      noUpcoming: 'The recurrence has ended: no more dates.',
      done: 'Done',
      overdue: 'Overdue',
      dueToday: 'Today',
      doneBy: 'Done on %{at} by %{name}',
      doneAt: 'Done on %{at}',
    },
    done: {
      title: 'Mark as done',
      content: 'Confirm that “%{title}” of %{date} was done?',
      notes: 'Notes',
    },
    undo: {
      title: 'Undo a date done',
      content: 'Remove the done mark of %{date} from “%{title}”? Its notes are dropped.',
    },
    delete: {
      title: 'Delete maintenance',
      content: 'Delete “%{title}” and its record of dates? This cannot be undone.',
    },
    notifications: {
      created: 'Maintenance created',
      updated: 'Maintenance updated',
      deleted: 'Maintenance deleted',
      done: 'Date marked as done',
      undone: 'Done mark removed',
    },
    errors: {
      load: 'Could not load the maintenance plans',
      save: 'Could not save the maintenance.',
      delete: 'Could not delete the maintenance.',
      done: 'Could not mark the date.',
      undo: 'Could not undo the date.',
      occurrences: 'Could not load the dates.',
    },
    validation: {
      required: 'This field is required!',
      titleMax: `At most ${TITLE_MAX} characters.`,
      cost: 'Only values with 2 decimals are accepted',
      untilBeforeStart: 'The end date must be on or after the start date.',
      rruleMissing: 'Enter the recurrence rule (RRULE).',
    },
  },
};

export default {
  ...own,
  auditLog: {
    resources: auditResources(
      own.resources,
      { 'maintenance-plans': 'mantenimiento' },
      {
        'maintenance-plans': { fields: { date: 'Date', notes: 'Notes', doneAt: 'Done at', to: 'Recipients' } },
      },
    ),
    actions: { done: 'Date done', undone: 'Date done undone', remind: 'Reminder sent' },
  },
};
