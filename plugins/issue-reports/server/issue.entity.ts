// An issue (damage) report of a unit (the spec's issuesReport).
import { newId } from '@conjunto/core';
import { defineEntity, p } from '@mikro-orm/core';

export const IssueReportSchema = defineEntity({
  name: 'IssueReport',
  tableName: 'issue_reports',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => newId()),
    complexId: p.uuid(),
    unitId: p.uuid(),
    unitNumber: p
      .formula<string>((cols) => `(select u.number from directory_units u where u.id = ${cols.unitId})`)
      .type('string'),
    unitSort: p
      .formula<string>((cols) => `(select u.number_sort from directory_units u where u.id = ${cols.unitId})`)
      .type('string'),
    /** Who reported it (a resident of the unit, or the office on their behalf). */
    residentId: p.uuid().nullable(),
    residentName: p
      .formula<string>((cols) => `(select pp.name from directory_people pp where pp.id = ${cols.residentId})`)
      .type('string'),
    category: p.smallint(),
    detail: p.string().length(1000),
    status: p.smallint().default(0),
    observations: p.string().length(1000).nullable(),
    rating: p.smallint().default(0),
    photoFileId: p.uuid().nullable(),
    reportedAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
    startedAt: p.datetime().nullable(),
    completedAt: p.datetime().nullable(),
    ratedAt: p.datetime().nullable(),
    updatedAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
export class IssueReport extends IssueReportSchema.class {}
IssueReportSchema.setClass(IssueReport);
