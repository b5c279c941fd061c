// A document's actions: download, edit (title, folder, visibility), delete (confirmed; removes the file).
import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import EditIcon from '@mui/icons-material/Edit';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { CanAccess, Confirm, useDelete, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import type { ArchiveDocument, Folder } from '../schemas.ts';
import { DOCUMENT_RESOURCE, useDownload, useNotifyError } from './archiveApi.ts';
import DocumentDialog from './DocumentDialog.tsx';

export function DocumentRowActions({ folders }: { folders: Folder[] }) {
  const record = useRecordContext<ArchiveDocument>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const notifyError = useNotifyError();
  const download = useDownload();
  const [deleteOne, { isPending }] = useDelete<ArchiveDocument>();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  if (!record) return null;
  return (
    <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
      <Tooltip title={translate('archive.action.download')}>
        <IconButton size="small" aria-label={translate('archive.action.download')} onClick={() => download(record.id)}>
          <DownloadIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <CanAccess action="edit">
        <Tooltip title={translate('archive.action.edit')}>
          <IconButton size="small" aria-label={translate('archive.action.edit')} onClick={() => setEditing(true)}>
            <EditIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </CanAccess>
      <CanAccess action="delete">
        <Tooltip title={translate('archive.action.delete')}>
          <IconButton
            size="small"
            color="error"
            aria-label={translate('archive.action.delete')}
            onClick={() => setConfirming(true)}
          >
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </CanAccess>
      {editing && <DocumentDialog open onClose={() => setEditing(false)} folders={folders} record={record} />}
      <Confirm
        isOpen={confirming}
        loading={isPending}
        title="archive.delete.title"
        content="archive.delete.content"
        translateOptions={{ title: record.title }}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          deleteOne(
            DOCUMENT_RESOURCE,
            { id: record.id, previousData: record },
            {
              mutationMode: 'pessimistic',
              onSuccess: () => {
                setConfirming(false);
                notify('archive.notifications.deleted', { type: 'success' });
                refresh();
              },
              onError: (error) => {
                setConfirming(false);
                notifyError(error, 'archive.errors.delete');
              },
            },
          )
        }
      />
    </Stack>
  );
}
