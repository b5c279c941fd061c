// A person a resident authorises to approve visitor entry (spec 002 §3 Approver list, §5 Approvers).
import { newId } from '@conjunto/core';
import { defineEntity, p } from '@mikro-orm/core';
import { APPROVER_LIMITS } from '../household.ts';
import { residentName, residentUnitId, residentUnitNumber } from './household-columns.ts';

export const ApproverSchema = defineEntity({
  name: 'Approver',
  tableName: 'approvers',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => newId()),
    complexId: p.uuid(),
    residentId: p.uuid(),
    /** 1..5, unique per resident: the database itself keeps a resident at 5 approvers at most. */
    position: p.smallint(),
    firstName: p.string().length(APPROVER_LIMITS.firstName),
    lastName: p.string().length(APPROVER_LIMITS.lastName),
    residentName: residentName(),
    unitId: residentUnitId(),
    unitNumber: residentUnitNumber(),
    createdAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
  },
});
export class Approver extends ApproverSchema.class {}
ApproverSchema.setClass(Approver);
