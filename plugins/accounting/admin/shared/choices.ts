// Choices of the selects that offer fixed values. Payment methods and identification types are stored as the
// spec's codes ('Deposito', 'Ruc'); users read them through messages ('Depósito', 'RUC').
import { BANK_METHODS, CASH_METHODS, ID_TYPES, METHOD_KEYS } from '../../manifest.ts';

export const toChoices = (values: readonly string[]) => values.map((value) => ({ id: value, name: value }));

const ID_TYPE_KEYS: Record<(typeof ID_TYPES)[number], string> = { Ruc: 'ruc', Cédula: 'idCard', Pasaporte: 'passport' };

const labelKey = (keys: Record<string, string>, group: string) => (code: string) =>
  Object.hasOwn(keys, code) ? `accounting.shared.${group}.${keys[code]}` : code;

/** The message key of a stored payment method (an unknown code is shown as it is). */
export const methodLabel = labelKey(METHOD_KEYS, 'methods');
/** The message key of a stored identification type. */
export const idTypeLabel = labelKey(ID_TYPE_KEYS, 'idTypes');

/** Select choices whose names are message keys (react-admin translates them). */
export const methodChoices = (values: readonly string[]) => values.map((id) => ({ id, name: methodLabel(id) }));
export const idTypeChoices = ID_TYPES.map((id) => ({ id, name: idTypeLabel(id) }));

/** Every payment method (Forma), for the filters of the income and expense lists. */
export const METHOD_CHOICES = methodChoices([...CASH_METHODS, ...BANK_METHODS]);
