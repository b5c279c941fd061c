// Calendario (areascomunales/calendario): the office's month of reservations, one area or all, Monday first in
// Guayaquil days; each reservation a chip coloured by its state; a click opens it (approve or reject a pending one).
// Guards read the approved ones. On a phone the month becomes a list of the days that have reservations.
import { businessDay, formatTime, refusalMessage } from '@conjunto/core';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Title, useCanAccess, useDataProvider, useGetList, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { RESERVATION_STATUSES, RESERVATION_TOPICS } from '../reservations.ts';
import type { Area, Calendar, CalendarItem, Reservation } from '../schemas.ts';
import { dayName, dayOfInstant, monthName, shiftMonth, weekdayNames, weeksOf } from './calendar.ts';
import { ReasonButton } from './ReasonDialog.tsx';
import { AREAS, k, moneyOr, RESERVATIONS, rangeOf, StatusChip, useShellCalls } from './shared.tsx';

const COLORS = { pendiente: 'warning', aprobada: 'success', rechazada: 'error', cancelada: 'default' } as const;
/** The filled orange's white text is 3:1: dark text on the light orange reads (AA). */
const PENDING_TONE = (status: string) =>
  status === 'pendiente' ? { bgcolor: 'warning.light', color: 'rgba(0, 0, 0, 0.87)' } : {};
/** Filled for the live states, outlined for the ended ones (as the calendar's chips). */
const variantOf = (status: string) => (status === 'pendiente' || status === 'aprobada' ? 'filled' : 'outlined');
/** The select's 'Todas las áreas' (a value, so that the field shows it). */
const ALL = 'all';

/** One reservation of a day: its start, and the area (all areas) and unit. */
function ReservationChip({ item, showArea, onOpen }: { item: CalendarItem; showArea: boolean; onOpen(id: string): void }) {
  const translate = useTranslate();
  const label = [formatTime(item.startsAt), showArea ? item.areaName : null, item.unitNumber].filter(Boolean).join(' · ');
  return (
    <Chip
      size="small"
      color={COLORS[item.status]}
      variant={variantOf(item.status)}
      label={label}
      title={`${label} (${translate(k(`status.${item.status}`))})`}
      aria-label={`${label}, ${translate(k(`status.${item.status}`))}`}
      onClick={() => onOpen(item.id)}
      sx={{
        ...PENDING_TONE(item.status),
        maxWidth: '100%',
        height: 'auto',
        justifyContent: 'flex-start',
        // The whole label on up to two lines: the hour, the area and the unit all matter.
        '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25, lineHeight: 1.3 },
        textDecoration: item.status === 'cancelada' || item.status === 'rechazada' ? 'line-through' : 'none',
      }}
    />
  );
}

/** A reservation opened from the calendar: what it is, and the office's decision on a pending one. */
function ReservationDialog({ id, onClose }: { id: string | null; onClose(): void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const api = useShellCalls();
  const dataProvider = useDataProvider();
  const [record, setRecord] = useState<Reservation>();
  const [busy, setBusy] = useState(false);
  const { canAccess: canDecide } = useCanAccess({ resource: RESERVATIONS, action: 'approve' });
  useEffect(() => {
    setRecord(undefined);
    if (!id) return;
    let live = true;
    dataProvider
      .getOne<Reservation>(RESERVATIONS, { id })
      .then(({ data }) => live && setRecord(data))
      .catch((error) => live && notify(refusalMessage(error) ?? k('errors.load'), { type: 'error' }));
    return () => {
      live = false;
    };
  }, [id, dataProvider, notify]);
  const approve = async () => {
    if (!record) return;
    setBusy(true);
    try {
      await api.send(RESERVATIONS, `${encodeURIComponent(record.id)}/approve`, { method: 'POST' });
      notify(k('pending.approved'), { type: 'success', messageArgs: { smart_count: 1 } });
      onClose();
    } catch (error) {
      notify(refusalMessage(error) ?? k('errors.approve'), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const live = record && (record.status === 'pendiente' || record.status === 'aprobada');
  const ended = record ? Date.parse(record.endsAt) <= Date.now() : false;
  return (
    <Dialog open={Boolean(id)} onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="calendar-reservation">
      <DialogTitle id="calendar-reservation">{record?.areaName ?? translate(k('calendar.reservation'))}</DialogTitle>
      <DialogContent>
        {!record ? (
          <LinearProgress />
        ) : (
          <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
            <StatusChip status={record.status} />
            <Typography>{rangeOf(record)}</Typography>
            <Typography variant="body2">
              {translate('resources.reservas.fields.unitNumber')}: {record.unitNumber ?? '—'}
              {record.userName ? ` · ${record.userName}` : ''}
            </Typography>
            {record.guests != null && (
              <Typography variant="body2">
                {translate(k('book.guests'))}: {record.guests}
              </Typography>
            )}
            <Typography variant="body2">
              {translate(k('columns.cost'))}: {moneyOr(record.price, translate(k('free')))} / {moneyOr(record.deposit, '—')}
            </Typography>
            {record.notes && (
              <Typography variant="body2" color="text.secondary">
                {record.notes}
              </Typography>
            )}
            {record.status === 'pendiente' && ended && <Alert severity="warning">{translate(k('pending.banner'))}</Alert>}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        {record && canDecide && live && <ReasonButton reservation={record} action="reject" resource={RESERVATIONS} />}
        {record && canDecide && record.status === 'pendiente' && !ended && (
          <Button variant="contained" color="success" onClick={approve} disabled={busy}>
            {translate(k('pending.approve'))}
          </Button>
        )}
        <Button onClick={onClose}>{translate(k('action.close'))}</Button>
      </DialogActions>
    </Dialog>
  );
}

export default function CalendarPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const api = useShellCalls();
  const [locale = 'es'] = useLocaleState();
  const phone = useMediaQuery((theme: { breakpoints: { down(key: string): string } }) => theme.breakpoints.down('sm'));
  const today = businessDay();
  const [month, setMonth] = useState(today.slice(0, 7));
  const [areaId, setAreaId] = useState(ALL);
  const [calendar, setCalendar] = useState<Calendar>();
  const [opened, setOpened] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  // Guards read the approved ones only: the legend says no more.
  const { canAccess: office } = useCanAccess({ resource: RESERVATIONS, action: 'approve' });
  const { data: areas = [] } = useGetList<Area>(AREAS, {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'name', order: 'ASC' },
  });
  const weeks = useMemo(() => weeksOf(month), [month]);
  const from = weeks[0][0];
  const to = weeks[weeks.length - 1][6];
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  useEffect(() => api.subscribe(RESERVATION_TOPICS.changed, reload), [api, reload]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: version reloads the same range (a decision, live events)
  useEffect(() => {
    let live = true;
    const query = new URLSearchParams({ from, to, ...(areaId !== ALL ? { areaId } : {}) });
    api
      .send<Calendar>(RESERVATIONS, `calendar?${query}`)
      .then((answer) => live && setCalendar(answer))
      .catch((error) => live && notify(refusalMessage(error) ?? k('errors.load'), { type: 'error' }));
    return () => {
      live = false;
    };
  }, [api, notify, from, to, areaId, version]);
  const byDay = useMemo(() => {
    const days = new Map<string, CalendarItem[]>();
    if (calendar?.from !== from || calendar.to !== to) return days;
    for (const item of calendar.items) {
      const day = dayOfInstant(item.startsAt);
      days.set(day, [...(days.get(day) ?? []), item]);
    }
    return days;
  }, [calendar, from, to]);
  const loading = calendar?.from !== from || calendar?.to !== to;
  const showArea = areaId === ALL;
  const names = weekdayNames(locale, phone ? 'short' : 'long');
  const close = () => {
    setOpened(null);
    reload();
  };

  const header = (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      useFlexGap
      sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between', mb: 1, flexWrap: 'wrap' }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <IconButton aria-label={translate(k('calendar.previous'))} onClick={() => setMonth(shiftMonth(month, -1))}>
          <ChevronLeftIcon />
        </IconButton>
        <Typography variant="h6" component="h2" sx={{ minWidth: 180, textAlign: 'center' }} aria-live="polite">
          {monthName(month, locale)}
        </Typography>
        <IconButton aria-label={translate(k('calendar.next'))} onClick={() => setMonth(shiftMonth(month, 1))}>
          <ChevronRightIcon />
        </IconButton>
        <Button size="small" onClick={() => setMonth(today.slice(0, 7))}>
          {translate(k('list.today'))}
        </Button>
      </Stack>
      <TextField
        select
        size="small"
        label={translate(k('book.area'))}
        value={areaId}
        onChange={(e) => setAreaId(e.target.value)}
        fullWidth={false}
        sx={{ width: { xs: '100%', sm: 280 } }}
      >
        <MenuItem value={ALL}>{translate(k('calendar.allAreas'))}</MenuItem>
        {areas.map((a) => (
          <MenuItem key={a.id} value={a.id}>
            {a.name}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );

  const legend = (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 1 }} aria-label={translate(k('calendar.legend'))}>
      {(office ? RESERVATION_STATUSES : (['aprobada'] as const)).map((s) => (
        <Chip
          key={s}
          size="small"
          color={COLORS[s]}
          variant={variantOf(s)}
          label={translate(k(`status.${s}`))}
          sx={PENDING_TONE(s)}
        />
      ))}
    </Stack>
  );

  const monthDays = weeks.flat().filter((d) => d.startsWith(month) && byDay.has(d));
  return (
    <Box sx={{ mt: 2 }}>
      <Title title={translate(k('calendar.title'))} />
      <Card sx={{ p: { xs: 1, sm: 2 } }}>
        {header}
        {legend}
        {calendar?.truncated && <Alert severity="warning">{translate(k('calendar.truncated'))}</Alert>}
        <Box sx={{ height: 4 }}>{loading && <LinearProgress />}</Box>
        {phone ? (
          // A phone reads the month as a list of days with reservations: no horizontal scroll.
          <Stack spacing={1.5} component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={monthName(month, locale)}>
            {!loading && !monthDays.length && (
              <Typography color="text.secondary" sx={{ p: 2, textAlign: 'center' }}>
                {translate(k('calendar.none'))}
              </Typography>
            )}
            {monthDays.map((day) => (
              <Box component="li" key={day} sx={{ borderTop: 1, borderColor: 'divider', pt: 1 }}>
                <Typography variant="subtitle2" color={day === today ? 'primary' : 'text.primary'} sx={{ mb: 0.5 }}>
                  {dayName(day, locale)}
                </Typography>
                <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
                  {(byDay.get(day) ?? []).map((item) => (
                    <ReservationChip key={item.id} item={item} showArea={showArea} onOpen={setOpened} />
                  ))}
                </Stack>
              </Box>
            ))}
          </Stack>
        ) : (
          <Box
            role="grid"
            aria-label={monthName(month, locale)}
            sx={{
              display: 'grid',
              gridTemplateColumns: 'repeat(7, minmax(0, 1fr))',
              borderTop: 1,
              borderLeft: 1,
              borderColor: 'divider',
            }}
          >
            {/* Rows take no box of their own (display: contents): the cells stay the CSS grid's items. */}
            <Box role="row" sx={{ display: 'contents' }}>
              {names.map((name) => (
                <Box
                  key={name}
                  role="columnheader"
                  sx={{
                    p: 0.5,
                    borderRight: 1,
                    borderBottom: 1,
                    borderColor: 'divider',
                    bgcolor: 'action.hover',
                    textAlign: 'center',
                    textTransform: 'capitalize',
                    typography: 'caption',
                    fontWeight: 600,
                  }}
                >
                  {name}
                </Box>
              ))}
            </Box>
            {weeks.map((week) => (
              <Box key={week[0]} role="row" sx={{ display: 'contents' }}>
                {week.map((day) => {
                  const inMonth = day.startsWith(month);
                  return (
                    <Box
                      key={day}
                      role="gridcell"
                      data-day={day}
                      sx={{
                        minHeight: 96,
                        p: 0.5,
                        borderRight: 1,
                        borderBottom: 1,
                        borderColor: 'divider',
                        bgcolor: inMonth ? 'background.paper' : 'action.hover',
                        minWidth: 0,
                      }}
                    >
                      <Typography
                        variant="caption"
                        component="div"
                        sx={{
                          fontWeight: day === today ? 700 : 400,
                          color: day === today ? 'primary.main' : inMonth ? 'text.primary' : 'text.secondary',
                          mb: 0.5,
                        }}
                      >
                        {Number(day.slice(8))}
                      </Typography>
                      <Stack spacing={0.5} sx={{ alignItems: 'stretch' }}>
                        {(byDay.get(day) ?? []).map((item) => (
                          <ReservationChip key={item.id} item={item} showArea={showArea} onOpen={setOpened} />
                        ))}
                      </Stack>
                    </Box>
                  );
                })}
              </Box>
            ))}
          </Box>
        )}
      </Card>
      <ReservationDialog id={opened} onClose={close} />
    </Box>
  );
}
