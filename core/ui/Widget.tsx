// The pieces every dashboard widget (AdminWidget) shares: its GET, its skeleton while that loads, its empty state
// and its big figures, so that the cards of all plugins look and behave alike. The shell draws the card and title.
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import { serverMessage, shellCalls } from '../admin.ts';
import type { BellAnswer } from '../plugin.ts';

export interface WidgetData<T> {
  data?: T;
  /** The server's reason, or undefined for a network failure (the widget then says its own). */
  error?: string | true;
  loading: boolean;
}

/** GET `<resource>/<path>` of the current complex (the shell's `send`), again when `path` changes; none while undefined. */
export function useWidgetGet<T>(resource: string, path: string | undefined): WidgetData<T> {
  const dataProvider = useDataProvider();
  const calls = useMemo(() => shellCalls(dataProvider), [dataProvider]);
  const [state, setState] = useState<{ key: string; data?: T; error?: string | true }>();
  const key = `${resource}/${path}`;
  useEffect(() => {
    if (path === undefined) return;
    let live = true;
    calls.send<T>(resource, path).then(
      (data) => live && setState({ key, data }),
      (error: unknown) => live && setState({ key, error: serverMessage(error) ?? true }),
    );
    return () => {
      live = false;
    };
  }, [calls, resource, path, key]);
  const current = state?.key === key ? state : undefined;
  return { data: current?.data, error: current?.error, loading: path !== undefined && !current };
}

/** Grey bars where the figures will be. */
export function WidgetSkeleton({ height = 160 }: { height?: number }) {
  return (
    // A status region may carry a name (axe: aria-label on a plain <div> is not allowed).
    <Stack spacing={1} role="status" aria-busy="true" aria-label="Cargando">
      <Skeleton variant="text" width="40%" sx={{ fontSize: '2rem' }} />
      <Skeleton variant="rounded" height={height - 48} />
    </Stack>
  );
}

/** What a widget shows when there is nothing to count (a sentence, never a blank card). */
export function WidgetEmpty({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ py: 3, px: 1, textAlign: 'center' }}>
      <Typography variant="body2" color="text.secondary">
        {children}
      </Typography>
    </Box>
  );
}

/** The widget's loading, failure and empty states; `children` renders the figures once there are some. */
export function WidgetBody<T>({
  state,
  isEmpty,
  emptyText,
  height,
  children,
}: {
  state: WidgetData<T>;
  isEmpty?: (data: T) => boolean;
  emptyText: string;
  height?: number;
  children: (data: T) => ReactNode;
}) {
  const translate = useTranslate();
  if (state.loading) return <WidgetSkeleton height={height} />;
  if (state.error || state.data === undefined)
    return (
      <WidgetEmpty>
        {typeof state.error === 'string'
          ? state.error
          : translate('shell.dashboard.widgetError', { _: 'No se pudo mostrar este indicador.' })}
      </WidgetEmpty>
    );
  if (isEmpty?.(state.data)) return <WidgetEmpty>{emptyText}</WidgetEmpty>;
  return <>{children(state.data)}</>;
}

/** A big figure with its label (e.g. '$1,234.56' over 'Cobrado'). */
export function Figure({ label, value, color, testId }: { label: string; value: ReactNode; color?: string; testId?: string }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="h5" component="p" sx={{ fontWeight: 600, color, lineHeight: 1.2 }} data-testid={testId}>
        {value}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
    </Box>
  );
}

/**
 * What waits for the office, on the dashboard (spec 000 §2.9's alerts: pending maintenance, pending damage reports):
 * how many and the newest three, as the plugin's bell group answers them (GET `<resource>/<path>`, BellAnswer).
 */
export function PendingWidget({
  resource,
  path,
  countKey,
  emptyKey,
}: {
  resource: string;
  path: string;
  countKey: string;
  emptyKey: string;
}) {
  const translate = useTranslate();
  const state = useWidgetGet<BellAnswer>(resource, path);
  return (
    <WidgetBody state={state} isEmpty={(a) => a.count === 0} emptyText={translate(emptyKey)} height={100}>
      {(a) => (
        <Stack spacing={1}>
          <Figure label={translate(countKey, { smart_count: a.count })} value={a.count} color="warning.main" />
          {a.latest.slice(0, 3).map((item) => (
            <Typography key={item.id} variant="body2" noWrap title={item.title}>
              {item.title}
            </Typography>
          ))}
        </Stack>
      )}
    </WidgetBody>
  );
}
