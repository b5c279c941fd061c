// TypeBox pieces shared by every resource's schemas.
import { Type } from 'typebox';

export const IdParams = Type.Object({ id: Type.String() });

/** The body of every error answer. */
export const ErrorSchema = Type.Object({
  message: Type.String(),
  code: Type.String(),
  errors: Type.Optional(Type.Record(Type.String(), Type.String())),
});

/** Query of a ra-data-simple-rest list. */
export const ListQuerySchema = Type.Object({
  sort: Type.Optional(Type.String()),
  range: Type.Optional(Type.String()),
  filter: Type.Optional(Type.String()),
});
