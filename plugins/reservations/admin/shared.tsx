// What the reservations screens share: resource names, keys, the shell's calls, and how a reservation reads.
import { formatDateTime, formatMoney, formatTime, shellCalls } from '@conjunto/core';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useCreatePath, useDataProvider, useRecordContext, useTranslate } from 'react-admin';
import { Link } from 'react-router';
import type { Reservation } from '../schemas.ts';

/** Admin resources (the spec's paths): the areas, the office's and guard's reservations, the pending ones. */
export const AREAS = 'areascomunales';
export const RESERVATIONS = 'reservas';
export const PENDING = 'reservasxaprobar';
/** The office's month calendar, beside the areas. */
export const CALENDAR = `${AREAS}/calendario`;

export const k = (key: string) => `reservations.${key}`;

export function useShellCalls() {
  const dataProvider = useDataProvider();
  return useMemo(() => shellCalls(dataProvider), [dataProvider]);
}

/** 'Sáb 05/12/2026 18:00 - 22:00': a reservation's day and hours (Guayaquil). */
export const rangeOf = (r: Pick<Reservation, 'startsAt' | 'endsAt'>) => `${formatDateTime(r.startsAt)} - ${formatTime(r.endsAt)}`;

/** '$50.00' or the translated 'Gratis'. */
export const moneyOr = (value: number, free: string) => (value > 0 ? formatMoney(value) : free);

const COLORS = { pendiente: 'warning', aprobada: 'success', rechazada: 'error', cancelada: 'default' } as const;

export function StatusChip({ status }: { status?: Reservation['status'] }) {
  const translate = useTranslate();
  const record = useRecordContext<Reservation>();
  const value = status ?? record?.status;
  if (!value) return null;
  return <Chip size="small" color={COLORS[value]} label={translate(k(`status.${value}`))} />;
}

export function WhenField() {
  const record = useRecordContext<Reservation>();
  return record ? <span>{rangeOf(record)}</span> : null;
}

/** A list's 'No hay información' when nothing matches. */
export function EmptyRows() {
  const translate = useTranslate();
  return (
    <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
      {translate(k('empty'))}
    </Typography>
  );
}

/** 'Calendario': the month view, under the areas (the office) or the reservations (guards). */
export function CalendarButton({ resource }: { resource: typeof AREAS | typeof RESERVATIONS }) {
  const translate = useTranslate();
  const to = `${useCreatePath()({ resource, type: 'list' })}/calendario`;
  return (
    <Button component={Link} to={to} size="small" startIcon={<CalendarMonthIcon />}>
      {translate(k('calendar.open'))}
    </Button>
  );
}
