// 'Nuevo reporte': the resident's (from their area, for their own unit) and the office's (naming the unit).
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useDeferredValue, useRef, useState } from 'react';
import { useGetList, useNotify, useTranslate } from 'react-admin';
import { DETAIL_MAX } from '../manifest.ts';
import { PHOTO_MAX_BYTES, useIssueApi, useNotifyError } from './shared.tsx';

interface Unit {
  id: string;
  number: string;
  holderName?: string | null;
}

/** 'Nuevo reporte': category*, detail*, an optional photo; the office also names the unit*. */
export default function IssueCreateDialog({
  office = false,
  onClose,
  onDone,
}: {
  office?: boolean;
  onClose(): void;
  onDone(): void;
}) {
  const translate = useTranslate();
  const api = useIssueApi();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const input = useRef<HTMLInputElement>(null);
  const createdId = useRef<string | null>(null);
  const [category, setCategory] = useState<number | ''>('');
  const [detail, setDetail] = useState('');
  const [photo, setPhoto] = useState<File | null>(null);
  const [touched, setTouched] = useState(false);
  const [unit, setUnit] = useState<Unit | null>(null);
  // The server searches the units as the office types (a complex may hold thousands).
  const [unitSearch, setUnitSearch] = useState('');
  const search = useDeferredValue(unitSearch.trim());
  const { data: units, isFetching: searching } = useGetList<Unit>(
    'unidadesHabitacionales',
    {
      sort: { field: 'number', order: 'ASC' },
      pagination: { page: 1, perPage: 25 },
      filter: search ? { q: search } : {},
    },
    { enabled: office, placeholderData: (previous) => previous },
  );
  const [busy, setBusy] = useState(false);
  const missing = { category: category === '', detail: detail.trim() === '', unit: office && !unit };
  const submit = async () => {
    setTouched(true);
    if (missing.category || missing.detail || missing.unit) return;
    setBusy(true);
    try {
      // A retry after a failed photo sends the photo again, not a second report.
      const id = createdId.current ?? (await api.create(Number(category), detail.trim(), unit?.id)).id;
      createdId.current = id;
      if (photo) await api.photo(id, photo);
      notify('issueReports.notifications.created', { type: 'success' });
      onDone();
      onClose();
    } catch (error) {
      notifyError(error, 'issueReports.errors.save');
      onDone();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="issue-create-title">
      <DialogTitle id="issue-create-title">{translate('issueReports.create.title')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate('issueReports.create.required')}
        </Typography>
        {office && (
          <Autocomplete
            options={units ?? []}
            value={unit}
            onChange={(_e, value) => setUnit(value)}
            onInputChange={(_e, value, reason) => reason === 'input' && setUnitSearch(value)}
            filterOptions={(options) => options}
            loading={searching}
            getOptionLabel={(u) => (u.holderName ? `${u.number} · ${u.holderName}` : u.number)}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            noOptionsText={translate('issueReports.none')}
            renderInput={(params) => (
              <TextField
                {...params}
                required
                label={translate('resources.informeProblemas.fields.unitId')}
                error={touched && missing.unit}
                helperText={touched && missing.unit ? translate('issueReports.validation.required') : ' '}
              />
            )}
          />
        )}
        <TextField
          select
          required
          label={translate('resources.informeProblemas.fields.category')}
          value={category}
          onChange={(e) => setCategory(Number(e.target.value))}
          error={touched && missing.category}
          helperText={touched && missing.category ? translate('issueReports.validation.required') : ' '}
          fullWidth
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'issue-category' } as object } }}
        >
          {[1, 2, 3, 4, 5, 6].map((c) => (
            <MenuItem key={c} value={c}>
              {translate(`issueReports.category.${c}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          required
          label={translate('resources.informeProblemas.fields.detail')}
          value={detail}
          onChange={(e) => setDetail(e.target.value.slice(0, DETAIL_MAX))}
          error={touched && missing.detail}
          helperText={
            touched && missing.detail
              ? translate('issueReports.validation.required')
              : translate('issueReports.create.detailHelper')
          }
          multiline
          minRows={3}
          fullWidth
          slotProps={{ htmlInput: { 'data-testid': 'issue-detail' } }}
        />
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 1, flexWrap: 'wrap' }}>
          <Button size="small" variant="outlined" startIcon={<PhotoCameraIcon />} onClick={() => input.current?.click()}>
            {translate(photo ? 'issueReports.action.changePhoto' : 'issueReports.action.photo')}
          </Button>
          <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {photo ? photo.name : translate('issueReports.create.photoHelper')}
          </Typography>
        </Stack>
        <input
          ref={input}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          hidden
          data-testid="issue-photo"
          onChange={(e) => {
            const file = e.target.files?.[0] ?? null;
            e.target.value = '';
            if (file && file.size > PHOTO_MAX_BYTES) notify('issueReports.errors.photoTooLarge', { type: 'error' });
            else setPhoto(file);
          }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {translate('issueReports.action.cancel')}
        </Button>
        <Button variant="contained" onClick={submit} loading={busy}>
          {translate('issueReports.action.send')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
