// The office's document repository (spec 000 §2.4 'archivo'): folders as a breadcrumb and a row of subfolders,
// the documents of the folder shown (all of them at the top level) with size, visibility, and the upload,
// edit, delete and download actions.
import { formatDateTime } from '@conjunto/core';
import { ExportButton } from '@conjunto/core/ui';
import AddIcon from '@mui/icons-material/Add';
import CreateNewFolderIcon from '@mui/icons-material/CreateNewFolder';
import DeleteIcon from '@mui/icons-material/Delete';
import DriveFileRenameOutlineIcon from '@mui/icons-material/DriveFileRenameOutline';
import FolderIcon from '@mui/icons-material/Folder';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import type { Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  CanAccess,
  Confirm,
  DataTable,
  List,
  Pagination,
  SearchInput,
  TopToolbar,
  useDelete,
  useNotify,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import type { ArchiveDocument, Folder } from '../schemas.ts';
import { FOLDER_RESOURCE, useArchiveApi, useNotifyError } from './archiveApi.ts';
import DocumentDialog from './DocumentDialog.tsx';
import { DocumentRowActions } from './DocumentRowActions.tsx';
import FolderDialog from './FolderDialog.tsx';
import { folderPath } from './folders.ts';

function VisibilityChip() {
  const record = useRecordContext<ArchiveDocument>();
  const translate = useTranslate();
  if (!record) return null;
  return record.visibleToResidents ? (
    <Chip size="small" color="success" label={translate('archive.visibility.visible')} />
  ) : (
    <Chip size="small" variant="outlined" label={translate('archive.visibility.hidden')} />
  );
}

function UploadButton({ folders, folderId }: { folders: Folder[]; folderId: string | null }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="contained" size="small" startIcon={<AddIcon />} onClick={() => setOpen(true)}>
        {translate('archive.action.upload')}
      </Button>
      {open && <DocumentDialog open onClose={() => setOpen(false)} folders={folders} folderId={folderId} />}
    </>
  );
}

function Empty() {
  const translate = useTranslate();
  return (
    <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
      {translate('archive.empty')}
    </Typography>
  );
}

/** The breadcrumb, the subfolders of the folder shown, and the folder actions. */
function FolderBar({
  folders,
  current,
  onOpen,
  onChanged,
}: {
  folders: Folder[];
  current: string | null;
  onOpen: (id: string | null) => void;
  onChanged: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const [deleteOne, { isPending }] = useDelete<Folder>();
  const [dialog, setDialog] = useState<'create' | 'rename' | null>(null);
  const [confirming, setConfirming] = useState(false);
  const path = folderPath(folders, current);
  const folder = path.at(-1) ?? null;
  const children = folders.filter((f) => (f.parentId ?? null) === current);
  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 2 }} data-testid="archive-folders">
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Breadcrumbs aria-label={translate('archive.folders')}>
          {folder ? (
            <Link component="button" underline="hover" onClick={() => onOpen(null)}>
              {translate('archive.root')}
            </Link>
          ) : (
            <Typography color="text.primary">{translate('archive.root')}</Typography>
          )}
          {path.map((f, i) =>
            i === path.length - 1 ? (
              <Typography key={f.id} color="text.primary">
                {f.name}
              </Typography>
            ) : (
              <Link key={f.id} component="button" underline="hover" onClick={() => onOpen(f.id)}>
                {f.name}
              </Link>
            ),
          )}
        </Breadcrumbs>
        <CanAccess resource={FOLDER_RESOURCE} action="create">
          <Stack direction="row" spacing={1}>
            <Button size="small" startIcon={<CreateNewFolderIcon />} onClick={() => setDialog('create')}>
              {translate('archive.action.newFolder')}
            </Button>
            {folder && (
              <>
                <Button size="small" startIcon={<DriveFileRenameOutlineIcon />} onClick={() => setDialog('rename')}>
                  {translate('archive.action.renameFolder')}
                </Button>
                <Button size="small" color="error" startIcon={<DeleteIcon />} onClick={() => setConfirming(true)}>
                  {translate('archive.action.deleteFolder')}
                </Button>
              </>
            )}
          </Stack>
        </CanAccess>
      </Stack>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1.5 }}>
        {children.length === 0 && !folder && (
          <Typography variant="body2" color="text.secondary">
            {translate('archive.noFolders')}
          </Typography>
        )}
        {children.map((f) => (
          <Chip
            key={f.id}
            icon={<FolderIcon />}
            label={`${f.name} (${f.documentCount})`}
            onClick={() => onOpen(f.id)}
            variant="outlined"
          />
        ))}
      </Box>
      {dialog && (
        <FolderDialog
          open
          onClose={() => setDialog(null)}
          parent={folder}
          record={dialog === 'rename' ? (folder ?? undefined) : undefined}
          onSaved={(saved) => {
            onChanged();
            if (dialog === 'create') onOpen(saved.id);
          }}
        />
      )}
      {folder && (
        <Confirm
          isOpen={confirming}
          loading={isPending}
          title="archive.delete.folderTitle"
          content="archive.delete.folderContent"
          translateOptions={{ name: folder.name }}
          onClose={() => setConfirming(false)}
          onConfirm={() =>
            deleteOne(
              FOLDER_RESOURCE,
              { id: folder.id, previousData: folder },
              {
                mutationMode: 'pessimistic',
                onSuccess: () => {
                  setConfirming(false);
                  notify('archive.notifications.folderDeleted', { type: 'success' });
                  onOpen(folder.parentId ?? null);
                  onChanged();
                },
                onError: (error) => {
                  setConfirming(false);
                  notifyError(error, 'archive.errors.delete');
                },
              },
            )
          }
        />
      )}
    </Paper>
  );
}

export default function ArchiveList() {
  const translate = useTranslate();
  const api = useArchiveApi();
  const notifyError = useNotifyError();
  const [folders, setFolders] = useState<Folder[]>([]);
  const [current, setCurrent] = useState<string | null>(null);
  const loadFolders = useCallback(() => {
    api.folders().then(setFolders, (error) => notifyError(error, 'archive.errors.load'));
  }, [api, notifyError]);
  useEffect(loadFolders, [loadFolders]);
  const filter = useMemo(() => (current ? { folderId: current } : {}), [current]);
  const filters = [<SearchInput key="q" source="q" alwaysOn placeholder={translate('archive.search')} />];
  // A phone shows the title, size, visibility and actions; the folder is in the breadcrumb, the rest in the export.
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <>
      <FolderBar folders={folders} current={current} onOpen={setCurrent} onChanged={loadFolders} />
      <List
        key={current ?? 'root'}
        title="archive.title"
        filter={filter}
        sort={{ field: 'createdAt', order: 'DESC' }}
        perPage={10}
        pagination={<Pagination rowsPerPageOptions={[5, 10, 25]} />}
        filters={filters}
        actions={
          <TopToolbar>
            <CanAccess action="create">
              <UploadButton folders={folders} folderId={current} />
            </CanAccess>
            <ExportButton />
            <ExportButton format="xlsx" />
          </TopToolbar>
        }
        exporter={false}
        empty={false}
        disableSyncWithLocation
        queryOptions={{ onError: (error) => notifyError(error, 'archive.errors.load') }}
      >
        <DataTable rowClick={false} bulkActionButtons={false} empty={<Empty />}>
          <DataTable.Col source="title" />
          {!phone && <DataTable.Col source="folderName" disableSort />}
          {!phone && <DataTable.Col source="filename" disableSort />}
          <DataTable.Col source="sizeBytes" align="right" render={(r: ArchiveDocument) => r.size} />
          <DataTable.Col source="visibleToResidents" field={VisibilityChip} />
          {!phone && <DataTable.Col source="createdAt" render={(r: ArchiveDocument) => formatDateTime(r.createdAt)} />}
          <DataTable.Col label="archive.columns.actions" align="right">
            <DocumentRowActions folders={folders} />
          </DataTable.Col>
        </DataTable>
      </List>
    </>
  );
}
