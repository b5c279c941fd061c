// Spec 002 §2.5: an empty table shows 'No hay información'. The office's tables of the community plugins (issue 14)
// keep that text; the residents' own card lists may say it in their words.
import { messageLeaves } from '@conjunto/core';
import { describe, expect, it } from 'vitest';
import archive from '../../plugins/archive/messages/es.ts';
import issueReports from '../../plugins/issue-reports/messages/es.ts';
import maintenance from '../../plugins/maintenance/messages/es.ts';
import reservations from '../../plugins/reservations/messages/es.ts';
import support from '../../plugins/support/messages/es.ts';
import votes from '../../plugins/votes/messages/es.ts';

describe("the office's empty tables", () => {
  it("say 'No hay información'", () => {
    const tables: [unknown, string][] = [
      [archive, 'archive.empty'],
      [issueReports, 'issueReports.empty'],
      [maintenance, 'maintenance.empty'],
      [reservations, 'reservations.empty'],
      [support, 'support.supports.empty'],
      [votes, 'votes.empty'],
    ];
    for (const [messages, key] of tables) expect([key, messageLeaves(messages).get(key)]).toEqual([key, 'No hay información']);
  });
});
