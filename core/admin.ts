// What the admin shell offers the plugins' admin halves beyond react-admin: the extra calls of its
// dataProvider and the reading of the API's error answers. Types and pure functions only (no I/O here).

export interface ShellRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON, or FormData (sent as multipart). */
  body?: unknown;
}

/** Called with the payload and topic of each live event. */
export type EventCallback = (payload: unknown, topic: string) => void;

/** Local pseudo-topic of the live events, called back each time the stream (re)opens: events are not replayed, reload what you show. */
export const STREAM_OPENED = '$opened';

export interface ShellCalls {
  /**
   * Calls `<resource's API path>/<path>` (e.g. send('encuestas', '<id>/enable', { method: 'POST' })), or the
   * resource itself with a query (send('jobs', '?name=…')); answers the JSON body.
   */
  send<T = unknown>(resource: string, path: string, options?: ShellRequestOptions): Promise<T>;
  /** Like send, for answers that are files (PDF, Excel): the body as a Blob and the file name the server gave. */
  sendFile(resource: string, path: string, options?: ShellRequestOptions): Promise<{ blob: Blob; filename?: string }>;
  /** Live events of the current complex: calls back on each event of `topic`; answers the unsubscribe function. */
  subscribe(topic: string, callback: EventCallback): () => void;
}

/** The shell's calls on react-admin's dataProvider (useDataProvider()), bound to it. */
export function shellCalls(dataProvider: unknown): ShellCalls {
  const provider = dataProvider as Partial<ShellCalls>;
  if (
    typeof provider.send !== 'function' ||
    typeof provider.sendFile !== 'function' ||
    typeof provider.subscribe !== 'function'
  ) {
    throw new Error('The dataProvider is not the shell’s (send, sendFile, subscribe).');
  }
  // The shell's dataProvider answers subscribe() in a promise (react-admin's useDataProvider proxy calls .then on
  // every method's answer); the plugins get the plain unsubscribe function back.
  const subscribe = provider.subscribe as unknown as (topic: string, callback: EventCallback) => Promise<() => void>;
  return {
    send: provider.send.bind(provider),
    sendFile: provider.sendFile.bind(provider),
    subscribe(topic, callback) {
      const pending = subscribe.call(provider, topic, callback);
      return () => void pending.then((unsubscribe) => unsubscribe());
    },
  } as ShellCalls;
}

function errorBody(error: unknown): { message?: unknown; errors?: unknown } | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const body = (error as { body?: unknown }).body;
  return body && typeof body === 'object' ? (body as { message?: unknown; errors?: unknown }) : undefined;
}

/**
 * The message the server sent for the user (`{ message }` of the API's error shape), or undefined. Network
 * failures give undefined, so that the caller shows its own Spanish text, not the browser's "Failed to fetch".
 */
export function serverMessage(error: unknown): string | undefined {
  const message = errorBody(error)?.message;
  return typeof message === 'string' && message.trim() !== '' ? message : undefined;
}

/** The server's per-field messages (`errors`), for react-hook-form. */
export function serverFieldErrors(error: unknown): Record<string, string> | undefined {
  const errors = errorBody(error)?.errors;
  if (!errors || typeof errors !== 'object') return undefined;
  const out: Record<string, string> = {};
  for (const [field, message] of Object.entries(errors)) if (typeof message === 'string') out[field] = message;
  return Object.keys(out).length ? out : undefined;
}

/**
 * The most useful text of a refusal: on a 400, a field's message ('El valor supera el saldo de la deuda.')
 * rather than the generic 'Datos inválidos.'; otherwise the server's message.
 */
export function refusalMessage(error: unknown): string | undefined {
  const fields = serverFieldErrors(error);
  const first = fields ? Object.values(fields)[0] : undefined;
  const status = (error as { status?: unknown } | null)?.status;
  return (status === 400 ? first : undefined) ?? serverMessage(error) ?? first;
}

/** Every leaf of a message tree as 'a.b.c' -> text (to compare the Spanish and English trees of a plugin). */
export function messageLeaves(tree: unknown, prefix = '', out = new Map<string, unknown>()): Map<string, unknown> {
  if (tree && typeof tree === 'object') {
    for (const [key, value] of Object.entries(tree)) {
      const path = prefix ? `${prefix}.${key}` : key;
      if (value !== null && typeof value === 'object') messageLeaves(value, path, out);
      else out.set(path, value);
    }
  }
  return out;
}

/** Saves a downloaded file (a Blob from sendFile) through a link the browser follows. Browser only. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The shell's answer to a complex-scoped call made with no complex chosen; plugins recognise it by this text. */
export const NO_COMPLEX = 'No hay un conjunto seleccionado.';
export const isNoComplex = (error: unknown) => (error as { message?: unknown } | null)?.message === NO_COMPLEX;
