// Input rules of the directory that schemas cannot express, shared by the administrator's and the platform's routes.
import { ApiError } from '@conjunto/core';
import { HEX_COLOR } from './schemas.ts';
import { naturalSortKey } from './unit.entity.ts';

/** Spec 002 §5, verbatim. */
export const INVALID_HEX = 'invalid hex color format';

/** Forms send '' for an emptied optional field: store it as null, trimmed text otherwise. */
export function blankToNull<T extends Record<string, unknown>>(body: T): T {
  return Object.fromEntries(Object.entries(body).map(([k, v]) => [k, typeof v === 'string' ? v.trim() || null : v])) as T;
}

/** Spec 002 §5: a custom theme colour is a 3 or 6 digit hex. */
export function checkThemeColor(color: string | null | undefined, field = 'themeColor'): void {
  if (color && !new RegExp(HEX_COLOR).test(color)) {
    throw new ApiError(400, 'INVALID_COLOR', INVALID_HEX, { [field]: INVALID_HEX });
  }
}

/** A unit's names as a write gives them (absent: left as they are; null or '' clears type and sub-complex). */
export interface UnitNamesInput {
  number?: string;
  type?: string | null;
  subComplex?: string | null;
}

/**
 * A unit's names as they are stored, for the administrator's create and edit (routes.ts) and the imports
 * (imports.ts) alike: the number trimmed with its natural sort key (units are listed by it), type and sub-complex
 * trimmed and upper case (spec 002 §3), '' as null. Only the fields given are answered.
 */
export function normalizeUnitNames(fields: UnitNamesInput): {
  number?: string;
  numberSort?: string;
  type?: string | null;
  subComplex?: string | null;
} {
  return {
    ...(fields.number !== undefined && { number: fields.number.trim(), numberSort: naturalSortKey(fields.number) }),
    ...(fields.type !== undefined && { type: fields.type?.trim().toUpperCase() || null }),
    ...(fields.subComplex !== undefined && { subComplex: fields.subComplex?.trim().toUpperCase() || null }),
  };
}
