// English messages of the support plugin (same keys as Spanish).
import { auditResources } from '@conjunto/core';
import { DETAIL_MAX, FAQ_ANSWER_MAX, FAQ_QUESTION_MAX, REPLY_MAX, SUBJECT_MAX } from '../manifest.ts';

const max = (n: number) => `At most ${n} characters.`;
const faqFields = {
  category: 'Category',
  question: 'Question',
  answer: 'Answer',
  sortOrder: 'Order',
  published: 'Published',
  updatedAt: 'Updated',
  q: 'Search',
};
const supportFields = {
  subject: 'Subject',
  category: 'Category',
  detail: 'Detail',
  state: 'State',
  requesterName: 'Requester',
  replyCount: 'Replies',
  lastReplyAt: 'Last reply',
  createdAt: 'Date',
  complexId: 'Complex',
  complexName: 'Complex',
  attachment: 'Attached image',
  q: 'Search',
};

const own = {
  resources: {
    faq: { name: 'FAQ entry |||| FAQ', fields: faqFields },
    FAQ: { name: 'FAQ entry |||| FAQ', fields: faqFields },
    supports: { name: 'Support request |||| Support requests', fields: supportFields },
    sugerencias: { name: 'Support request |||| Support requests', fields: supportFields },
  },
  support: {
    title: 'Support',
    menu: { faq: 'FAQ', supports: 'Support', staffSupports: 'Feedback: Suggestions', staffFaq: 'FAQ' },
    faq: {
      title: 'Frequently asked questions',
      search: 'Search the questions',
      empty: 'No questions published.',
      noMatch: 'No question matches the search.',
      createTitle: 'New question',
      editTitle: 'Edit question',
      publishedHelper: 'Complexes see only published questions.',
      orderHelper: 'Lower numbers come first within their category.',
      yes: 'Yes',
      no: 'No',
    },
    supports: {
      title: 'Support',
      staffTitle: 'Feedback: Suggestions',
      createTitle: 'New support request',
      createHelper: 'The platform team will get your request and answer here and by e-mail.',
      attachmentHelper: 'Optional: a screenshot (JPG, PNG or WebP, up to 10 MB).',
      search: 'Search by subject or detail',
      empty: 'No data',
      thread: 'Conversation',
      noReplies: 'No replies yet.',
      staff: 'Support',
      stateChanged: 'State: %{state}',
      replyLabel: 'Reply',
      newState: 'Change state to',
      send: 'Send',
      close: 'Close request',
      closeConfirm: 'Close the request “%{subject}”? It will take no more replies.',
      closedNote: 'The request is closed.',
      attach: 'Attach image',
      viewAttachment: 'View attached image',
      requiredNote: 'Fields marked with * are required.',
      from: 'From',
      to: 'To',
    },
    categories: { Consulta: 'Question', Problema: 'Problem', Sugerencia: 'Suggestion' },
    states: { Abierto: 'Open', 'En proceso': 'In progress', Resuelto: 'Solved', Cerrado: 'Closed' },
    validation: {
      required: 'This field is required.',
      subjectMax: max(SUBJECT_MAX),
      detailMax: max(DETAIL_MAX),
      replyMax: max(REPLY_MAX),
      questionMax: max(FAQ_QUESTION_MAX),
      answerMax: max(FAQ_ANSWER_MAX),
      fileTooLarge: 'The file is too large.',
    },
    notifications: {
      created: 'Request sent',
      replied: 'Reply sent',
      closed: 'Request closed',
      attached: 'Image attached',
      faqSaved: 'Question saved',
    },
    errors: {
      load: 'Could not load the requests',
      loadFaq: 'Could not load the FAQ',
      send: 'Could not send.',
      attach: 'Could not attach the image.',
      attachment: 'Could not open the attached image.',
    },
  },
};

export default {
  ...own,
  auditLog: {
    resources: auditResources(own.resources, { faq: 'faq', supports: 'supports' }),
    actions: { replies: 'Reply', close: 'Close', attachment: 'Attached image' },
  },
};
