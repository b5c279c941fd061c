// Columns the gate's rows show from the directory's views and its own posts (read in the same query as the row).
import { p } from '@mikro-orm/core';

type Cols = Record<string, string>;

export const unitNumberOf = (column = 'unitId') =>
  p.formula<string>((cols) => `(select u.number from directory_units u where u.id = ${(cols as Cols)[column]})`).type('string');
export const unitSortOf = (column = 'unitId') =>
  p
    .formula<string>((cols) => `(select u.number_sort from directory_units u where u.id = ${(cols as Cols)[column]})`)
    .type('string');
export const personNameOf = (column: string) =>
  p.formula<string>((cols) => `(select pp.name from directory_people pp where pp.id = ${(cols as Cols)[column]})`).type('string');
export const postNameOf = (column = 'postId') =>
  p.formula<string>((cols) => `(select g.name from gate_posts g where g.id = ${(cols as Cols)[column]})`).type('string');
