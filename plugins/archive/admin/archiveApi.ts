// The archive's calls that are not plain CRUD: the upload (multipart), the signed download and the folders.
// CRUD goes through react-admin's hooks; custom endpoints through the shell's `send(resource, path, options)`.
import { refusalMessage, shellCalls } from '@conjunto/core';
import { useCallback, useMemo } from 'react';
import { type Identifier, useDataProvider, useNotify } from 'react-admin';
import type { ArchiveDocument, Download, Folder } from '../schemas.ts';

/** The react-admin resources (route segments) and their API resources. */
export const DOCUMENT_RESOURCE = 'archivo';
export const FOLDER_RESOURCE = 'archivo-carpetas';
export const DOCUMENTS_API = 'archive-documents';
export const FOLDERS_API = 'archive-folders';

export interface UploadInput {
  title: string;
  folderId: string | null;
  visibleToResidents: boolean;
  file: File;
}

export function useArchiveApi() {
  const dataProvider = useDataProvider();
  return useMemo(() => {
    const calls = shellCalls(dataProvider);
    return {
      upload(input: UploadInput) {
        const form = new FormData();
        form.append('title', input.title);
        if (input.folderId) form.append('folderId', input.folderId);
        form.append('visibleToResidents', String(input.visibleToResidents));
        form.append('file', input.file, input.file.name);
        return calls.send<ArchiveDocument>(DOCUMENTS_API, '', { method: 'POST', body: form });
      },
      download: (id: Identifier) => calls.send<Download>(DOCUMENTS_API, `${encodeURIComponent(String(id))}/download`),
      /** Every folder of the complex (a repository holds tens, not thousands). */
      folders: () =>
        calls.send<Folder[]>(
          FOLDERS_API,
          `?${new URLSearchParams({ sort: JSON.stringify(['name', 'ASC']), range: JSON.stringify([0, 499]) })}`,
        ),
      /** The documents residents may read, newest first. */
      visibleDocuments: () =>
        calls.send<ArchiveDocument[]>(
          DOCUMENTS_API,
          `?${new URLSearchParams({ sort: JSON.stringify(['createdAt', 'DESC']), range: JSON.stringify([0, 99]) })}`,
        ),
    };
  }, [dataProvider]);
}

/** Opens the document's signed URL (a download: the server sends it as an attachment). */
export function useDownload() {
  const api = useArchiveApi();
  const notifyError = useNotifyError();
  return useCallback(
    async (id: Identifier) => {
      try {
        const { url, filename } = await api.download(id);
        const a = document.createElement('a');
        a.href = url;
        a.download = filename;
        a.rel = 'noopener';
        document.body.appendChild(a);
        a.click();
        a.remove();
      } catch (error) {
        notifyError(error, 'archive.errors.download');
      }
    },
    [api, notifyError],
  );
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
