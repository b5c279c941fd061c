// The one fetch of the admin: adds the bearer token, refreshes the token pair once on a 401 and retries,
// and turns network failures and bodiless errors into the spec's Spanish messages (never the browser's English).
import { MESSAGES } from '@conjunto/core';
import { fetchUtils, HttpError } from 'react-admin';
import { session } from './session.ts';
import { API_URL, CONNECTIVITY_ERROR, refreshSession } from './signIn.ts';

export { API_URL, CONNECTIVITY_ERROR, refreshSession, restoreSession } from './signIn.ts';

async function send(url: string, options: fetchUtils.Options, token: string | null) {
  const headers = new Headers(options.headers);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  if (token) headers.set('Authorization', `Bearer ${token}`);
  try {
    return await fetchUtils.fetchJson(url, { ...options, headers });
  } catch (error) {
    if (error instanceof HttpError) {
      const body = error.body as { message?: unknown } | undefined;
      if (typeof body?.message === 'string' && body.message) throw error;
      // No JSON message (proxy error page, 5xx): statusText is English.
      throw new HttpError(MESSAGES.unexpected, error.status, error.body);
    }
    if ((error as Error)?.name === 'AbortError') throw error;
    throw new HttpError(CONNECTIVITY_ERROR, 0);
  }
}

/**
 * After a 401 to a call made with `token`: whether to retry it with session.token(). Yes when someone (another
 * request or tab) already refreshed, or when the (single-flight) refresh works; no without a token to renew.
 */
export async function renewedToken(token: string | null): Promise<boolean> {
  if (!token) return false;
  const current = session.token();
  return (current !== null && current !== token) || refreshSession();
}

/** fetchJson with the session's bearer token, for ra-data-simple-rest and every other API call. */
export async function httpClient(url: string, options: fetchUtils.Options = {}) {
  const token = session.token();
  try {
    return await send(url, options, token);
  } catch (error) {
    if (error instanceof HttpError && error.status === 401 && (await renewedToken(token)))
      return send(url, options, session.token());
    throw error;
  }
}

/**
 * A POST carries a fresh Idempotency-Key: the server answers a repeat of the same call (a retry after a lost
 * answer, or after renewing the session) with the first answer instead of recording it twice.
 */
export function idempotencyHeaders(method: string): Record<string, string> {
  return method === 'POST' ? { 'Idempotency-Key': crypto.randomUUID() } : {};
}

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
}

/** Calls `/api<path>` and answers the JSON body. */
export async function apiJson<T>(path: string, { method = 'GET', body, signal }: ApiOptions = {}): Promise<T> {
  const { json } = await httpClient(`${API_URL}${path}`, {
    method,
    signal,
    headers: new Headers(idempotencyHeaders(method)),
    // FormData (uploads) goes as multipart: the browser sets its boundary.
    body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
  });
  return json as T;
}

/** The file name of a Content-Disposition header (RFC 6266: filename* first). */
function fileNameOf(header: string | null): string | undefined {
  if (!header) return undefined;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star) return decodeURIComponent(star[1]);
  return /filename="?([^";]+)"?/i.exec(header)?.[1];
}

/**
 * Calls `/api<path>` and answers the body as a Blob with its file name (PDF, Excel), with the session's token
 * and the same refresh-once and Spanish-error handling as httpClient.
 */
export async function apiFile(
  path: string,
  { method = 'GET', body, signal }: ApiOptions = {},
): Promise<{ blob: Blob; filename?: string }> {
  const json = body !== undefined && !(body instanceof FormData);
  const once = idempotencyHeaders(method);
  const call = async (token: string | null) => {
    const headers = new Headers({ ...once, ...(json ? { 'Content-Type': 'application/json' } : {}) });
    if (token) headers.set('Authorization', `Bearer ${token}`);
    try {
      return await fetch(`${API_URL}${path}`, {
        method,
        signal,
        headers,
        body: json ? JSON.stringify(body) : (body as FormData | undefined),
      });
    } catch (error) {
      if ((error as Error)?.name === 'AbortError') throw error;
      throw new HttpError(CONNECTIVITY_ERROR, 0);
    }
  };
  const token = session.token();
  let response = await call(token);
  if (response.status === 401 && (await renewedToken(token))) response = await call(session.token());
  if (!response.ok) {
    const answer = (await response.json().catch(() => undefined)) as { message?: unknown } | undefined;
    const message = typeof answer?.message === 'string' && answer.message ? answer.message : MESSAGES.unexpected;
    throw new HttpError(message, response.status, answer);
  }
  return { blob: await response.blob(), filename: fileNameOf(response.headers.get('Content-Disposition')) };
}

/** The user-facing message of an error thrown by httpClient (the API's `message`). */
export function errorMessage(error: unknown, fallback: string = MESSAGES.unexpected): string {
  const message = (error as { body?: { message?: unknown } })?.body?.message ?? (error as Error)?.message;
  return typeof message === 'string' && message ? message : fallback;
}
