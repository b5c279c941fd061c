// The support calls that are not plain CRUD (replies, close, the attachment): through the shell's send/sendFile.
import { shellCalls } from '@conjunto/core';
import { useMemo } from 'react';
import { type Identifier, useDataProvider } from 'react-admin';
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
