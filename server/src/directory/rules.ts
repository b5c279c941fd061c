// Input rules of the directory that schemas cannot express, shared by the administrator's and the platform's routes.
import { ApiError } from '@conjunto/core';
import { HEX_COLOR } from './schemas.ts';

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
