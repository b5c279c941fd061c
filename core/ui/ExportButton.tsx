// The list's export (CSV or Excel) from the server: the same filters and order as the screen, every matching
// row (up to the server's cap), text cells that never become formulas. Put it in a list's actions.
import DownloadIcon from '@mui/icons-material/GetApp';
import { useState } from 'react';
import { Button, useDataProvider, useListContext, useNotify } from 'react-admin';
import { saveBlob, serverMessage, shellCalls } from '../admin.ts';

export function ExportButton({ format = 'csv' }: { format?: 'csv' | 'xlsx' }) {
  const { resource, filterValues, filter, sort, total } = useListContext();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const query = new URLSearchParams({ format, filter: JSON.stringify({ ...filterValues, ...filter }) });
      if (sort?.field) query.set('sort', JSON.stringify([sort.field, sort.order]));
      const { blob, filename } = await shellCalls(dataProvider).sendFile(resource, `export?${query}`);
      saveBlob(blob, filename ?? `${resource}.${format}`);
    } catch (error) {
      notify(serverMessage(error) ?? 'No se pudo exportar la lista.', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button label={format === 'xlsx' ? 'Excel' : 'CSV'} onClick={download} disabled={busy || total === 0}>
      <DownloadIcon />
    </Button>
  );
}
