// The active survey's participation: units that answered of the complex's active units.
import { formatPercentage } from '@conjunto/core';
import { Figure, useWidgetGet, WidgetBody } from '@conjunto/core/ui';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useLocaleState, useTranslate } from 'react-admin';
import type { SurveyParticipation } from '../schemas.ts';

export default function ParticipationWidget() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const state = useWidgetGet<SurveyParticipation>('surveys', 'participation');
  return (
    <WidgetBody state={state} height={110} isEmpty={(d) => d.survey === null} emptyText={translate('surveys.dashboard.none')}>
      {(d) => (
        <Stack spacing={1}>
          <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
            {d.survey?.title}
          </Typography>
          <Figure
            label={translate('surveys.dashboard.units', { answered: d.answeredUnits, eligible: d.eligibleUnits })}
            value={formatPercentage(d.percentage, locale)}
            color="primary.main"
            testId="surveys-participation"
          />
          <LinearProgress
            aria-label={translate('surveys.dashboard.title')}
            variant="determinate"
            value={d.percentage}
            sx={{ height: 8, borderRadius: 4 }}
          />
        </Stack>
      )}
    </WidgetBody>
  );
}
