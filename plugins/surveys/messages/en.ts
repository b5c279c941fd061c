// English messages of the surveys plugin.
import { auditResources } from '@conjunto/core';
import { SURVEY_DAYS_MAX, SURVEY_DAYS_MIN, SURVEY_TITLE_MAX } from '../manifest.ts';

const own = {
  resources: {
    encuestas: {
      name: 'Survey |||| Surveys',
      fields: {
        title: 'Name',
        displayDays: 'Display days',
        isActive: 'Status',
        answerCount: 'Answers',
        createdAt: 'Created at',
        q: 'Search',
      },
    },
  },
  surveys: {
    title: 'Surveys',
    banner:
      'Only one survey can be active at a time: creating or enabling a survey deactivates the one that is active. ' +
      "Residents see the active survey in their app every N days, where N is the survey's display days.",
    empty: 'No information',
    search: 'Search by name',
    dashboard: {
      title: 'Survey participation',
      units: '%{answered} of %{eligible} units answered',
      none: 'There is no active survey.',
    },
    columns: { actions: 'Actions' },
    status: { active: 'Active', inactive: 'Inactive' },
    action: {
      create: 'New survey',
      results: 'View results',
      enable: 'Enable',
      disable: 'Disable',
      delete: 'Delete',
      save: 'Save',
      cancel: 'Cancel',
      close: 'Close',
      continue: 'Continue',
    },
    create: {
      title: 'New survey',
      question: 'The survey has a single question that residents answer with Yes or No.',
      titleHelper: `Up to ${SURVEY_TITLE_MAX} characters.`,
      daysHelper: `How often, in days, residents are shown the survey (${SURVEY_DAYS_MIN} to ${SURVEY_DAYS_MAX}).`,
      activate: 'Enable on creation',
    },
    validation: {
      required: 'This field is required!',
      titleMax: `Max. ${SURVEY_TITLE_MAX} character(s).`,
      days: `Enter a whole number between ${SURVEY_DAYS_MIN} and ${SURVEY_DAYS_MAX}.`,
    },
    replace: {
      title: 'Change the active survey',
      content: 'The survey “%{current}” is active and will be deactivated when “%{next}” is enabled. Do you want to continue?',
    },
    delete: {
      title: 'Delete survey',
      content: 'Are you sure you want to delete the survey “%{title}”? This cannot be undone.',
    },
    notifications: {
      created: 'Survey created',
      enabled: 'Survey enabled',
      disabled: 'Survey disabled',
      deleted: 'Survey deleted',
      disabledMany: 'Survey disabled |||| %{smart_count} surveys disabled',
    },
    errors: {
      load: 'Error loading surveys',
      create: 'An error occurred creating the survey.',
      status: 'Error changing status.',
      delete: 'An error occurred deleting the survey.',
      results: 'Error loading the information.',
    },
    results: {
      title: 'Results of “%{title}”',
      question: 'Yes / No answers',
      total: 'Total answers: %{count}',
      noAnswers: 'This survey has no answers yet.',
      option: 'Option',
      count: 'Answers',
      percentage: 'Percentage',
      participant: 'Participant',
      answeredAt: 'Answered at',
      participants: 'Participants who answered “%{option}”',
      noParticipants: 'Nobody chose this option.',
      totalRow: 'Total',
      unknown: 'Unknown',
      yes: 'Yes',
      no: 'No',
    },
  },
};

export default {
  ...own,
  // The audit log names the plugin's resources, their fields and its own actions.
  auditLog: {
    resources: auditResources(
      own.resources,
      { surveys: 'encuestas' },
      {
        'survey-answers': {
          name: 'Survey answer',
          fields: { surveyId: 'Survey', confirm: 'Answer' },
        },
      },
    ),
    actions: { enable: 'Enabling', disable: 'Disabling' },
  },
};
