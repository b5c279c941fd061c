import { defineEntity, p } from '@mikro-orm/core';
import { day, id } from './columns.ts';

/** One run of payment notices (issue 14): what the board reads of the notices the office sent. Its notice date is
 * when it was sent. */
export const NoticeRunSchema = defineEntity({
  name: 'NoticeRun',
  tableName: 'accounting_notice_runs',
  properties: {
    id: id(),
    complexId: p.uuid(),
    number: p.integer(),
    kind: p.string().length(10),
    noticeDate: p.datetime(),
    cutoffDate: day().nullable(),
    queued: p.integer(),
    skipped: p.integer(),
    userId: p.uuid().nullable(),
    userName: p.string().length(201),
  },
});
export class NoticeRun extends NoticeRunSchema.class {}
NoticeRunSchema.setClass(NoticeRun);
