// One moving request: its details, the decisions its state allows, links to the resident's requests and to the
// plate's log for the unit, and the truck's log.
import { formatDate, formatDateTime } from '@conjunto/core';
import HistoryIcon from '@mui/icons-material/History';
import PersonIcon from '@mui/icons-material/Person';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { EditButton, Link, ListButton, Show, TopToolbar, useRecordContext, useTranslate } from 'react-admin';
import { MovingActions } from './MovingActions.tsx';
import { MovingEntries } from './MovingEntries.tsx';
import { type MovingRequest, MovingStatusChip, timeWindow, useAreaPath } from './shared.tsx';

function Actions() {
  const record = useRecordContext<MovingRequest>();
  const editable = record?.status === 'pendiente' || record?.status === 'aprobada';
  return (
    <TopToolbar sx={{ flexWrap: 'wrap' }}>
      <ListButton />
      {editable && <EditButton />}
    </TopToolbar>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Grid size={{ xs: 12, sm: 6, md: 4 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {translate(label)}
      </Typography>
      <Typography variant="body2" component="div" sx={{ overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Grid>
  );
}

function Details() {
  const r = useRecordContext<MovingRequest>();
  const translate = useTranslate();
  const path = useAreaPath();
  if (!r) return null;
  const f = (field: string) => `resources.mudanza.fields.${field}`;
  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="h6" component="p">
          {`${translate(`residents.moving.type.${r.type}`)} · ${r.unitNumber ?? ''}`}
        </Typography>
        <MovingStatusChip status={r.status} />
      </Stack>
      <Grid container spacing={2}>
        <Item label={f('date')}>{formatDate(r.date)}</Item>
        <Item label="residents.moving.window">{timeWindow(r)}</Item>
        <Item label={f('plate')}>{r.plate}</Item>
        <Item label={f('residentName')}>{r.residentName ?? '—'}</Item>
        <Item label={f('createdAt')}>{formatDateTime(r.createdAt)}</Item>
        {r.decidedAt && <Item label={f('decidedByName')}>{`${r.decidedByName ?? '—'} · ${formatDateTime(r.decidedAt)}`}</Item>}
        {r.rejectReason && <Item label={f('rejectReason')}>{r.rejectReason}</Item>}
        {r.notes && <Item label={f('notes')}>{r.notes}</Item>}
      </Grid>
      <MovingActions />
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        {r.residentId && (
          <Button size="small" component={Link} to={path(`mudanzaUsuario/${r.residentId}`)} startIcon={<PersonIcon />}>
            {translate('residents.moving.action.requests')}
          </Button>
        )}
        <Button
          size="small"
          component={Link}
          to={path(`bitacoraMudanza/${encodeURIComponent(r.plate)}/unidas/${r.unitId}`)}
          startIcon={<HistoryIcon />}
        >
          {translate('residents.moving.action.log')}
        </Button>
      </Stack>
      <MovingEntries request={r} />
    </Stack>
  );
}

/** 'Mudanza · Casa 4 · GYE5678' rather than the record's id. */
function MovingTitle() {
  const r = useRecordContext<MovingRequest>();
  const translate = useTranslate();
  return (
    <>{r ? [translate('resources.mudanza.name', { smart_count: 1 }), r.unitNumber, r.plate].filter(Boolean).join(' · ') : ''}</>
  );
}

export default function MovingShow() {
  return (
    <Show actions={<Actions />} title={<MovingTitle />}>
      <Details />
    </Show>
  );
}
