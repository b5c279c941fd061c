// Choices of the selects that offer fixed values (their text is the value).
import { BANK_METHODS, CASH_METHODS } from '../../manifest.ts';

export const toChoices = (values: readonly string[]) => values.map((value) => ({ id: value, name: value }));

/** Every payment method (Forma), for the filters of the income and expense lists. */
export const METHOD_CHOICES = toChoices([...CASH_METHODS, ...BANK_METHODS]);
