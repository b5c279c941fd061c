// A household's family members and approvers (spec 002 §3 User.Familia / Aprobadores, §5 Approvers, Residents
// and units): their limits, the rules both halves apply (the approvers modal splits a typed name as the server
// does). Isomorphic and free of TypeBox: the admin's first chunk reads these; the schemas are household.schemas.ts.

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
