// A household's family members and approvers (spec 002 §3 User.Familia / Aprobadores, §5 Approvers, Residents
// and units): their limits, the rules both halves apply (the approvers modal splits a typed name as the server
// does) and the TypeBox schemas. Isomorphic: no I/O.
import { type Static, Type } from 'typebox';

export const FAMILY_LIMITS = { firstName: 70, lastName: 70, idNumber: 20, relationship: 50 } as const;
/** Spec 002 §5: at most 5 approvers, each first name trimmed text of at most 70 characters. */
export const APPROVER_LIMITS = { max: 5, firstName: 70, lastName: 70 } as const;

export const HOUSEHOLD_MESSAGES = {
  /** Spec 002 §5/§8 (Residents and units). */
  required: '¡Se requiere este campo!',
  familyDuplicate: '¡Ya existe esta persona en el registro!',
  /** Spec: "Family ID must be numeric" (no text given; the same tone as the ID's '¡Solo se permiten números, + y /!'). */
  familyIdNumeric: '¡Solo se permiten números!',
  approversMax: `Solo se permiten hasta ${APPROVER_LIMITS.max} aprobadores.`,
  approverDuplicate: '¡Este aprobador ya está registrado!',
} as const;

/** Collapses inner whitespace and trims. */
export const tidy = (text: string | null | undefined): string => (text ?? '').replace(/\s+/g, ' ').trim();

/**
 * A single typed name as first and last name (spec 002 §5): one word is a first name only; two words are first
 * and last name; with 3 or more words, the first two words are the first name and the rest the last name.
 */
export function splitName(typed: string): { firstName: string; lastName: string } {
  const words = tidy(typed).split(' ').filter(Boolean);
  if (words.length <= 1) return { firstName: words[0] ?? '', lastName: '' };
  if (words.length === 2) return { firstName: words[0], lastName: words[1] };
  return { firstName: words.slice(0, 2).join(' '), lastName: words.slice(2).join(' ') };
}

export interface ApproverRow {
  firstName?: string | null;
  lastName?: string | null;
}

/**
 * The approvers modal's rows as they are saved: trimmed; a first name typed alone (the last name empty) is split
 * as a single typed name; a row without a first name is dropped (only complete pairs are saved), a first name
 * still without a last name is an error at that row. Answers the pairs and the errors by `<index>.<field>`.
 */
export function approverPairs(rows: readonly ApproverRow[]): {
  pairs: { firstName: string; lastName: string }[];
  errors: Record<string, string>;
} {
  const pairs: { firstName: string; lastName: string }[] = [];
  const errors: Record<string, string> = {};
  const seen = new Set<string>();
  rows.forEach((row, i) => {
    let firstName = tidy(row.firstName);
    let lastName = tidy(row.lastName);
    if (!firstName) return;
    if (!lastName) ({ firstName, lastName } = splitName(firstName));
    if (firstName.length > APPROVER_LIMITS.firstName)
      errors[`${i}.firstName`] = `Límite max. ${APPROVER_LIMITS.firstName} caracter(es).`;
    if (!lastName) errors[`${i}.lastName`] = HOUSEHOLD_MESSAGES.required;
    else if (lastName.length > APPROVER_LIMITS.lastName)
      errors[`${i}.lastName`] = `Límite max. ${APPROVER_LIMITS.lastName} caracter(es).`;
    const key = `${firstName} ${lastName}`.toLocaleLowerCase('es');
    if (lastName && seen.has(key)) errors[`${i}.firstName`] = HOUSEHOLD_MESSAGES.approverDuplicate;
    seen.add(key);
    if (!errors[`${i}.firstName`] && !errors[`${i}.lastName`]) pairs.push({ firstName, lastName });
  });
  return { pairs, errors };
}

// ---------------------------------------------------------------- schemas

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
