// What the maintenance screens share: the resource, the record type, chips and formats.
import { formatMoney, serverMessage, shellCalls } from '@conjunto/core';
import Chip from '@mui/material/Chip';
import { useCallback, useMemo } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { Occurrences, Plan } from '../schemas.ts';

export type { Plan };
export const MAINTENANCE = 'mantenimiento';
export const NONE = '—';

export const TONES = {
  warning: { bgcolor: '#fff3e0', color: '#7a3d00' },
  success: { bgcolor: '#e8f5e9', color: '#1b5e20' },
  error: { bgcolor: '#ffebee', color: '#b71c1c' },
  info: { bgcolor: '#e3f2fd', color: '#0d47a1' },
  neutral: { bgcolor: '#eeeeee', color: '#424242' },
} as const;
type Tone = keyof typeof TONES;
export const ToneChip = ({ tone, label }: { tone: Tone; label: string }) => (
  <Chip size="small" label={label} sx={{ ...TONES[tone], fontWeight: 500 }} />
);

const STATUS_TONE: Record<Plan['status'], Tone> = { scheduled: 'info', pending: 'error', upToDate: 'success', ended: 'neutral' };
export function PlanStatusChip({ status }: { status: Plan['status'] | undefined }) {
  const translate = useTranslate();
  if (!status) return null;
  return <ToneChip tone={STATUS_TONE[status]} label={translate(`maintenance.status.${status}`)} />;
}

/** 'YYYY-MM-DD' as 'DD/MM/YYYY' (no time zone shifts a day), '—' when empty. */
export const dayLabel = (day: string | null | undefined) => (day ? day.split('-').reverse().join('/') : NONE);
export const money = (value: number | null | undefined) => (value == null ? NONE : formatMoney(value));

export const RECURRENCE_CHOICES = (['weekly', 'monthly', 'annual', 'rrule'] as const).map((id) => ({
  id,
  name: `maintenance.recurrence.${id}`,
}));

/** 'Semanal', 'Mensual', 'Anual' or 'Personalizada' (a custom rule's text goes in a tooltip or the detail). */
export function useRecurrenceLabel() {
  const translate = useTranslate();
  return (p: Pick<Plan, 'recurrence'>) => translate(`maintenance.recurrence.${p.recurrence}`);
}

/** The plan routes beyond CRUD (dates, done), with the server's message on failure. */
export function usePlanApi() {
  const dataProvider = useDataProvider();
  return useMemo(() => {
    const calls = shellCalls(dataProvider);
    return {
      occurrences: (id: string) => calls.send<Occurrences>(MAINTENANCE, `${encodeURIComponent(id)}/occurrences`),
      done: (id: string, date: string, notes: string | null) =>
        calls.send<Plan>(MAINTENANCE, `${encodeURIComponent(id)}/done`, { method: 'POST', body: { date, notes } }),
      undo: (id: string, date: string) =>
        calls.send<Plan>(MAINTENANCE, `${encodeURIComponent(id)}/done/${encodeURIComponent(date)}`, { method: 'DELETE' }),
      subscribe: calls.subscribe,
    };
  }, [dataProvider]);
}

/** Shows the server's message in a snackbar, or the given translation key when there is none. */
export function useNotifyError() {
  const notify = useNotify();
  return useCallback(
    (error: unknown, fallbackKey: string) => {
      const message = serverMessage(error);
      notify(message ?? fallbackKey, { type: 'error', messageArgs: message ? { _: message } : undefined });
    },
    [notify],
  );
}
