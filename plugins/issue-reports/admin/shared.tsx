// What the issue report screens share: the resource, the record, chips, the rating and the calls beyond CRUD.
import { serverMessage, shellCalls } from '@conjunto/core';
import Chip from '@mui/material/Chip';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useMemo } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { IssueReport } from '../schemas.ts';

export type { IssueReport };
export const ISSUES = 'informeProblemas';
export const NONE = '—';

const TONES = {
  warning: { bgcolor: '#fff3e0', color: '#7a3d00' },
  success: { bgcolor: '#e8f5e9', color: '#1b5e20' },
  info: { bgcolor: '#e3f2fd', color: '#0d47a1' },
  purple: { bgcolor: '#f3e5f5', color: '#4a148c' },
} as const;
const STATUS_TONE = ['warning', 'info', 'success', 'purple'] as const;

export function StatusChip({ status }: { status: number | undefined }) {
  const translate = useTranslate();
  if (status === undefined) return null;
  return (
    <Chip
      size="small"
      data-testid="issue-status"
      label={translate(`issueReports.status.${status}`)}
      sx={{ ...TONES[STATUS_TONE[status] ?? 'warning'], fontWeight: 500 }}
    />
  );
}

/** The stars and their word ('Bueno'), or '—' while not rated. */
export function RatingView({ rating }: { rating: number }) {
  const translate = useTranslate();
  if (!rating) return <>{NONE}</>;
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }} data-testid="issue-rating">
      <Rating value={rating} readOnly size="small" />
      <Typography variant="body2">{translate(`issueReports.rating.${rating}`)}</Typography>
    </Stack>
  );
}

export const STATUS_CHOICES = [0, 1, 2, 3].map((id) => ({ id, name: `issueReports.status.${id}` }));
export const CATEGORY_CHOICES = [1, 2, 3, 4, 5, 6].map((id) => ({ id, name: `issueReports.category.${id}` }));

export function useIssueApi() {
  const dataProvider = useDataProvider();
  return useMemo(() => {
    const calls = shellCalls(dataProvider);
    const path = (id: string, verb: string) => `${encodeURIComponent(id)}/${verb}`;
    return {
      status: (id: string, status: number, observations?: string | null) =>
        calls.send<IssueReport>(ISSUES, path(id, 'status'), { method: 'POST', body: { status, observations } }),
      observations: (id: string, observations: string | null) =>
        calls.send<IssueReport>(ISSUES, encodeURIComponent(id), { method: 'PUT', body: { observations } }),
      rate: (id: string, rating: number) =>
        calls.send<IssueReport>(ISSUES, path(id, 'rating'), { method: 'POST', body: { rating } }),
      create: (category: number, detail: string, unitId?: string) =>
        calls.send<IssueReport>(ISSUES, '', { method: 'POST', body: { category, detail, ...(unitId && { unitId }) } }),
      photo: (id: string, file: File) => {
        const form = new FormData();
        form.append('photo', file);
        return calls.send<IssueReport>(ISSUES, path(id, 'photo'), { method: 'PUT', body: form });
      },
    };
  }, [dataProvider]);
}

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

export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
