// The booking dialog's month of an area: which days have free slots (one request per month: GET
// reservation-areas/:id/month), Monday first; a day with free slots is picked with a click.
import { refusalMessage } from '@conjunto/core';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import type { MonthSummary } from '../schemas.ts';
import { dayName, monthName, shiftMonth, weekdayNames, weeksOf } from './calendar.ts';
import { AREAS, k, useShellCalls } from './shared.tsx';

type State = MonthSummary['days'][number]['state'];
const TONES: Record<State, { bg: string; color: string }> = {
  // The main shades: white text on the light ones is under 3:1.
  free: { bg: 'success.main', color: 'success.contrastText' },
  full: { bg: 'error.main', color: 'error.contrastText' },
  closed: { bg: 'action.disabledBackground', color: 'text.disabled' },
  unavailable: { bg: 'transparent', color: 'text.disabled' },
};

export function MonthDays({
  areaId,
  day,
  minMonth,
  onPick,
}: {
  areaId: string;
  day: string;
  /** The first month that may be shown ('YYYY-MM': today's). */
  minMonth: string;
  onPick(day: string): void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const api = useShellCalls();
  const [locale = 'es'] = useLocaleState();
  const [month, setMonth] = useState(day.slice(0, 7));
  const [summary, setSummary] = useState<MonthSummary>();
  // The date field moves the month too.
  useEffect(() => {
    if (/^\d{4}-\d{2}-\d{2}$/.test(day)) setMonth(day.slice(0, 7));
  }, [day]);
  useEffect(() => {
    if (!areaId) return;
    let live = true;
    api
      .send<MonthSummary>(AREAS, `${encodeURIComponent(areaId)}/month?month=${encodeURIComponent(month)}`)
      .then((answer) => live && setSummary(answer))
      .catch((error) => live && notify(refusalMessage(error) ?? k('errors.load'), { type: 'error' }));
    return () => {
      live = false;
    };
  }, [api, notify, areaId, month]);
  const weeks = useMemo(() => weeksOf(month), [month]);
  const states = useMemo(() => new Map((summary?.month === month ? summary.days : []).map((d) => [d.date, d])), [summary, month]);
  const names = weekdayNames(locale, 'short');
  return (
    <Box>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <IconButton
          size="small"
          aria-label={translate(k('calendar.previous'))}
          disabled={month <= minMonth}
          onClick={() => setMonth(shiftMonth(month, -1))}
        >
          <ChevronLeftIcon />
        </IconButton>
        <Typography variant="subtitle2" component="p" aria-live="polite">
          {monthName(month, locale)}
        </Typography>
        <IconButton size="small" aria-label={translate(k('calendar.next'))} onClick={() => setMonth(shiftMonth(month, 1))}>
          <ChevronRightIcon />
        </IconButton>
      </Stack>
      <Box
        role="grid"
        aria-label={monthName(month, locale)}
        sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, minmax(0, 1fr))', gap: 0.5 }}
      >
        {/* Rows take no box of their own (display: contents): the cells stay the CSS grid's items. */}
        <Box role="row" sx={{ display: 'contents' }}>
          {names.map((name) => (
            <Typography
              key={name}
              role="columnheader"
              variant="caption"
              sx={{ textAlign: 'center', textTransform: 'capitalize', color: 'text.secondary' }}
            >
              {name.replace('.', '')}
            </Typography>
          ))}
        </Box>
        {weeks.map((week) => (
          <Box key={week[0]} role="row" sx={{ display: 'contents' }}>
            {week.map((d) => {
              if (!d.startsWith(month)) return <Box key={d} role="gridcell" />;
              const info = states.get(d);
              const tone = info ? TONES[info.state] : TONES.unavailable;
              const label = `${dayName(d, locale)}: ${
                info
                  ? info.state === 'free'
                    ? translate(k('calendar.freeCount'), { smart_count: info.free })
                    : translate(k(`calendar.${info.state}`))
                  : '…'
              }`;
              return (
                <ButtonBase
                  key={d}
                  role="gridcell"
                  aria-label={label}
                  aria-selected={d === day}
                  title={label}
                  disabled={info?.state !== 'free'}
                  onClick={() => onPick(d)}
                  data-state={info?.state}
                  sx={{
                    height: 36,
                    borderRadius: 1,
                    typography: 'body2',
                    bgcolor: tone.bg,
                    color: tone.color,
                    fontWeight: d === day ? 700 : 400,
                    outline: d === day ? 2 : 0,
                    outlineColor: 'primary.main',
                    outlineOffset: 1,
                  }}
                >
                  {Number(d.slice(8))}
                </ButtonBase>
              );
            })}
          </Box>
        ))}
      </Box>
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap', mt: 1 }}>
        {(['free', 'full', 'closed'] as const).map((s) => (
          <Stack key={s} direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
            <Box sx={{ width: 12, height: 12, borderRadius: 0.5, bgcolor: TONES[s].bg }} />
            <Typography variant="caption">{translate(k(`calendar.${s}`))}</Typography>
          </Stack>
        ))}
      </Stack>
    </Box>
  );
}
