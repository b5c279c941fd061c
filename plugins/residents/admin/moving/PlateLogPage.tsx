// /administrador/bitacoraMudanza/:placa/unidas/:unidadHabitacional: every entry and exit of a moving truck's
// plate for a unit, over all its requests (spec 000 §2.4), with the server's export.
import { ExportButton } from '@conjunto/core/ui';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Title, useGetList, useGetOne, useParams, useTranslate } from 'react-admin';
import { normalisePlate } from '../../moving.ts';
import { EntriesTable } from './MovingEntries.tsx';
import { MOVING_LOG, type MovingEntry, UNITS } from './shared.tsx';

export default function PlateLogPage() {
  const params = useParams<{ placa: string; unidadHabitacional: string }>();
  const plate = normalisePlate(decodeURIComponent(params.placa ?? ''));
  const unitId = params.unidadHabitacional ?? '';
  const translate = useTranslate();
  const { data: unit } = useGetOne<{ id: string; number: string }>(UNITS, { id: unitId }, { enabled: Boolean(unitId) });
  const filter = { plate, unitId };
  const sort = { field: 'enteredAt', order: 'DESC' } as const;
  const { data, total, isPending } = useGetList<MovingEntry>(MOVING_LOG, { filter, sort, pagination: { page: 1, perPage: 200 } });
  const title = translate('residents.moving.entries.logTitle', { plate, unit: unit?.number ?? '' });
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={title} />
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mb: 1 }}>
          <Typography variant="h6" component="h1">
            {title}
          </Typography>
          <Stack direction="row">
            <ExportButton list={{ resource: MOVING_LOG, filter, sort, total }} />
            <ExportButton format="xlsx" list={{ resource: MOVING_LOG, filter, sort, total }} />
          </Stack>
        </Stack>
        <EntriesTable entries={data ?? []} loading={isPending} />
      </CardContent>
    </Card>
  );
}
