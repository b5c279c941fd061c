// What the screens share: the API resources and the calls that are not plain CRUD.
import { shellCalls } from '@conjunto/core';
import { useEffect, useMemo, useState } from 'react';
import { useDataProvider } from 'react-admin';
import type { MailingSettings } from '../schemas.ts';

export const MAILINGS_API = 'mailings';
export const SETTINGS_API = 'mailing-settings';
export const SEND_JOB_NAME = 'mailings.send';

export interface MailingOptions {
  arrears: boolean;
  defaultTime: string;
  paused: boolean;
}

export function useMailingsApi() {
  const dataProvider = useDataProvider();
  return useMemo(() => {
    const calls = shellCalls(dataProvider);
    return {
      options: () => calls.send<MailingOptions>(MAILINGS_API, 'options'),
      send: (id: string) => calls.send<{ jobId: string }>(MAILINGS_API, `${encodeURIComponent(id)}/send`, { method: 'POST' }),
      settings: () => calls.send<MailingSettings>(SETTINGS_API, ''),
      saveSettings: (body: Partial<MailingSettings>) => calls.send<MailingSettings>(SETTINGS_API, '', { method: 'PUT', body }),
    };
  }, [dataProvider]);
}

/** The form's options (null while they load). */
export function useMailingOptions(): MailingOptions | null {
  const api = useMailingsApi();
  const [options, setOptions] = useState<MailingOptions | null>(null);
  useEffect(() => {
    let alive = true;
    api.options().then(
      (o) => alive && setOptions(o),
      () => alive && setOptions({ arrears: false, defaultTime: '08:00', paused: false }),
    );
    return () => {
      alive = false;
    };
  }, [api]);
  return options;
}
