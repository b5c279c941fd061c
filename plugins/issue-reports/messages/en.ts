// English messages of the issue reports plugin (loaded only when a user chooses English).
import { auditResources } from '@conjunto/core';
import { DETAIL_MAX } from '../manifest.ts';

const own = {
  resources: {
    informeProblemas: {
      name: 'Damage report |||| Damage reports',
      fields: {
        reportedAt: 'Date',
        unitNumber: 'Unit',
        unitId: 'Unit',
        residentName: 'Resident',
        category: 'Category',
        detail: 'Detail',
        status: 'Status',
        observations: 'Observations',
        rating: 'Rating',
        photo: 'Image',
        startedAt: 'In progress since',
        completedAt: 'Completed',
        ratedAt: 'Rated',
        q: 'Search',
      },
    },
  },
  issueReports: {
    bell: 'Pending damage reports',
    dashboard: { count: 'pending report |||| pending reports', none: 'No damage reports pending.' },
    title: 'Issue reports',
    banner:
      'Residents’ damage reports, complaints and suggestions. The status only moves forward: Pending, In progress, Completed; the resident rates the service.',
    empty: 'No data',
    search: 'Search the detail, unit or resident',
    none: '—',
    status: { 0: 'Pending', 1: 'In progress', 2: 'Completed', 3: 'Rated' },
    category: { 1: 'Complaints', 2: 'Claims', 3: 'Requests', 4: 'Suggestions', 5: 'Compliments', 6: 'Other' },
    rating: { 0: 'Pending rating', 1: 'Bad', 2: 'Regular', 3: 'Medium', 4: 'Good', 5: 'Excellent' },
    columns: { actions: 'Actions' },
    action: {
      open: 'View details',
      start: 'Start (In progress)',
      complete: 'Complete',
      saveObservations: 'Save observations',
      create: 'New report',
      send: 'Send report',
      rate: 'Rate',
      cancel: 'Cancel',
      close: 'Close',
      photo: 'Attach photo',
      changePhoto: 'Change photo',
    },
    detail: {
      title: 'Damage report',
      noPhoto: 'No image',
      observationsHelper: `Up to ${DETAIL_MAX} characters. The resident sees them on the report.`,
      history: 'History',
      reported: 'Reported on %{at}',
      started: 'In progress on %{at}',
      completed: 'Completed on %{at}',
      rated: 'Rated on %{at}',
    },
    create: {
      title: 'New report',
      detailHelper: `Describe the problem (up to ${DETAIL_MAX} characters).`,
      photoHelper: 'Optional: a JPEG, PNG or WebP photo up to 5 MB.',
      required: 'Fields marked with * are required.',
    },
    rate: {
      title: 'Rate the service',
      content: 'How was the service for your report “%{detail}”?',
    },
    panel: {
      empty: 'You have no reports.',
      rateHint: 'Completed: rate the service.',
    },
    notifications: {
      created: 'Report sent',
      status: 'Status updated',
      observations: 'Observations saved',
      rated: 'Thank you for your rating',
      photo: 'Photo saved',
    },
    errors: {
      load: 'Could not load the damage reports',
      save: 'Could not save the report.',
      photoTooLarge: 'The photo may not exceed 5 MB.',
    },
    validation: { required: 'This field is required!', detailMax: `At most ${DETAIL_MAX} characters.` },
  },
};

export default {
  ...own,
  auditLog: {
    resources: auditResources(own.resources, { 'issue-reports': 'informeProblemas' }),
    actions: { status: 'Status change', rating: 'Rating', photo: 'Photo' },
  },
};
