// The delete face dialog (spec 001 §2, §4, §8): the face, the devices that hold it (all chosen at first), a
// warning and 'Eliminar de N dispositivo(s)'. Confirm -> busy (it cannot be closed) -> 'Eliminación Completada',
// which closes by itself after 2 seconds. A summary toast tells on how many devices it went, failed or was skipped.
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { type Device, type Face, useBiometricsApi, useFailureMessage } from '../shared/api.ts';
import { DevicesSelect } from '../shared/DevicesSelect.tsx';
import { FacePhoto } from '../shared/FacePhoto.tsx';

const AUTO_CLOSE_MS = 2000;

type Phase = 'confirm' | 'busy' | 'done';

interface Props {
  open: boolean;
  face: Face | undefined;
  devicesById: ReadonlyMap<string, Device>;
  onClose(): void;
  onDeleted(): void;
}

export default function FaceDeleteDialog({ open, face, devicesById, onClose, onDeleted }: Props) {
  const translate = useTranslate();
  const notify = useNotify();
  const api = useBiometricsApi();
  const failureMessage = useFailureMessage();
  const [phase, setPhase] = useState<Phase>('confirm');
  const [chosen, setChosen] = useState<string[]>([]);

  // The devices that hold the face (a device unknown to the list still shows, by its id).
  const holders = useMemo<Device[]>(
    () =>
      (face?.devices ?? []).map(
        (id) =>
          devicesById.get(id) ?? {
            id,
            name: id,
            controllerId: null,
            location: null,
            ip: '',
            brand: null,
            status: 'unknown',
            notes: null,
            createdAt: '',
          },
      ),
    [face, devicesById],
  );

  // Each opening starts over, with every device chosen.
  useEffect(() => {
    if (!open) return;
    setPhase('confirm');
    setChosen(face?.devices ?? []);
  }, [open, face]);

  useEffect(() => {
    if (phase !== 'done') return;
    const timer = setTimeout(onClose, AUTO_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [phase, onClose]);

  const remove = async () => {
    if (!face || chosen.length === 0) return;
    setPhase('busy');
    try {
      const { data } = await api.deleteFace(face.identificacion, chosen);
      let summary = translate('biometrics.delete.summary', { count: data.successful_count });
      if (data.failed_count > 0) summary += translate('biometrics.delete.failed', { count: data.failed_count });
      if (data.skipped_count > 0) summary += translate('biometrics.delete.skipped', { count: data.skipped_count });
      notify(summary, { type: data.failed_count > 0 ? 'warning' : 'success' });
      setPhase('done');
      onDeleted();
    } catch (error) {
      notify(failureMessage(error), { type: 'error' });
      setPhase('confirm');
    }
  };

  const name = face?.nombre || translate('biometrics.faces.noName');
  return (
    <Dialog
      open={open && face !== undefined}
      onClose={phase === 'busy' ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="face-delete-title"
    >
      <DialogTitle id="face-delete-title">{translate('biometrics.delete.title')}</DialogTitle>
      <DialogContent dividers>
        {phase === 'done' ? (
          <Box sx={{ py: 3, textAlign: 'center' }}>
            <CheckCircleIcon color="success" sx={{ fontSize: 56 }} />
            <Typography variant="h6">{translate('biometrics.delete.done')}</Typography>
          </Box>
        ) : (
          <Stack spacing={2}>
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              <FacePhoto src={face?.photoUrl} alt={translate('biometrics.faces.photoOf', { name })} size={72} rounded />
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="subtitle1" sx={{ fontWeight: 600 }} noWrap>
                  {name}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {translate('biometrics.faces.identificacion')}: {face?.identificacion || translate('biometrics.faces.noId')}
                </Typography>
              </Box>
            </Stack>
            <DevicesSelect
              label={translate('biometrics.delete.devices')}
              devices={holders}
              value={chosen}
              onChange={setChosen}
              error={chosen.length === 0 ? translate('biometrics.delete.noneSelected') : undefined}
              disabled={phase === 'busy'}
            />
            <Alert severity="warning">{translate('biometrics.delete.warning')}</Alert>
          </Stack>
        )}
      </DialogContent>
      {phase !== 'done' && (
        <DialogActions>
          <Button onClick={onClose} disabled={phase === 'busy'}>
            {translate('biometrics.delete.cancel')}
          </Button>
          <Button
            variant="contained"
            color="error"
            onClick={remove}
            disabled={phase === 'busy' || chosen.length === 0}
            loading={phase === 'busy'}
            loadingPosition="start"
          >
            {translate(phase === 'busy' ? 'biometrics.delete.busy' : 'biometrics.delete.confirm', { count: chosen.length })}
          </Button>
        </DialogActions>
      )}
    </Dialog>
  );
}
