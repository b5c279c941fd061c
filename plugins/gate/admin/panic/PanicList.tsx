// 'Alerta' (spec 002 §2.2 /guardia/alerta; the office's too): the complex's panic alerts, newest first, open ones
// marked; an open one is closed with an observation (Estado 1 -> 0), any one deleted after asking. Exports.
import { formatDateTime, refusalMessage, shellCalls } from '@conjunto/core';
import { ExportButton } from '@conjunto/core/ui';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { Theme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import {
  CanAccess,
  DataTable,
  DeleteWithConfirmButton,
  List,
  SelectInput,
  TopToolbar,
  useDataProvider,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { GATE_LIMITS } from '../../gate.ts';
import type { PanicAlertItem } from '../../schemas.ts';
import { orDash } from '../screens/shared.tsx';
import { PanicStatus } from './PanicStatus.tsx';
import { PANIC_RESOURCE } from './PanicWatcher.tsx';

const k = (key: string) => `gate.panic.${key}`;
const f = (key: string) => `resources.alerta.fields.${key}`;

function CloseAlert() {
  const record = useRecordContext<PanicAlertItem>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider();
  const [open, setOpen] = useState(false);
  const [observation, setObservation] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  if (record?.status !== 1) return null;
  const submit = async () => {
    setBusy(true);
    try {
      await shellCalls(dataProvider).send(PANIC_RESOURCE, `${encodeURIComponent(record.id)}/close`, {
        method: 'POST',
        body: { observation },
      });
      notify(k('closedNotice'), { type: 'success' });
      setOpen(false);
      refresh();
    } catch (e) {
      const message = refusalMessage(e);
      setError(message ?? translate(k('error')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button size="small" color="error" variant="outlined" onClick={() => setOpen(true)}>
        {translate(k('closeAction'))}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="xs">
        <DialogTitle>{translate(k('closeTitle'), { name: record.residentName })}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            required
            fullWidth
            multiline
            minRows={2}
            margin="dense"
            label={translate(k('observation'))}
            value={observation}
            onChange={(e) => {
              setObservation(e.target.value);
              setError(undefined);
            }}
            error={Boolean(error)}
            helperText={error ?? translate(k('observationHelp'))}
            slotProps={{ htmlInput: { maxLength: GATE_LIMITS.panicObservation } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</Button>
          <Button variant="contained" color="error" onClick={submit} disabled={busy}>
            {translate(k('closeAction'))}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

function Actions() {
  const record = useRecordContext<PanicAlertItem>();
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
      <CloseAlert />
      <CanAccess action="delete">
        <DeleteWithConfirmButton
          mutationMode="pessimistic"
          confirmTitle={k('deleteTitle')}
          confirmContent={k('deleteContent')}
          translateOptions={{ name: record?.residentName ?? '' }}
          successMessage={k('deleted')}
        />
      </CanAccess>
    </Box>
  );
}

/** A phone's row: who, where and when over the detail, the actions below. */
function PhoneRow({ row }: { row: PanicAlertItem }) {
  const translate = useTranslate();
  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {row.residentName}
        </Typography>
        <PanicStatus row={row} />
      </Box>
      <Typography variant="body2" color="text.secondary">
        {[formatDateTime(row.raisedAt), row.unitNumber, row.residentPhone].filter(Boolean).join(' · ')}
      </Typography>
      {/* Labelled: on a phone the resident's detail and the guard's closing note would read as one text. */}
      {row.detail && (
        <Typography variant="body2">
          {translate(f('detail'))}: {row.detail}
        </Typography>
      )}
      {row.observation && (
        <Typography variant="body2" color="text.secondary">
          {translate(f('observation'))}: {row.observation}
        </Typography>
      )}
      <Actions />
    </Box>
  );
}

const COLUMNS = [
  <DataTable.Col
    key="raisedAt"
    source="raisedAt"
    label={f('raisedAt')}
    render={(r: PanicAlertItem) => formatDateTime(r.raisedAt)}
  />,
  <DataTable.Col key="residentName" source="residentName" label={f('residentName')} />,
  <DataTable.Col
    key="unitNumber"
    source="unitNumber"
    label={f('unitNumber')}
    render={(r: PanicAlertItem) => orDash(r.unitNumber)}
  />,
  <DataTable.Col
    key="residentPhone"
    source="residentPhone"
    label={f('residentPhone')}
    disableSort
    render={(r: PanicAlertItem) => orDash(r.residentPhone)}
  />,
  <DataTable.Col key="detail" source="detail" label={f('detail')} disableSort render={(r: PanicAlertItem) => orDash(r.detail)} />,
  <DataTable.Col key="status" source="status" label={f('status')} render={(r: PanicAlertItem) => <PanicStatus row={r} />} />,
  <DataTable.Col
    key="observation"
    source="observation"
    label={f('observation')}
    disableSort
    render={(r: PanicAlertItem) => orDash(r.observation)}
  />,
  <DataTable.Col key="actions" label=" " disableSort render={() => <Actions />} />,
];

export default function PanicList() {
  const translate = useTranslate();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  return (
    <List
      sort={{ field: 'raisedAt', order: 'DESC' }}
      filters={[
        <SelectInput
          key="status"
          source="status"
          label={f('status')}
          alwaysOn
          choices={[
            { id: 1, name: translate(k('open')) },
            { id: 0, name: translate(k('closed')) },
          ]}
        />,
      ]}
      actions={
        <TopToolbar>
          <ExportButton />
          <ExportButton format="xlsx" />
        </TopToolbar>
      }
    >
      <DataTable rowClick={false} bulkActionButtons={false}>
        {phone ? (
          <DataTable.Col source="raisedAt" label={f('raisedAt')} render={(r: PanicAlertItem) => <PhoneRow row={r} />} />
        ) : (
          COLUMNS
        )}
      </DataTable>
    </List>
  );
}
