// The survey calls that are not plain CRUD (enable, disable, results) and the lookup of the active survey.
// CRUD goes through react-admin's hooks; custom endpoints through the shell's `dataProvider.send(resource, path,
// { method, body })`, which calls `<resource's API path>/<path>` and answers the JSON body.
import { serverMessage, shellCalls } from '@conjunto/core';
import { useCallback, useMemo } from 'react';
import { type Identifier, useDataProvider, useNotify } from 'react-admin';
import type { Survey, SurveyResults } from '../schemas.ts';

/** The react-admin resource (route segment); the shell's dataProvider maps it to the API resource `surveys`. */
export const SURVEY_RESOURCE = 'encuestas';

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
        return shellCalls(dataProvider).send<Survey>(SURVEY_RESOURCE, path, { method: 'POST' });
      },
      async results(id: Identifier): Promise<SurveyResults> {
        const path = `${encodeURIComponent(String(id))}/results`;
        return shellCalls(dataProvider).send<SurveyResults>(SURVEY_RESOURCE, path);
      },
    }),
    [dataProvider],
  );
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
