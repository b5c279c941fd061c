// The API's error shape: { message, code, errors }. message is what the user reads (Spanish, from the spec).
export class ApiError extends Error {
  readonly statusCode: number;
  readonly code: string;
  readonly errors?: Record<string, string>;

  constructor(statusCode: number, code: string, message: string, errors?: Record<string, string>) {
    super(message);
    this.statusCode = statusCode;
    this.code = code;
    this.errors = errors;
  }
}

/** Generic messages of spec 000 §5 and §8. */
export const MESSAGES = {
  required: '¡Este campo es requerido!',
  email: 'Correo inválido.',
  maxLength: (n: number) => `Límite max. ${n} caracter(es).`,
  twoDecimals: 'Solo se aceptan valores con 2 decimales',
  notFound: 'No se encontró el registro.',
  forbidden: '¡No tienes permisos para acceder!',
  unauthenticated: 'Tu sesión ha expirado, vuelve a iniciar sesión.',
  invalidInput: 'Datos inválidos.',
  unexpected: 'Ha ocurrido un error inesperado, vuelve a intentarlo',
} as const;

/**
 * A catch handler for a write that a unique index may refuse: the violation of `index` (two writes checked at
 * once and each found the value free) becomes `answer`, the route's own 409 with its field; anything else goes on.
 * The database names the index in its message (PostgreSQL and PGlite alike).
 */
export const onUniqueViolation =
  (index: string, answer: () => ApiError) =>
  (error: unknown): never => {
    for (
      let e = error as { message?: unknown; cause?: unknown } | undefined, depth = 0;
      e && depth < 4;
      e = e.cause as typeof e, depth++
    )
      if (typeof e.message === 'string' && e.message.includes(`"${index}"`)) throw answer();
    throw error;
  };

export const notFound = () => new ApiError(404, 'NOT_FOUND', MESSAGES.notFound);
/** Bad input in one field: 400 with the text for the user, on the field it is about. */
export const invalid = (field: string, message: string) => new ApiError(400, 'VALIDATION', message, { [field]: message });
export const forbidden = () => new ApiError(403, 'FORBIDDEN', MESSAGES.forbidden);

/** An archive refused by the host's zip reader: `message` is the caller's text for the reason, `status` 400 or 413. */
export class ZipRejected extends Error {
  readonly status: number;
  constructor(message: string, status = 400) {
    super(message);
    this.status = status;
  }
}

/** A spreadsheet the host's reader refused (400 not a workbook, 413 over a cap). */
export class SheetRejected extends ZipRejected {}
