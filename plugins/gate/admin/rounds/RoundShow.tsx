// A round's checkpoints in order with the time each was marked (the server's), its status, progress and observation.
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Show, SimpleShowLayout, useRecordContext, useTranslate } from 'react-admin';
import type { RoundItem } from '../../rounds-schemas.ts';
import { when } from '../screens/shared.tsx';
import { Progress, StatusChip } from './RoundList.tsx';
import { r } from './shared.tsx';

function RoundDetail() {
  const round = useRecordContext<RoundItem>();
  const translate = useTranslate();
  if (!round) return null;
  return (
    <Stack spacing={1}>
      <Typography variant="h6">
        {round.guardName}
        {round.postName ? ` · ${round.postName}` : ''}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <StatusChip status={round.status} />
        <Typography variant="body2">
          {when(round.startedAt)} → {when(round.endedAt)}
        </Typography>
      </Stack>
      <Progress round={round} />
      {round.observation && <Typography variant="body2">{round.observation}</Typography>}
      <Typography variant="subtitle1" sx={{ pt: 1 }}>
        {translate(r('rounds.detail'))}
      </Typography>
      <List dense>
        {(round.marks ?? []).map((m) => (
          <ListItem key={`${m.position}-${m.checkpointName}`}>
            <ListItemIcon>{m.markedAt ? <CheckCircleIcon color="success" /> : <RadioButtonUncheckedIcon />}</ListItemIcon>
            <ListItemText
              primary={`${m.position}. ${m.checkpointName}`}
              secondary={[m.markedAt ? when(m.markedAt) : translate(r('rounds.pending')), m.note].filter(Boolean).join(' · ')}
            />
          </ListItem>
        ))}
      </List>
    </Stack>
  );
}

/** The page's title: the round's guard and time, never its id. */
function RoundTitle() {
  const round = useRecordContext<RoundItem>();
  const translate = useTranslate();
  return <>{round ? `${translate(r('rounds.title'))}: ${round.guardName} · ${when(round.startedAt)}` : ''}</>;
}

export default function RoundShow() {
  return (
    <Show title={<RoundTitle />}>
      <SimpleShowLayout>
        <RoundDetail />
      </SimpleShowLayout>
    </Show>
  );
}
