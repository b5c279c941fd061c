// The support calls that are not plain CRUD (replies, close, the attachment): through the shell's send/sendFile.
import { STREAM_OPENED, shellCalls } from '@conjunto/core';
import { useEffect, useMemo, useRef } from 'react';
import { type Identifier, useDataProvider, useRefresh } from 'react-admin';
import { SUPPORT_TOPIC } from '../manifest.ts';
import type { SupportDetail } from '../schemas.ts';

/** The react-admin resources: the office's (complex area) and platform staff's (their area). */
export const OFFICE_RESOURCE = 'supports';
export const STAFF_RESOURCE = 'sugerencias';
export const FAQ_RESOURCE = 'faq';
export const STAFF_FAQ_RESOURCE = 'FAQ';

const one = (id: Identifier) => encodeURIComponent(String(id));

export function useSupportApi(resource: string) {
  const dataProvider = useDataProvider();
  return useMemo(() => {
    const calls = shellCalls(dataProvider);
    return {
      detail: (id: Identifier) => calls.send<SupportDetail>(resource, one(id)),
      reply: (id: Identifier, body: { message?: string; state?: string }) =>
        calls.send<SupportDetail>(resource, `${one(id)}/replies`, { method: 'POST', body }),
      close: (id: Identifier) => calls.send<SupportDetail>(resource, `${one(id)}/close`, { method: 'POST' }),
      attach(id: Identifier, file: File) {
        const form = new FormData();
        form.append('file', file, file.name);
        return calls.send<SupportDetail>(resource, `${one(id)}/attachment`, { method: 'PUT', body: form });
      },
      /** The attachment as an address the browser opens: a signed URL (office) or the bytes (platform staff). */
      async attachmentUrl(id: Identifier): Promise<string> {
        if (resource === OFFICE_RESOURCE) return (await calls.send<{ url: string }>(resource, `${one(id)}/attachment`)).url;
        const { blob } = await calls.sendFile(resource, `${one(id)}/attachment`);
        return URL.createObjectURL(blob);
      },
    };
  }, [dataProvider, resource]);
}

/** Platform staff's open thread re-reads itself this often (their area has no live event stream). */
export const STAFF_REFETCH_MS = 15_000;

/**
 * The office's screens (list, open thread) reload when platform staff reply or change a request's state (live
 * topic support.changed, ids only), and when the event stream (re)opens (events are not replayed). Off: no-op.
 */
export function useLiveSupports(enabled = true) {
  const dataProvider = useDataProvider();
  const refresh = useRefresh();
  const latest = useRef(refresh);
  latest.current = refresh;
  useEffect(() => {
    if (!enabled) return undefined;
    const calls = shellCalls(dataProvider);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const reload = () => {
      clearTimeout(timer);
      timer = setTimeout(() => latest.current(), 300);
    };
    const off = [calls.subscribe(SUPPORT_TOPIC, reload), calls.subscribe(STREAM_OPENED, reload)];
    return () => {
      clearTimeout(timer);
      for (const unsubscribe of off) unsubscribe();
    };
  }, [dataProvider, enabled]);
}
