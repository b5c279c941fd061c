// TypeBox pieces shared by every resource's schemas.
import { type Static, type TNumberOptions, type TObject, type TSchema, Type } from 'typebox';
import { MAX_CENTS } from './money.ts';

export const IdParams = Type.Object({ id: Type.String() });

/** Options of a closed object: a body keeps only its declared fields (DESIGN §6). Type.Partial/Pick/Omit drop it: pass it again. */
export const CLOSED = { additionalProperties: false } as const;

/** The fields of `body` that `schema` declares (own properties only): what a write copies, never a whole body. */
export function fieldsOf<T extends TObject>(schema: T, body: object): Partial<Static<T>> {
  const fields: Record<string, unknown> = {};
  for (const key of Object.keys(schema.properties))
    if (Object.hasOwn(body, key)) fields[key] = (body as Record<string, unknown>)[key];
  return fields as Partial<Static<T>>;
}

/** A value or null. */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** The body of every error answer. */
export const ErrorSchema = Type.Object({
  message: Type.String(),
  code: Type.String(),
  errors: Type.Optional(Type.Record(Type.String(), Type.String())),
});

/** A file answered as it is (bytes or a stream with its own Content-Type): documented as binary, never serialised. */
export const FileResponse = Type.Unsafe<unknown>({ type: 'string', format: 'binary' });

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
