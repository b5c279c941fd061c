// Calls of the accounting screens that are not plain CRUD (annul, assign, generate, balance ...) and the
// error helpers every screen shares. CRUD goes through react-admin's hooks; custom endpoints through the
// shell's `dataProvider.send(resource, path, { method, body })`, which calls `<resource's API path>/<path>`.
import { useCallback, useMemo } from 'react';
import { type DataProvider, useDataProvider, useNotify } from 'react-admin';

/**
 * API resources used directly as react-admin resource names for look-ups (pickers, balances): the shell's
 * dataProvider sends an undeclared name to /api/complexes/<complex>/<name>.
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
  transfers: 'transfers',
} as const;

export interface SendOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
}

type Send = (resource: string, path: string, options?: SendOptions) => Promise<unknown>;

function sender(dataProvider: DataProvider): Send {
  const send = (dataProvider as DataProvider & { send?: Send }).send;
  if (typeof send !== 'function') throw new Error('dataProvider.send');
  return send.bind(dataProvider);
}

/** `send(resource, path, options)`: a custom endpoint below a resource, answering its JSON body. */
export function useAccountingApi() {
  const dataProvider = useDataProvider();
  return useMemo(() => {
    const send = sender(dataProvider);
    return {
      send: <T = unknown>(resource: string, path: string, options?: SendOptions) => send(resource, path, options) as Promise<T>,
      /** GET <resource> without react-admin's pagination (one page of up to 1000 rows) and its total. */
      async all<T>(resource: string, filter: Record<string, unknown>, sort = { field: 'id', order: 'ASC' as 'ASC' | 'DESC' }) {
        const { data, total } = await dataProvider.getList(resource, { filter, sort, pagination: { page: 1, perPage: 1000 } });
        return { data: data as T[], total: total ?? data.length };
      },
    };
  }, [dataProvider]);
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
