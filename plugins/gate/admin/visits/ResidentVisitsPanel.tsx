// The resident's early visits, a section of their area (issue 13; spec 002 §3 Early visit): announce one (today, or a
// later day with FechaIngreso; weekly with QrRecurrente), see its pass (QR, PIN with QRPin), cancel a pending one.
// The guard's bell hears of it live.
import type { PanelProps } from '@conjunto/core';
import { refusalMessage } from '@conjunto/core';
import { WidgetEmpty, WidgetSkeleton } from '@conjunto/core/ui';
import AddIcon from '@mui/icons-material/Add';
import QrCode2Icon from '@mui/icons-material/QrCode2';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { useGetList, useNotify, useTranslate } from 'react-admin';
import type { EarlyVisit } from '../../schemas.ts';
import { useShellCalls, when } from '../screens/shared.tsx';
import { useVisitOptions, VISITS } from './useVisitOptions.ts';
import { VisitForm } from './VisitForm.tsx';
import { VisitPassDialog } from './VisitPassDialog.tsx';

const v = (key: string) => `gate.visits.${key}`;
const COLORS = { pendiente: 'warning', ingresada: 'success', cancelada: 'default' } as const;
const name = (visit: EarlyVisit) => `${visit.firstName} ${visit.lastName}`.trim();

export default function ResidentVisitsPanel({ unitId }: PanelProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const api = useShellCalls();
  const options = useVisitOptions();
  const { data, isPending, error, refetch } = useGetList<EarlyVisit>(VISITS, {
    sort: { field: 'expectedArrival', order: 'DESC' },
    pagination: { page: 1, perPage: 20 },
  });
  const [creating, setCreating] = useState(false);
  const [pass, setPass] = useState<EarlyVisit>();
  const [cancelling, setCancelling] = useState<EarlyVisit>();
  const [busy, setBusy] = useState(false);
  if (!unitId) return <WidgetEmpty>{translate('gate.messages.noUnit')}</WidgetEmpty>;

  const cancel = async () => {
    if (!cancelling) return;
    setBusy(true);
    try {
      await api.send(VISITS, `${encodeURIComponent(cancelling.id)}/cancel`, { method: 'POST' });
      notify(v('cancelled'), { type: 'success' });
    } catch (e) {
      notify(refusalMessage(e) ?? v('error'), { type: 'error' });
    } finally {
      setBusy(false);
      setCancelling(undefined);
      refetch();
    }
  };
  const schedule = (visit: EarlyVisit) =>
    visit.weekdays && visit.validUntil
      ? translate(v('everyWeek'), {
          days: visit.weekdays.map((d) => translate(v(`weekdayNames.${d}`))).join(', '),
          until: visit.validUntil.split('-').reverse().join('/'),
        })
      : when(visit.expectedArrival);

  return (
    <Stack spacing={1}>
      <Stack direction="row">
        <Button size="small" variant="outlined" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
          {translate(v('add'))}
        </Button>
      </Stack>
      {isPending ? (
        <WidgetSkeleton height={120} />
      ) : error ? (
        <WidgetEmpty>{translate(v('loadError'))}</WidgetEmpty>
      ) : !data?.length ? (
        <WidgetEmpty>{translate(v('empty'))}</WidgetEmpty>
      ) : (
        <List dense disablePadding aria-label={translate(v('title'))}>
          {data.map((visit) => (
            <ListItem key={visit.id} divider disableGutters sx={{ flexWrap: 'wrap', columnGap: 1 }}>
              <ListItemText
                primary={name(visit)}
                secondary={[schedule(visit), visit.visitType, visit.plate].filter(Boolean).join(' · ')}
                slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                sx={{ minWidth: 200 }}
              />
              {/* The actions below the visit on a phone, beside it when there is room: never over its text. */}
              {visit.status === 'pendiente' ? (
                <Stack direction="row" sx={{ alignItems: 'center', ml: 'auto' }}>
                  {visit.code && (
                    <Tooltip title={translate(v('pass.open'))}>
                      <IconButton aria-label={translate(v('pass.open'))} onClick={() => setPass(visit)}>
                        <QrCode2Icon />
                      </IconButton>
                    </Tooltip>
                  )}
                  <Button size="small" color="error" onClick={() => setCancelling(visit)}>
                    {translate(v('cancel'))}
                  </Button>
                </Stack>
              ) : (
                <Chip size="small" color={COLORS[visit.status]} label={translate(`gate.earlyVisitStatus.${visit.status}`)} />
              )}
            </ListItem>
          ))}
        </List>
      )}
      <VisitForm
        open={creating}
        options={options}
        onClose={(created) => {
          setCreating(false);
          if (created) {
            refetch();
            setPass(created);
          }
        }}
      />
      <VisitPassDialog visit={pass} options={options} onClose={() => setPass(undefined)} />
      <Dialog open={Boolean(cancelling)} onClose={() => !busy && setCancelling(undefined)}>
        <DialogTitle>{translate(v('cancel'))}</DialogTitle>
        <DialogContent>
          <DialogContentText>{cancelling && translate(v('cancelConfirm'), { name: name(cancelling) })}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setCancelling(undefined)} disabled={busy}>
            {translate(v('keep'))}
          </Button>
          <Button color="error" variant="contained" onClick={cancel} disabled={busy}>
            {translate(v('cancel'))}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
