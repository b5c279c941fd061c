// A person of a resident's household (spec 002 §3 "family members (a person with ID)").
import { newId } from '@conjunto/core';
import { defineEntity, p } from '@mikro-orm/core';
import { FAMILY_LIMITS } from '../household.ts';
import { residentName, residentUnitId, residentUnitNumber } from './household-columns.ts';

export const FamilyMemberSchema = defineEntity({
  name: 'FamilyMember',
  tableName: 'family_members',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => newId()),
    complexId: p.uuid(),
    /** The resident (a host directory user) whose household it is. */
    residentId: p.uuid(),
    firstName: p.string().length(FAMILY_LIMITS.firstName),
    lastName: p.string().length(FAMILY_LIMITS.lastName),
    /** Cédula: digits only, unique in the resident's register. */
    idNumber: p.string().length(FAMILY_LIMITS.idNumber),
    relationship: p.string().length(FAMILY_LIMITS.relationship).nullable(),
    residentName: residentName(),
    unitId: residentUnitId(),
    unitNumber: residentUnitNumber(),
    createdAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
  },
});
export class FamilyMember extends FamilyMemberSchema.class {}
FamilyMemberSchema.setClass(FamilyMember);
