// What the guard console's screens share: message keys, the server's calls and refusals, dates, the phone layout.
import { formatDateTime, refusalMessage, shellCalls } from '@conjunto/core';
import { ExportButton } from '@conjunto/core/ui';
import Box from '@mui/material/Box';
import type { Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type ReactElement, useCallback, useEffect, useMemo, useState } from 'react';
import {
  CanAccess,
  CreateButton,
  FilterButton,
  List,
  type ListProps,
  Pagination,
  TopToolbar,
  useDataProvider,
  useNotify,
  useTranslate,
} from 'react-admin';
import { VISIT_TYPE_NAMES } from '../../gate.ts';

/** A key of the screens' own messages (messages/screens.es.ts). */
export const s = (key: string) => `gateScreens.${key}`;
/** A field label of a gate resource (messages/es.ts). */
export const field = (resource: string, key: string) => `resources.${resource}.fields.${key}`;

export const VISIT_TYPE_CHOICES = VISIT_TYPE_NAMES.map((name) => ({ id: name, name }));

/** Date and time as the office reads them (DD/MM/YYYY HH:mm), '—' when empty. */
export const when = (value: string | null | undefined) => (value ? formatDateTime(value) : '—');
/** A text cell: '—' when empty, so a blank cell does not read as not loaded. */
export const orDash = (value: string | null | undefined) => value?.trim() || '—';

export function useShellCalls() {
  const dataProvider = useDataProvider();
  return useMemo(() => shellCalls(dataProvider), [dataProvider]);
}

/** One answer of `GET <resource>/<path>` read when the screen opens; undefined until it comes (or if it fails). */
export function useShellAnswer<T>(resource: string, path: string): T | undefined {
  const api = useShellCalls();
  const [answer, setAnswer] = useState<T>();
  useEffect(() => {
    let live = true;
    api.send<T>(resource, path).then(
      (value) => live && setAnswer(value),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [api, resource, path]);
  return answer;
}

/** The server's reason (Spanish) in a snackbar, else the message `fallbackKey`. */
export function useNotifyError() {
  const notify = useNotify();
  return useCallback(
    (error: unknown, fallbackKey: string) => {
      const message = refusalMessage(error);
      notify(message ?? fallbackKey, { type: 'error', messageArgs: message ? { _: message } : undefined });
    },
    [notify],
  );
}

export const usePhone = () => useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));

/** A phone's one column: a title line over the details. */
export function PhoneRow({ title, details }: { title: string; details: (string | null | undefined)[] }) {
  return (
    <Box>
      <Typography variant="body2">{title}</Typography>
      <Typography variant="body2" color="text.secondary">
        {details.filter(Boolean).join(' · ')}
      </Typography>
    </Box>
  );
}

export function Empty({ text }: { text: string }) {
  const translate = useTranslate();
  return (
    <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
      {translate(text)}
    </Typography>
  );
}

/**
 * A list of the gate: 25 rows a page (10, 25 or 100), the filter button when some filter is not always shown, the
 * create button (`create`: true, or its label) to those who may create, the server's CSV and Excel exports of what it
 * shows, and the list's own empty row (`empty` of its DataTable) rather than react-admin's empty page.
 */
export function GateList({ create, ...props }: Omit<ListProps, 'actions' | 'exporter'> & { create?: true | string }) {
  const filters = Array.isArray(props.filters) ? (props.filters as ReactElement<{ alwaysOn?: boolean }>[]) : [];
  return (
    <List
      perPage={25}
      pagination={<Pagination rowsPerPageOptions={[10, 25, 100]} />}
      actions={
        <TopToolbar>
          {filters.some((f) => !f.props.alwaysOn) && <FilterButton />}
          {create && (
            <CanAccess action="create">
              <CreateButton label={create === true ? undefined : create} />
            </CanAccess>
          )}
          <ExportButton />
          <ExportButton format="xlsx" />
        </TopToolbar>
      }
      exporter={false}
      empty={false}
      {...props}
    />
  );
}
