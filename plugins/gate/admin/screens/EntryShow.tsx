// An entry of the digital log in detail: the visitor, the destination, the times and who registered them, the
// black/white list notice, and 'Registrar salida' while it is open.
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Show, TopToolbar, useRecordContext, useTranslate } from 'react-admin';
import type { GateEntry } from '../../schemas.ts';
import { EntryImages, NotifyButton } from '../cameras/EntryImages.tsx';
import { ExitButton } from './ExitButton.tsx';
import { field, s, when } from './shared.tsx';

const f = (key: string) => field('bitacoraDigital', key);

function Item({ label, children }: { label: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Box>
      <Typography variant="caption" color="text.secondary">
        {translate(label)}
      </Typography>
      <Typography variant="body2">{children || '—'}</Typography>
    </Box>
  );
}

function Detail() {
  const e = useRecordContext<GateEntry>();
  const translate = useTranslate();
  if (!e) return null;
  const list = e.listHit ? translate(`gate.lists.${e.listHit}`) : '';
  return (
    <Card>
      <CardContent
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' } }}
      >
        <Item label={s('entries.visitor')}>{`${e.firstName} ${e.lastName}`.trim()}</Item>
        <Item label={f('idNumber')}>{e.idNumber}</Item>
        <Item label={f('plate')}>{[e.plate, e.vehicleColor].filter(Boolean).join(' · ')}</Item>
        <Item label={f('visitType')}>{e.visitType}</Item>
        <Item label={s('entries.destination')}>{e.unitNumber ?? e.place}</Item>
        <Item label={f('residentName')}>{e.residentName}</Item>
        <Item label={f('postName')}>{e.postName}</Item>
        <Item label={f('enteredAt')}>{when(e.enteredAt)}</Item>
        <Item label={f('registeredByName')}>{e.registeredByName}</Item>
        <Item label={f('expectedExitAt')}>{e.expectedExitAt ? when(e.expectedExitAt) : translate(s('entries.noLimit'))}</Item>
        <Item label={f('exitedAt')}>{e.exitedAt ? when(e.exitedAt) : translate(s('entries.inside'))}</Item>
        <Item label={f('exitRegisteredByName')}>{e.exitRegisteredByName}</Item>
        <Item label={f('listHit')}>{list}</Item>
        <Item label={f('approvedByName')}>{e.approvedByName && `${e.approvedByName} · ${when(e.approvedAt)}`}</Item>
        <Item label={f('rejected')}>{translate(e.rejected ? 'ra.boolean.true' : 'ra.boolean.false')}</Item>
        <Item label={f('source')}>{translate(`gate.source.${e.source}`, { _: e.source })}</Item>
        <Item label={f('observations')}>{e.observations}</Item>
      </CardContent>
    </Card>
  );
}

function Title() {
  const e = useRecordContext<GateEntry>();
  const translate = useTranslate();
  return <>{e ? `${translate(s('entries.entryOf'))} ${e.firstName} ${e.lastName}`.trim() : ''}</>;
}

export default function EntryShow() {
  return (
    <Show
      title={<Title />}
      actions={
        <TopToolbar>
          <ExitButton />
          <NotifyButton />
        </TopToolbar>
      }
      component="div"
    >
      <Detail />
      <EntryImages />
    </Show>
  );
}
