// The accounting forms' own validators: those that refuse blanks mark their fields as required ('*'), as
// react-admin's required() does.
import { isRequired } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { nonNegativeAmount, positiveAmount, requiredValue, twoDecimals } from '../admin/shared/validators.ts';

describe('accounting validators', () => {
  it('mark the fields they require, and only those', () => {
    expect(isRequired(requiredValue)).toBe(true);
    expect(isRequired(positiveAmount)).toBe(true);
    expect(isRequired([twoDecimals, requiredValue])).toBe(true);
    expect(isRequired(nonNegativeAmount)).toBe(false);
    expect(isRequired(twoDecimals)).toBe(false);
  });

  it('refuse blank text and accept a value', () => {
    expect(requiredValue('  ', {}, {} as never)).toBe('ra.validation.required');
    expect(requiredValue('Pago', {}, {} as never)).toBeUndefined();
  });
});
