// TypeBox schemas of family members and approvers: request/response validation, OpenAPI, the admin's types.
import { type Static, Type } from 'typebox';
import { APPROVER_LIMITS, FAMILY_LIMITS, HOUSEHOLD_MESSAGES, tidy } from './household.ts';

const Text = (max: number) => Type.String({ maxLength: max });
const Uuid = Type.String({ format: 'uuid' });

export const FamilyMemberSchema = Type.Object({
  id: Type.String(),
  residentId: Type.String(),
  residentName: Type.Union([Type.String(), Type.Null()]),
  unitId: Type.Union([Type.String(), Type.Null()]),
  unitNumber: Type.Union([Type.String(), Type.Null()]),
  firstName: Type.String(),
  lastName: Type.String(),
  /** First and last name. */
  name: Type.String(),
  idNumber: Type.String(),
  relationship: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String({ format: 'date-time' }),
});
export type FamilyMember = Static<typeof FamilyMemberSchema>;

/** Texts checked by the route (trimmed, required with the spec's message, the cédula digits only). */
const familyFields = {
  firstName: Type.String({ maxLength: FAMILY_LIMITS.firstName }),
  lastName: Type.String({ maxLength: FAMILY_LIMITS.lastName }),
  idNumber: Type.String({ maxLength: FAMILY_LIMITS.idNumber }),
  relationship: Type.Union([Text(FAMILY_LIMITS.relationship), Type.Null()]),
};

/** residentId: the administrator's choice; a resident's own id when left out (a resident may name only themselves). */
export const FamilyMemberCreateSchema = Type.Partial(Type.Object({ residentId: Uuid, ...familyFields }), {
  additionalProperties: false,
});
export const FamilyMemberUpdateSchema = Type.Partial(Type.Object(familyFields), { additionalProperties: false });
export type FamilyMemberInput = Static<typeof FamilyMemberUpdateSchema>;

/**
 * The family member's fields as saved, or the errors by field: names trimmed and required, the cédula digits
 * only. `partial`: an update checks only the fields it carries.
 */
export function cleanFamilyMember(
  body: FamilyMemberInput,
  partial: boolean,
): {
  fields: { firstName?: string; lastName?: string; idNumber?: string; relationship?: string | null };
  errors: Record<string, string>;
} {
  const fields: { firstName?: string; lastName?: string; idNumber?: string; relationship?: string | null } = {};
  const errors: Record<string, string> = {};
  for (const key of ['firstName', 'lastName', 'idNumber'] as const) {
    if (partial && body[key] === undefined) continue;
    const value = tidy(body[key]);
    if (!value) errors[key] = HOUSEHOLD_MESSAGES.required;
    else if (key === 'idNumber' && !/^[0-9]+$/.test(value)) errors[key] = HOUSEHOLD_MESSAGES.familyIdNumeric;
    else fields[key] = value;
  }
  if (body.relationship !== undefined) fields.relationship = tidy(body.relationship) || null;
  return { fields, errors };
}

export const ApproverSchema = Type.Object({
  id: Type.String(),
  residentId: Type.String(),
  residentName: Type.Union([Type.String(), Type.Null()]),
  unitId: Type.Union([Type.String(), Type.Null()]),
  unitNumber: Type.Union([Type.String(), Type.Null()]),
  /** 1 to 5: the row of the modal. */
  position: Type.Integer(),
  firstName: Type.String(),
  lastName: Type.String(),
  /** The full-name string the spec stores. */
  name: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
});
export type Approver = Static<typeof ApproverSchema>;

/** A first name, and the last name unless the first is a single typed name to split. */
const approverFields = {
  firstName: Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Null()])),
  lastName: Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Null()])),
};

export const ApproverCreateSchema = Type.Object(
  { residentId: Type.Optional(Uuid), ...approverFields },
  { additionalProperties: false },
);
export const ApproverUpdateSchema = Type.Object(approverFields, { additionalProperties: false });

/** The shared modal: the whole list at once (up to 5 rows; empty rows are dropped). */
export const ApproversReplaceSchema = Type.Object(
  {
    residentId: Type.Optional(Uuid),
    approvers: Type.Array(Type.Object(approverFields, { additionalProperties: false }), { maxItems: APPROVER_LIMITS.max }),
  },
  { additionalProperties: false },
);
