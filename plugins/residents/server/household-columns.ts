// The resident's name and unit, read from the host's directory views (never its tables) for lists and filters.
import { p } from '@mikro-orm/core';

export const residentName = () =>
  p.formula<string>((cols) => `(select d.name from directory_people d where d.id = ${cols.residentId})`).type('string');
/** The unit the resident lives in now (a household follows its resident when they move). */
export const residentUnitId = () =>
  p.formula<string>((cols) => `(select d.unit_id from directory_people d where d.id = ${cols.residentId})`).type('uuid');
export const residentUnitNumber = () =>
  p
    .formula<string>(
      (cols) =>
        `(select u.number from directory_people d join directory_units u on u.id = d.unit_id where d.id = ${cols.residentId})`,
    )
    .type('string');
