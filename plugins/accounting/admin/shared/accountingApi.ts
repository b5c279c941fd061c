// Calls of the accounting screens that are not plain CRUD (annul, assign, generate, balance, files ...) and the
// error snackbar every screen shares (the API's error answers are read by @conjunto/core's helpers). CRUD goes through react-admin's hooks; custom endpoints through the
// shell's `dataProvider.send(resource, path, { method, body })`, which calls `<resource's API path>/<path>`
// (a FormData body goes as multipart), and `dataProvider.sendFile`, which answers a file.
import { refusalMessage, saveBlob, shellCalls } from '@conjunto/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useDataProvider, useNotify } from 'react-admin';

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
  noticeRuns: 'notice-runs',
  outbox: 'mail-outbox',
} as const;

/** The shell's calls for custom endpoints (send, sendFile, subscribe). */
export function useAccountingApi() {
  const dataProvider = useDataProvider();
  return useMemo(() => shellCalls(dataProvider), [dataProvider]);
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
        const { blob, filename } = await shellCalls(dataProvider).sendFile(resource, path);
        saveBlob(blob, filename ?? fallbackName);
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
