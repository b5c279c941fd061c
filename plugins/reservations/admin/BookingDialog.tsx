// 'Reservar' (a resident, for their unit) and 'Nueva reserva' (the office, for a unit it picks): the area, the day,
// the day's free slots as the server answers them (one block, or consecutive slots up to the area's maximum), guests
// and notes. A month of the area above the slots says which days have free ones (one request per month). The slot
// the database refuses (taken meanwhile) comes back as the server's message.
import { businessDay, formatMoney, refusalMessage, serverFieldErrors } from '@conjunto/core';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { useDataProvider, useGetList, useNotify, useTranslate } from 'react-admin';
import { RESERVATION_LIMITS } from '../reservations.ts';
import type { Area, Availability, Reservation } from '../schemas.ts';
import { MonthDays } from './MonthDays.tsx';
import { AREAS, k, RESERVATIONS, useShellCalls } from './shared.tsx';

const UNITS = 'unidadesHabitacionales';
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The office's unit picker (the units resource of its area). */
function UnitPicker({ value, onChange, error }: { value: string; onChange(id: string): void; error?: string }) {
  const translate = useTranslate();
  const { data = [] } = useGetList<{ id: string; number: string }>(UNITS, {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'number', order: 'ASC' },
  });
  return (
    <Autocomplete
      options={data}
      getOptionLabel={(u) => u.number}
      value={data.find((u) => u.id === value) ?? null}
      onChange={(_e, u) => onChange(u?.id ?? '')}
      renderInput={(params) => (
        <TextField {...params} required label={translate(k('book.unit'))} error={Boolean(error)} helperText={error} />
      )}
    />
  );
}

export function BookingDialog({
  open,
  office = false,
  onClose,
}: {
  open: boolean;
  office?: boolean;
  onClose(created?: Reservation): void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const api = useShellCalls();
  const dataProvider = useDataProvider();
  const { data: areas, isPending: areasPending } = useGetList<Area>(
    AREAS,
    { pagination: { page: 1, perPage: 100 }, sort: { field: 'name', order: 'ASC' }, filter: { enabled: true } },
    { enabled: open },
  );
  const [areaId, setAreaId] = useState('');
  const [day, setDay] = useState(() => addDays(businessDay(), 1));
  const [unitId, setUnitId] = useState('');
  const [availability, setAvailability] = useState<Availability>();
  const [picked, setPicked] = useState<number[]>([]);
  const [guests, setGuests] = useState('');
  const [notes, setNotes] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const area = areas?.find((a) => a.id === areaId);

  useEffect(() => {
    if (open && !areaId && areas?.length) setAreaId(areas[0].id);
  }, [open, areaId, areas]);
  useEffect(() => {
    setPicked([]);
    setAvailability(undefined);
    if (!open || !areaId || !day) return;
    let live = true;
    api
      .send<Availability>(AREAS, `${encodeURIComponent(areaId)}/availability?date=${encodeURIComponent(day)}`)
      .then((answer) => live && setAvailability(answer))
      .catch((error) => live && notify(refusalMessage(error) ?? k('errors.load'), { type: 'error' }));
    return () => {
      live = false;
    };
  }, [open, areaId, day, api, notify]);

  /** A click extends the pick to consecutive free slots (up to the maximum) or starts it over. */
  const pick = (index: number) => {
    const max = availability?.maxSlots ?? 1;
    setErrors({});
    if (!picked.length || max === 1) return setPicked([index]);
    const [first, last] = [picked[0], picked[picked.length - 1]];
    if (picked.includes(index)) return setPicked(index === first ? [] : picked.filter((i) => i < index));
    const from = Math.min(first, index);
    const to = Math.max(last, index);
    const range = Array.from({ length: to - from + 1 }, (_, i) => from + i);
    const slots = availability?.slots ?? [];
    if (range.length > max || range.some((i) => !slots[i]?.free || slots[i]?.tooSoon)) return setPicked([index]);
    setPicked(range);
  };

  const close = (created?: Reservation) => {
    setPicked([]);
    setGuests('');
    setNotes('');
    setErrors({});
    onClose(created);
  };

  const submit = async () => {
    const slots = availability?.slots ?? [];
    if (!picked.length) return setErrors({ startsAt: translate(k('book.pickSlot')) });
    if (office && !unitId) return setErrors({ unitId: translate(k('validation.required')) });
    setBusy(true);
    try {
      const { data: created } = await dataProvider.create<Reservation>(RESERVATIONS, {
        data: {
          areaId,
          startsAt: slots[picked[0]].startsAt,
          endsAt: slots[picked[picked.length - 1]].endsAt,
          guests: guests ? Number(guests) : null,
          notes: notes.trim() || null,
          ...(office ? { unitId } : {}),
        },
      });
      notify(created.status === 'pendiente' ? k('book.requested') : k('book.booked'), { type: 'success' });
      close(created);
    } catch (error) {
      setErrors(serverFieldErrors(error) ?? {});
      notify(refusalMessage(error) ?? k('errors.save'), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const slotHelp = useMemo(
    () =>
      availability && availability.maxSlots > 1
        ? translate(k('book.slotsHelp'), { max: availability.maxSlots })
        : translate(k('book.blocksHelp')),
    [availability, translate],
  );
  const usable = availability?.slots.filter((s) => s.free && !s.tooSoon) ?? [];

  return (
    <Dialog open={open} onClose={() => !busy && close()} maxWidth="sm" fullWidth aria-labelledby="booking-title">
      <DialogTitle id="booking-title">{translate(k('book.title'))}</DialogTitle>
      <DialogContent>
        {areasPending ? (
          <Skeleton variant="rectangular" height={200} />
        ) : !areas?.length ? (
          <Alert severity="info">{translate(k('book.noAreas'))}</Alert>
        ) : (
          <Stack spacing={2} sx={{ pt: 1 }}>
            {office && <UnitPicker value={unitId} onChange={setUnitId} error={errors.unitId} />}
            <TextField
              select
              required
              label={translate(k('book.area'))}
              value={areaId}
              onChange={(e) => setAreaId(e.target.value)}
              error={Boolean(errors.areaId)}
              helperText={errors.areaId}
            >
              {areas.map((a) => (
                <MenuItem key={a.id} value={a.id}>
                  {a.name}
                </MenuItem>
              ))}
            </TextField>
            {area?.photos[0] && (
              <img
                src={area.photos[0].url}
                alt={area.name}
                style={{ width: '100%', maxHeight: 180, objectFit: 'cover', borderRadius: 4 }}
              />
            )}
            {area && (
              <Typography variant="body2" color="text.secondary">
                {translate(k('book.cost'), {
                  price: area.price > 0 ? formatMoney(area.price) : translate(k('free')),
                  deposit: area.deposit > 0 ? formatMoney(area.deposit) : '—',
                })}
                {area.description ? ` · ${area.description}` : ''}
              </Typography>
            )}
            <TextField
              type="date"
              required
              label={translate(k('book.date'))}
              value={day}
              onChange={(e) => setDay(e.target.value)}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: businessDay() } }}
            />
            {areaId && <MonthDays areaId={areaId} day={day} minMonth={businessDay().slice(0, 7)} onPick={setDay} />}
            <div>
              <Typography variant="subtitle2" component="p">
                {translate(k('book.slots'))} *
              </Typography>
              <Typography variant="caption" color={errors.startsAt ? 'error' : 'text.secondary'} component="p" sx={{ mb: 1 }}>
                {errors.startsAt ?? slotHelp}
              </Typography>
              {!availability ? (
                <Skeleton variant="rectangular" height={64} />
              ) : !availability.open ? (
                <Alert severity="info">{translate(k('book.closed'))}</Alert>
              ) : !usable.length ? (
                <Alert severity="info">{translate(k('book.noneFree'))}</Alert>
              ) : (
                <Stack
                  direction="row"
                  useFlexGap
                  spacing={1}
                  sx={{ flexWrap: 'wrap' }}
                  role="group"
                  aria-label={translate(k('book.slots'))}
                >
                  {availability.slots.map((slot, index) => (
                    <Chip
                      key={slot.startsAt}
                      label={slot.label}
                      color={picked.includes(index) ? 'primary' : 'default'}
                      variant={picked.includes(index) ? 'filled' : 'outlined'}
                      disabled={!slot.free || slot.tooSoon}
                      onClick={() => pick(index)}
                      aria-pressed={picked.includes(index)}
                    />
                  ))}
                </Stack>
              )}
            </div>
            <TextField
              type="number"
              label={translate(k('book.guests'))}
              value={guests}
              onChange={(e) => setGuests(e.target.value.replace(/\D/g, ''))}
              error={Boolean(errors.guests)}
              helperText={errors.guests}
              slotProps={{ htmlInput: { min: 1, max: area?.capacity ?? undefined } }}
            />
            <TextField
              label={translate(k('book.notes'))}
              value={notes}
              onChange={(e) => setNotes(e.target.value)}
              multiline
              slotProps={{ htmlInput: { maxLength: RESERVATION_LIMITS.notes } }}
            />
            {area?.rules && (
              <Alert severity="info">
                <strong>{translate(k('book.rules'))}:</strong> {area.rules}
              </Alert>
            )}
            {!office && <Typography variant="caption">{translate(k('book.pendingNote'))}</Typography>}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => close()} disabled={busy}>
          {translate(k('action.cancel'))}
        </Button>
        <Button variant="contained" onClick={submit} disabled={busy || !areas?.length}>
          {translate(k('book.submit'))}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
