// The survey calls that are not plain CRUD (enable, disable, results) and the lookup of the active survey.
// CRUD goes through react-admin's hooks; custom endpoints through the shell's `dataProvider.send(resource, path,
// { method, body })`, which calls `<resource's API path>/<path>` and answers the JSON body.
import { useCallback, useMemo } from 'react';
import { type DataProvider, type Identifier, useDataProvider, useNotify } from 'react-admin';
import type { Survey, SurveyResults } from '../schemas.ts';

/** The react-admin resource (route segment); the shell's dataProvider maps it to the API resource `surveys`. */
export const SURVEY_RESOURCE = 'encuestas';

interface SendOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
}

type Send = (resource: string, path: string, options?: SendOptions) => Promise<unknown>;

function sender(dataProvider: DataProvider): Send {
  const send = (dataProvider as DataProvider & { send?: Send }).send;
  if (typeof send !== 'function') throw new Error('dataProvider.send');
  return send.bind(dataProvider);
}

export function useSurveyApi() {
  const dataProvider = useDataProvider();
  return useMemo(
    () => ({
      /** The survey that is active now, if any. */
      async findActive(): Promise<Survey | undefined> {
        const { data } = await dataProvider.getList<Survey>(SURVEY_RESOURCE, {
          filter: { isActive: true },
          pagination: { page: 1, perPage: 1 },
          sort: { field: 'createdAt', order: 'DESC' },
        });
        return data[0];
      },
      async setActive(id: Identifier, active: boolean): Promise<Survey> {
        const path = `${encodeURIComponent(String(id))}/${active ? 'enable' : 'disable'}`;
        return (await sender(dataProvider)(SURVEY_RESOURCE, path, { method: 'POST' })) as Survey;
      },
      async results(id: Identifier): Promise<SurveyResults> {
        const path = `${encodeURIComponent(String(id))}/results`;
        return (await sender(dataProvider)(SURVEY_RESOURCE, path)) as SurveyResults;
      },
    }),
    [dataProvider],
  );
}

function body(error: unknown): { message?: unknown; errors?: unknown } | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const b = (error as { body?: unknown }).body;
  return b && typeof b === 'object' ? (b as { message?: unknown; errors?: unknown }) : undefined;
}

/**
 * The message the server sent for the user (`{ message }` of the API's error shape), or undefined.
 * Network failures and answers without a body give undefined, so that the caller shows its own Spanish text
 * instead of the browser's English ("Failed to fetch").
 */
export function serverMessage(error: unknown): string | undefined {
  const message = body(error)?.message;
  return typeof message === 'string' && message.trim() !== '' ? message : undefined;
}

/** The server's per-field messages (`errors`), for react-hook-form. */
export function serverFieldErrors(error: unknown): Record<string, string> | undefined {
  const errors = body(error)?.errors;
  if (!errors || typeof errors !== 'object') return undefined;
  const out: Record<string, string> = {};
  for (const [field, message] of Object.entries(errors)) if (typeof message === 'string') out[field] = message;
  return Object.keys(out).length ? out : undefined;
}

/** Shows the server's message in a snackbar, or the given translation key when there is none. */
export function useNotifyError() {
  const notify = useNotify();
  return useCallback(
    (error: unknown, fallbackKey: string) => {
      const message = serverMessage(error);
      notify(message ?? fallbackKey, { type: 'error', messageArgs: message ? { _: message } : undefined });
    },
    [notify],
  );
}
