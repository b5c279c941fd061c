// The admin half of the issue reports plugin (the shell imports it lazily: it is the plugin's chunk).
import { defineAdminPlugin } from '@conjunto/core';
import ReportProblemIcon from '@mui/icons-material/ReportProblem';
import { lazy } from 'react';
import manifest, { ISSUES_TOPIC } from '../manifest.ts';
import es from '../messages/es.ts';

const ADMIN_ROLES = ['administrador', 'superAdministrador'] as const;
const IssueReportList = lazy(() => import('./IssueReportList.tsx'));
const ResidentIssuesPanel = lazy(() => import('./ResidentIssuesPanel.tsx'));

export default defineAdminPlugin({
  manifest,
  resources: [
    {
      name: 'informeProblemas',
      apiResource: 'issue-reports',
      list: IssueReportList,
      icon: ReportProblemIcon,
      roles: ADMIN_ROLES,
    },
  ],
  menu: [
    { to: 'informeProblemas', labelKey: 'issueReports.title', icon: ReportProblemIcon, roles: ADMIN_ROLES, group: 'community' },
  ],
  panels: [
    {
      id: 'own-reports',
      slot: 'residentArea',
      titleKey: 'issueReports.title',
      component: ResidentIssuesPanel,
      order: 80,
      roles: ['residente'],
      access: { resource: 'issue-reports' },
    },
  ],
  // The office's bell (spec 000 §2.9): the damage reports still Pendiente, newest first, as the server describes them.
  // The dashboard's alert of what waits (spec 000 §2.9), beside the bell's group.
  widgets: [
    {
      id: 'pending',
      titleKey: 'issueReports.bell',
      component: lazy(() => import('./PendingWidget.tsx')),
      size: 'small',
      order: 24,
      to: 'informeProblemas',
      roles: ADMIN_ROLES,
      access: { resource: 'issue-reports', action: 'pending' },
    },
  ],
  bell: [
    {
      id: 'pending',
      titleKey: 'issueReports.bell',
      resource: 'informeProblemas',
      path: 'pending',
      topics: [ISSUES_TOPIC],
      roles: ADMIN_ROLES,
      access: { resource: 'issue-reports', action: 'pending' },
      order: 20,
    },
  ],
  messages: { es, en: () => import('../messages/en.ts') },
});
