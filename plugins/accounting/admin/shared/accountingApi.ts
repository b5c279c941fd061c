// Calls of the accounting screens that are not plain CRUD (annul, assign, generate, balance, files ...) and the
// error helpers every screen shares. CRUD goes through react-admin's hooks; custom endpoints through the
// shell's `dataProvider.send(resource, path, { method, body })`, which calls `<resource's API path>/<path>`
// (a FormData body goes as multipart), and `dataProvider.sendFile`, which answers a file.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { type DataProvider, useDataProvider, useNotify } from 'react-admin';

/**
 * The API resources the screens call directly (look-ups for pickers, custom endpoints): the shell's
 * dataProvider sends a name that is not a react-admin resource to /api/complexes/<complex>/<name>.
 */
export const API = {
  accounts: 'bank-accounts',
  banks: 'banks',
  categories: 'categories',
  incomes: 'incomes',
  receivables: 'receivables',
  settings: 'accounting-settings',
  units: 'units',
  residents: 'residents',
  expenses: 'expenses',
  payables: 'payables',
  transfers: 'transfers',
  pendingTransfers: 'pending-transfers',
  reconciliations: 'reconciliations',
  notices: 'notices',
  outbox: 'mail-outbox',
} as const;

export interface SendOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
}

type Send = (resource: string, path: string, options?: SendOptions) => Promise<unknown>;
type SendFile = (resource: string, path: string, options?: SendOptions) => Promise<{ blob: Blob; filename?: string }>;

function shellCall<T>(dataProvider: DataProvider, name: 'send' | 'sendFile'): T {
  const call = (dataProvider as DataProvider & Record<string, unknown>)[name];
  if (typeof call !== 'function') throw new Error(`dataProvider.${name}`);
  return call.bind(dataProvider) as T;
}

/** Saves a downloaded file (through a link the browser follows). */
function saveFile(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function useAccountingApi() {
  const dataProvider = useDataProvider();
  return useMemo(() => {
    const send = shellCall<Send>(dataProvider, 'send');
    return {
      /** A custom endpoint below a resource, answering its JSON body. */
      send: <T = unknown>(resource: string, path: string, options?: SendOptions) => send(resource, path, options) as Promise<T>,
    };
  }, [dataProvider]);
}

/**
 * `download(resource, path, fallbackName)` saves the file `<resource>/<path>` with the name the server gives it
 * (else `fallbackName`); `busy` while it comes. A failure says why, else 'No se pudo descargar el archivo.'.
 */
export function useDownload() {
  const dataProvider = useDataProvider();
  const notifyError = useNotifyError();
  const [busy, setBusy] = useState(false);
  const download = useCallback(
    async (resource: string, path: string, fallbackName: string) => {
      setBusy(true);
      try {
        const { blob, filename } = await shellCall<SendFile>(dataProvider, 'sendFile')(resource, path);
        saveFile(blob, filename ?? fallbackName);
      } catch (error) {
        notifyError(error, 'accounting.shared.downloadError');
      } finally {
        setBusy(false);
      }
    },
    [dataProvider, notifyError],
  );
  return { busy, download };
}

interface Loaded<T> {
  key: string;
  version: number;
  data?: T;
  error?: unknown;
}

/**
 * GET `<resource>/<path>` (a custom endpoint), again when `path` changes or on reload(); nothing while `path` is
 * undefined. A failure shows the server's reason, else the message `errorKey` (when given).
 */
export function useApiGet<T>(resource: string, path: string | undefined, errorKey?: string) {
  const api = useAccountingApi();
  const notifyError = useNotifyError();
  const [version, setVersion] = useState(0);
  const [loaded, setLoaded] = useState<Loaded<T>>();
  const key = path === undefined ? undefined : `${resource}/${path}`;
  useEffect(() => {
    if (path === undefined || key === undefined) return;
    let live = true;
    api.send<T>(resource, path).then(
      (data) => live && setLoaded({ key, version, data }),
      (error: unknown) => {
        if (!live) return;
        setLoaded({ key, version, error });
        if (errorKey) notifyError(error, errorKey);
      },
    );
    return () => {
      live = false;
    };
  }, [api, resource, path, key, version, errorKey, notifyError]);
  // What another path answered is never shown; the same path's last answer stays while it reloads.
  const current = loaded && loaded.key === key ? loaded : undefined;
  return {
    data: current?.data,
    error: current?.error,
    isPending: key !== undefined && current?.version !== version,
    reload: useCallback(() => setVersion((v) => v + 1), []),
    /** Replaces the answer (with what a write answered). */
    setData: useCallback((data: T) => key !== undefined && setLoaded({ key, version, data }), [key, version]),
  };
}

function body(error: unknown): { message?: unknown; errors?: unknown } | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const b = (error as { body?: unknown }).body;
  return b && typeof b === 'object' ? (b as { message?: unknown; errors?: unknown }) : undefined;
}

/** The message the server sent for the user, or undefined (then the caller shows its own Spanish text). */
export function serverMessage(error: unknown): string | undefined {
  const message = body(error)?.message;
  return typeof message === 'string' && message.trim() !== '' ? message : undefined;
}

/** The server's per-field messages (`errors`), for react-hook-form; the most specific one first. */
export function serverFieldErrors(error: unknown): Record<string, string> | undefined {
  const errors = body(error)?.errors;
  if (!errors || typeof errors !== 'object') return undefined;
  const out: Record<string, string> = {};
  for (const [field, message] of Object.entries(errors)) if (typeof message === 'string') out[field] = message;
  return Object.keys(out).length ? out : undefined;
}

/**
 * The most useful text of a refusal: a field's message ('Saldo insuficiente ...', 'El valor supera el saldo
 * de la deuda.') rather than the generic 'Datos inválidos.' of a 400.
 */
export function refusalMessage(error: unknown): string | undefined {
  const fields = serverFieldErrors(error);
  const first = fields ? Object.values(fields)[0] : undefined;
  const status = (error as { status?: unknown } | null)?.status;
  return (status === 400 ? first : undefined) ?? serverMessage(error) ?? first;
}

/** Shows the server's message in a snackbar, or the given translation key when there is none. */
export function useNotifyError() {
  const notify = useNotify();
  return useCallback(
    (error: unknown, fallbackKey: string) => {
      const message = refusalMessage(error);
      notify(message ?? fallbackKey, { type: 'error', messageArgs: message ? { _: message } : undefined });
    },
    [notify],
  );
}
