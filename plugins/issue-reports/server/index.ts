import { defineServerPlugin } from '@conjunto/core';
import manifest from '../manifest.ts';
import { IssueReport } from './issue.entity.ts';
import { issueReportsInit } from './migrations/0001_issue_reports.ts';
import { issueRoutes } from './routes.ts';
import { seedIssueReports } from './seed.ts';

export default defineServerPlugin({
  manifest,
  entities: [IssueReport],
  migrations: [issueReportsInit],
  routes: issueRoutes,
  seedDemo: seedIssueReports,
});
