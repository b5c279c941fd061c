// The pet's photo on its edit screen: upload (the server re-encodes it), change or remove.
import { refusalMessage, shellCalls } from '@conjunto/core';
import DeleteIcon from '@mui/icons-material/Delete';
import UploadIcon from '@mui/icons-material/Upload';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ChangeEvent, useRef, useState } from 'react';
import { useCanAccess, useDataProvider, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { PetAvatar } from './PetAvatar.tsx';
import { PETS, type Pet } from './shared.tsx';

const MAX_BYTES = 5 * 1024 * 1024;

export function PetPhoto() {
  const pet = useRecordContext<Pet>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider();
  const { canAccess } = useCanAccess({ resource: PETS, action: 'photo' });
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  if (!pet) return null;
  const call = async (method: 'PUT' | 'DELETE', body?: FormData) => {
    setBusy(true);
    try {
      await shellCalls(dataProvider).send(PETS, `${pet.id}/photo`, { method, body });
      notify(method === 'PUT' ? 'residents.pets.photo.saved' : 'residents.pets.photo.removed', { type: 'success' });
      refresh();
    } catch (error) {
      notify(refusalMessage(error) ?? 'ra.notification.http_error', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const chosen = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    // The server checks again; this only spares a long upload that would be refused.
    if (file.size > MAX_BYTES) {
      notify('residents.pets.photo.tooLarge', { type: 'error' });
      return;
    }
    const form = new FormData();
    form.append('photo', file);
    void call('PUT', form);
  };
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1, mb: 2 }}>
      <PetAvatar pet={pet} size={96} />
      <Stack spacing={1}>
        {!pet.hasPhoto && (
          <Typography variant="body2" color="text.secondary">
            {translate('residents.pets.photo.none')}
          </Typography>
        )}
        {canAccess && (
          <Stack direction="row" spacing={1}>
            <Button
              size="small"
              variant="outlined"
              startIcon={<UploadIcon />}
              onClick={() => input.current?.click()}
              loading={busy}
            >
              {translate(pet.hasPhoto ? 'residents.pets.photo.change' : 'residents.pets.photo.upload')}
            </Button>
            {pet.hasPhoto && (
              <Button size="small" color="error" startIcon={<DeleteIcon />} onClick={() => call('DELETE')} disabled={busy}>
                {translate('residents.pets.photo.remove')}
              </Button>
            )}
          </Stack>
        )}
        <Typography variant="caption" color="text.secondary">
          {translate('residents.pets.help.photo')}
        </Typography>
      </Stack>
      <input ref={input} type="file" accept="image/jpeg,image/png,image/webp" hidden onChange={chosen} />
    </Stack>
  );
}
