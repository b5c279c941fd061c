// The face photo uploader (spec 001 §2, §5): a 200x200 square, click to choose or change. The file must be an
// image of at most 5 MB; it is then compressed in the browser (compress.ts, FACE_PHOTO) before it is kept.
import AddAPhotoIcon from '@mui/icons-material/AddAPhoto';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { CompressError, compressImage, FACE_PHOTO, MAX_PHOTO_BYTES } from '../compress.ts';

const SIZE = 200;

interface Props {
  /** The stored photo (edit mode). */
  currentUrl: string | null | undefined;
  /** The new photo chosen, compressed. */
  value: Blob | null;
  onChange(photo: Blob): void;
  /** A form error (e.g. 'Debe cargar una imagen del rostro'). */
  error?: string;
  disabled?: boolean;
}

export function PhotoPicker({ currentUrl, value, onChange, error, disabled }: Props) {
  const translate = useTranslate();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [preview, setPreview] = useState<string>();

  useEffect(() => {
    if (!value) return setPreview(undefined);
    const url = URL.createObjectURL(value);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [value]);

  const pick = async (file: File | undefined) => {
    if (!file) return;
    setProblem(undefined);
    if (!file.type.startsWith('image/')) return setProblem(translate('biometrics.validation.notImage'));
    if (file.size > MAX_PHOTO_BYTES) return setProblem(translate('biometrics.validation.tooBig'));
    setBusy(true);
    try {
      onChange((await compressImage(file, FACE_PHOTO)).blob);
    } catch (failure) {
      setProblem(translate(`biometrics.validation.${failure instanceof CompressError ? failure.key : 'compressImage'}`));
    } finally {
      setBusy(false);
    }
  };

  const shown = preview ?? currentUrl ?? undefined;
  const message = problem ?? error;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center' }}>
      <ButtonBase
        onClick={() => input.current?.click()}
        disabled={disabled || busy}
        aria-label={translate(shown ? 'biometrics.form.photoChange' : 'biometrics.form.photoHint')}
        sx={{
          width: SIZE,
          height: SIZE,
          borderRadius: 2,
          overflow: 'hidden',
          border: 2,
          borderStyle: shown ? 'solid' : 'dashed',
          borderColor: message ? 'error.main' : 'divider',
          bgcolor: 'action.hover',
          position: 'relative',
        }}
      >
        {shown ? (
          <Box
            component="img"
            src={shown}
            alt={translate('biometrics.form.photo')}
            sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
          />
        ) : (
          <Box sx={{ color: 'text.secondary', p: 2, textAlign: 'center' }}>
            <AddAPhotoIcon fontSize="large" />
            <Typography variant="body2">{translate('biometrics.form.photoHint')}</Typography>
          </Box>
        )}
        {busy && (
          <Box
            sx={{
              position: 'absolute',
              inset: 0,
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              bgcolor: 'rgba(255,255,255,0.6)',
            }}
          >
            <CircularProgress size={32} aria-label={translate('biometrics.form.compressing')} />
          </Box>
        )}
        {value && (
          <Chip
            size="small"
            color="success"
            label={translate('biometrics.form.newPhoto')}
            sx={{ position: 'absolute', top: 8, right: 8 }}
          />
        )}
      </ButtonBase>
      {shown && !message && (
        <Typography variant="caption" color="text.secondary" sx={{ mt: 0.5 }}>
          {translate('biometrics.form.photoChange')}
        </Typography>
      )}
      {message && <FormHelperText error>{message}</FormHelperText>}
      <input
        ref={input}
        type="file"
        accept="image/*"
        hidden
        onChange={(event) => {
          void pick(event.target.files?.[0]);
          event.target.value = ''; // choosing the same file again fires again
        }}
      />
    </Box>
  );
}
