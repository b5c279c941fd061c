// New folder (inside the folder shown) or rename one: its name is required, unique per parent.
import { refusalMessage, serverFieldErrors } from '@conjunto/core';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useRef, useState } from 'react';
import { useCreate, useNotify, useTranslate, useUpdate } from 'react-admin';
import { FOLDER_NAME_MAX } from '../manifest.ts';
import type { Folder } from '../schemas.ts';
import { FOLDER_RESOURCE, useNotifyError } from './archiveApi.ts';

interface Props {
  open: boolean;
  onClose: () => void;
  onSaved: (folder: Folder) => void;
  parent: Folder | null;
  record?: Folder;
}

export default function FolderDialog({ open, onClose, onSaved, parent, record }: Props) {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const [create] = useCreate<Folder>();
  const [update] = useUpdate<Folder>();
  const [name, setName] = useState(record?.name ?? '');
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  // Set before the first await: a second Enter (or click) while the first is saving sends nothing.
  const busy = useRef(false);

  const submit = async () => {
    if (busy.current) return;
    const trimmed = name.trim();
    if (!trimmed) return setError(translate('archive.validation.required'));
    if (trimmed.length > FOLDER_NAME_MAX) return setError(translate('archive.validation.nameMax'));
    busy.current = true;
    setSaving(true);
    try {
      const saved = record
        ? await update(
            FOLDER_RESOURCE,
            { id: record.id, data: { name: trimmed }, previousData: record },
            { mutationMode: 'pessimistic', returnPromise: true },
          )
        : await create(FOLDER_RESOURCE, { data: { name: trimmed, parentId: parent?.id ?? null } }, { returnPromise: true });
      notify(record ? 'archive.notifications.folderRenamed' : 'archive.notifications.folderCreated', { type: 'success' });
      onSaved(saved as Folder);
      onClose();
    } catch (e) {
      setError(serverFieldErrors(e)?.name ?? refusalMessage(e));
      notifyError(e, 'archive.errors.save');
    } finally {
      busy.current = false;
      setSaving(false);
    }
  };

  return (
    <Dialog open={open} onClose={saving ? undefined : onClose} fullWidth maxWidth="xs">
      <DialogTitle>{translate(record ? 'archive.folder.renameTitle' : 'archive.folder.createTitle')}</DialogTitle>
      <DialogContent>
        <TextField
          sx={{ mt: 1 }}
          fullWidth
          required
          autoFocus
          label={translate('resources.archivo-carpetas.fields.name')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') void submit();
          }}
          error={Boolean(error)}
          helperText={error ?? (parent && !record ? translate('archive.folder.parentHelper', { name: parent.name }) : ' ')}
          slotProps={{ htmlInput: { maxLength: FOLDER_NAME_MAX } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving}>
          {translate('archive.action.cancel')}
        </Button>
        <Button variant="contained" onClick={submit} disabled={saving}>
          {translate('archive.action.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
