// Column helpers shared by the ledger's entities.
import { newId } from '@conjunto/core';
import { p } from '@mikro-orm/core';

export const id = () =>
  p
    .uuid()
    .primary()
    .onCreate(() => newId());
export const amount = () => p.decimal().precision(14).scale(2);
export const day = () => p.string().columnType('date');
export const createdAt = () =>
  p
    .datetime()
    .defaultRaw('now()')
    .onCreate(() => new Date());
export const accountName = (column: string) =>
  p
    .formula<string>((cols) => `(select a.name from bank_accounts a where a.id = ${(cols as Record<string, string>)[column]})`)
    .type('string');
export const unitNumber = (column = 'unitId') =>
  p
    .formula<string>(
      (cols) => `(select u.number from directory_units u where u.id = ${(cols as Record<string, string>)[column]})`,
    )
    .type('string');
export const userName = () =>
  p.formula<string>((cols) => `(select u.name from directory_people u where u.id = ${cols.userId})`).type('string');
