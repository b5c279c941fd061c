// Upload a document (title*, file*, folder, visible to residents) or edit one (title*, folder, visibility).
// Required fields carry the '*'; the server's field errors show under their field.
import { serverFieldErrors } from '@conjunto/core';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { useNotify, useRefresh, useTranslate, useUpdate } from 'react-admin';
import { DOCUMENT_ACCEPT, DOCUMENT_BYTES_MAX, DOCUMENT_TITLE_MAX } from '../manifest.ts';
import type { ArchiveDocument, Folder } from '../schemas.ts';
import { formatBytes } from '../size.ts';
import { DOCUMENT_RESOURCE, useArchiveApi, useNotifyError } from './archiveApi.ts';
import { folderPath } from './folders.ts';

interface Props {
  open: boolean;
  onClose: () => void;
  folders: Folder[];
  /** The folder shown when uploading (preselected). */
  folderId?: string | null;
  /** Edit this document instead of uploading one. */
  record?: ArchiveDocument;
}

export default function DocumentDialog({ open, onClose, folders, folderId = null, record }: Props) {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const refresh = useRefresh();
  const api = useArchiveApi();
  const [update] = useUpdate<ArchiveDocument>();
  const [title, setTitle] = useState(record?.title ?? '');
  const [folder, setFolder] = useState<string>(record ? (record.folderId ?? '') : (folderId ?? ''));
  const [visible, setVisible] = useState(record?.visibleToResidents ?? false);
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  // Set before the first await: a second click while the first is saving sends nothing.
  const busy = useRef(false);

  const validate = () => {
    const out: Record<string, string> = {};
    if (!title.trim()) out.title = translate('archive.validation.required');
    else if (title.trim().length > DOCUMENT_TITLE_MAX) out.title = translate('archive.validation.titleMax');
    if (!record) {
      if (!file) out.file = translate('archive.validation.fileRequired');
      else if (file.size > DOCUMENT_BYTES_MAX) out.file = translate('archive.validation.fileTooLarge');
    }
    return out;
  };

  const submit = async () => {
    if (busy.current) return;
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length) return;
    busy.current = true;
    setSaving(true);
    try {
      if (record) {
        await update(
          DOCUMENT_RESOURCE,
          {
            id: record.id,
            data: { title: title.trim(), folderId: folder || null, visibleToResidents: visible },
            previousData: record,
          },
          { mutationMode: 'pessimistic', returnPromise: true },
        );
        notify('archive.notifications.updated', { type: 'success' });
      } else {
        await api.upload({ title: title.trim(), folderId: folder || null, visibleToResidents: visible, file: file as File });
        notify('archive.notifications.uploaded', { type: 'success' });
      }
      refresh();
      onClose();
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (fields) setErrors(fields);
      notifyError(error, record ? 'archive.errors.save' : 'archive.errors.upload');
    } finally {
      busy.current = false;
      setSaving(false);
    }
  };

  return (
    <Dialog open={open} onClose={saving ? undefined : onClose} fullWidth maxWidth="sm">
      <DialogTitle>{translate(record ? 'archive.edit.title' : 'archive.upload.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {translate('archive.upload.requiredNote')}
          </Typography>
          <TextField
            label={translate('resources.archivo.fields.title')}
            required
            autoFocus
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            error={Boolean(errors.title)}
            helperText={errors.title ?? ' '}
            slotProps={{ htmlInput: { maxLength: DOCUMENT_TITLE_MAX } }}
          />
          {!record && (
            <div>
              <Button component="label" variant="outlined" startIcon={<UploadFileIcon />}>
                {translate('archive.action.chooseFile')} *
                <input
                  hidden
                  type="file"
                  accept={DOCUMENT_ACCEPT}
                  data-testid="archive-file"
                  onChange={(e) => {
                    const chosen = e.target.files?.[0] ?? null;
                    setFile(chosen);
                    if (chosen && !title.trim()) setTitle(chosen.name.replace(/\.[^.]+$/, '').slice(0, DOCUMENT_TITLE_MAX));
                  }}
                />
              </Button>
              {file && (
                <Typography variant="body2" sx={{ mt: 1 }}>
                  {file.name} ({formatBytes(file.size)})
                </Typography>
              )}
              <FormHelperText error={Boolean(errors.file)}>
                {errors.file ?? translate('archive.upload.fileHelper')}
              </FormHelperText>
            </div>
          )}
          <TextField
            select
            label={translate('resources.archivo.fields.folderId')}
            value={folder}
            onChange={(e) => setFolder(e.target.value)}
            error={Boolean(errors.folderId)}
            helperText={errors.folderId ?? ' '}
          >
            <MenuItem value="">{translate('archive.unfiled')}</MenuItem>
            {folders.map((f) => (
              <MenuItem key={f.id} value={f.id}>
                {folderPath(folders, f.id)
                  .map((p) => p.name)
                  .join(' / ')}
              </MenuItem>
            ))}
          </TextField>
          <div>
            <FormControlLabel
              control={<Switch checked={visible} onChange={(e) => setVisible(e.target.checked)} />}
              label={translate('resources.archivo.fields.visibleToResidents')}
            />
            <FormHelperText>{translate('archive.upload.visibleHelper')}</FormHelperText>
          </div>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving}>
          {translate('archive.action.cancel')}
        </Button>
        <Button variant="contained" onClick={submit} disabled={saving}>
          {translate(record ? 'archive.action.save' : 'archive.action.upload')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
