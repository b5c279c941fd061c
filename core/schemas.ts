// TypeBox pieces shared by every resource's schemas.
import { type TNumberOptions, type TSchema, Type } from 'typebox';
import { MAX_CENTS } from './money.ts';

export const IdParams = Type.Object({ id: Type.String() });

/** A value or null. */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** The body of every error answer. */
export const ErrorSchema = Type.Object({
  message: Type.String(),
  code: Type.String(),
  errors: Type.Optional(Type.Record(Type.String(), Type.String())),
});

/** The error answers a write route documents. */
export const ERROR_RESPONSES = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema };

/** Query of a ra-data-simple-rest list. */
export const ListQuerySchema = Type.Object({
  sort: Type.Optional(Type.String()),
  range: Type.Optional(Type.String()),
  filter: Type.Optional(Type.String()),
});

/** An amount of money: a JSON number with at most 2 decimals ('Solo se aceptan valores con 2 decimales'). */
export const Money = (options: TNumberOptions = {}) => Type.Number({ multipleOf: 0.01, maximum: MAX_CENTS / 100, ...options });

/** A business day, 'YYYY-MM-DD' (America/Guayaquil). */
export const DateOnly = (options: Record<string, unknown> = {}) => Type.String({ format: 'date', ...options });
