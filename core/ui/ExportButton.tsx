// The list's export (CSV or Excel) from the server: the same filters and order as the screen, every matching
// row (up to the server's cap), text cells that never become formulas. Put it in a list's actions; a screen that
// reads its list itself (a card grid over useGetList) names the list's resource, filter, sort and total instead;
// a report of its own (a plugin's sheet route) names its path under the resource and its query.
import DownloadIcon from '@mui/icons-material/GetApp';
import GridOnIcon from '@mui/icons-material/GridOn';
import { useContext, useState } from 'react';
import { Button, ListContext, type SortPayload, useDataProvider, useNotify } from 'react-admin';
import { saveBlob, serverMessage, shellCalls } from '../admin.ts';

export interface ExportedList {
  resource: string;
  filter?: Record<string, unknown>;
  sort?: SortPayload;
  total?: number;
  /** Under the resource (default 'export'), e.g. '<id>/movements/export'. */
  path?: string;
  /** The query of a report's own route, instead of a list's filter. */
  params?: Record<string, string>;
}

export function ExportButton({ format = 'csv', list }: { format?: 'csv' | 'xlsx'; list?: ExportedList }) {
  const context = useContext(ListContext);
  const {
    resource,
    filter,
    sort,
    total,
    path = 'export',
    params,
  } = list ?? {
    resource: context?.resource ?? '',
    filter: { ...context?.filterValues, ...context?.filter },
    sort: context?.sort,
    total: context?.total,
  };
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const query = new URLSearchParams(params ?? { filter: JSON.stringify(filter ?? {}) });
      query.set('format', format);
      if (sort?.field) query.set('sort', JSON.stringify([sort.field, sort.order]));
      const { blob, filename } = await shellCalls(dataProvider).sendFile(resource, `${path}?${query}`);
      saveBlob(blob, filename ?? `${resource}.${format}`);
    } catch (error) {
      notify(serverMessage(error) ?? 'No se pudo exportar la lista.', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button label={format === 'xlsx' ? 'Excel' : 'CSV'} onClick={download} disabled={busy || total === 0}>
      {/* On a phone react-admin shows the icon alone (the label becomes its tooltip): two different icons. */}
      {format === 'xlsx' ? <GridOnIcon /> : <DownloadIcon />}
    </Button>
  );
}
