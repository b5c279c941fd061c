// Pieces the office's and platform staff's screens share: the state chip, the choices, the list's frame.
import { formatDateTime } from '@conjunto/core';
import { ExportButton } from '@conjunto/core/ui';
import Chip from '@mui/material/Chip';
import type { ReactElement } from 'react';
import { CanAccess, CreateButton, FilterButton, List, type ListProps, Pagination, TopToolbar, useTranslate } from 'react-admin';
import { SUPPORT_CATEGORIES, SUPPORT_STATES } from '../manifest.ts';

const COLORS: Record<string, 'info' | 'warning' | 'success' | 'default'> = {
  Abierto: 'info',
  'En proceso': 'warning',
  Resuelto: 'success',
  Cerrado: 'default',
};

export function StateChip({ state }: { state: string }) {
  const translate = useTranslate();
  return <Chip size="small" color={COLORS[state] ?? 'default'} label={translate(`support.states.${state}`, { _: state })} />;
}

export function useChoices() {
  const translate = useTranslate();
  return {
    categories: SUPPORT_CATEGORIES.map((c) => ({ id: c, name: translate(`support.categories.${c}`) })),
    states: SUPPORT_STATES.map((s) => ({ id: s, name: translate(`support.states.${s}`) })),
  };
}

export const when = (iso: string | null | undefined) => (iso ? formatDateTime(iso) : '—');

/** A list with its exports (CSV, Excel) and, where the role may, the create button. */
export function SupportListFrame({ create, ...props }: Omit<ListProps, 'actions' | 'exporter'> & { create?: boolean }) {
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
              <CreateButton />
            </CanAccess>
          )}
          <ExportButton />
          <ExportButton format="xlsx" />
        </TopToolbar>
      }
      exporter={false}
      {...props}
    />
  );
}
