// The area's photos on its form (up to 6): add one (the server re-encodes it), remove one. Residents see them when
// they book.
import { refusalMessage } from '@conjunto/core';
import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate';
import DeleteIcon from '@mui/icons-material/Delete';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import ImageList from '@mui/material/ImageList';
import ImageListItem from '@mui/material/ImageListItem';
import ImageListItemBar from '@mui/material/ImageListItemBar';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { AREA_LIMITS } from '../reservations.ts';
import type { Area } from '../schemas.ts';
import { AREAS, k, useShellCalls } from './shared.tsx';

export function AreaPhotos() {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const api = useShellCalls();
  const area = useRecordContext<Area>();
  const [busy, setBusy] = useState(false);
  if (!area) return null;
  const send = async (path: string, method: 'POST' | 'DELETE', body?: FormData) => {
    setBusy(true);
    try {
      await api.send(AREAS, path, { method, body });
      refresh();
    } catch (error) {
      notify(refusalMessage(error) ?? k('errors.save'), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const add = (file: File | undefined) => {
    if (!file) return;
    const form = new FormData();
    form.append('photo', file);
    void send(`${encodeURIComponent(area.id)}/photos`, 'POST', form);
  };
  return (
    <Stack spacing={1} sx={{ px: 2, pb: 2 }}>
      <Typography variant="subtitle1">{translate(k('area.photos'))}</Typography>
      {area.photos.length > 0 && (
        <ImageList cols={3} rowHeight={120} gap={8} sx={{ maxWidth: 560 }}>
          {area.photos.map((p) => (
            <ImageListItem key={p.id}>
              <img src={p.url} alt={area.name} loading="lazy" style={{ objectFit: 'cover', height: 120 }} />
              <ImageListItemBar
                position="top"
                actionIcon={
                  <IconButton
                    aria-label={translate(k('area.removePhoto'))}
                    sx={{ color: 'white' }}
                    disabled={busy}
                    onClick={() => void send(`${encodeURIComponent(area.id)}/photos/${encodeURIComponent(p.id)}`, 'DELETE')}
                  >
                    <DeleteIcon />
                  </IconButton>
                }
              />
            </ImageListItem>
          ))}
        </ImageList>
      )}
      <div>
        <Button
          component="label"
          variant="outlined"
          size="small"
          startIcon={<AddPhotoAlternateIcon />}
          disabled={busy || area.photos.length >= AREA_LIMITS.photos}
        >
          {translate(k('area.addPhoto'))}
          <input type="file" hidden accept="image/jpeg,image/png,image/webp" onChange={(e) => add(e.target.files?.[0])} />
        </Button>
        <Typography variant="caption" color="text.secondary" sx={{ ml: 1 }}>
          {translate(k('area.photosHelp'), { max: AREA_LIMITS.photos })}
        </Typography>
      </div>
    </Stack>
  );
}
