// The card grid of people (spec 001 §2): one page of GET faces with the search (q) and the device filter, a
// progress bar while it loads, the empty states, the pagination (6/12/24/48, default 12) and the export of the same
// list (CSV, Excel) by the server.
import { isNoComplex } from '@conjunto/core';
import { ExportButton } from '@conjunto/core/ui';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { type SortPayload, useGetList, useNotify, useTranslate } from 'react-admin';
import { type Device, FACES, type Face } from '../shared/api.ts';
import FaceCard from './FaceCard.tsx';

const PAGE_SIZES = [6, 12, 24, 48];
const DEFAULT_PAGE_SIZE = 12;
const SORT: SortPayload = { field: 'nombre', order: 'ASC' };

interface Props {
  q: string;
  deviceId: string;
  devicesById: ReadonlyMap<string, Device>;
  onClearSearch(): void;
  onView(face: Face): void;
  onEdit(face: Face): void;
  onDelete(face: Face): void;
}

export default function FacesGrid({ q, deviceId, devicesById, onClearSearch, onView, onEdit, onDelete }: Props) {
  const translate = useTranslate();
  const notify = useNotify();
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(DEFAULT_PAGE_SIZE);
  const filtered = q !== '' || deviceId !== '';

  // A new search starts on the first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the filter values are the trigger
  useEffect(() => setPage(1), [q, deviceId]);

  const filter = { ...(q && { q }), ...(deviceId && { deviceId }) };
  const { data, total, isPending, isFetching } = useGetList<Face>(
    FACES,
    { pagination: { page, perPage }, sort: SORT, filter },
    {
      // The previous page stays on screen while the next one loads (under the progress bar).
      placeholderData: (previous) => previous,
      onError: (error) => !isNoComplex(error) && notify('biometrics.errors.load', { type: 'error' }),
    },
  );

  // The last card of the last page was deleted: go back a page.
  useEffect(() => {
    if (!isFetching && page > 1 && data?.length === 0) setPage((p) => p - 1);
  }, [isFetching, page, data]);

  const faces = data ?? [];
  const exported = { resource: FACES, filter, sort: SORT, total };
  return (
    <>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <ExportButton list={exported} />
        <ExportButton format="xlsx" list={exported} />
      </Stack>
      <Box sx={{ height: 4, mb: 1 }}>{isFetching && <LinearProgress aria-label={translate('biometrics.screen.loading')} />}</Box>
      {!isPending && faces.length === 0 ? (
        <Box sx={{ py: 6, textAlign: 'center' }}>
          <Typography color="text.secondary" sx={{ mb: filtered ? 2 : 0 }}>
            {translate(filtered ? 'biometrics.faces.noResults' : 'biometrics.faces.empty')}
          </Typography>
          {filtered && (
            <Button variant="outlined" onClick={onClearSearch}>
              {translate('biometrics.faces.clearSearch')}
            </Button>
          )}
        </Box>
      ) : (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(250px, 1fr))' }}>
          {faces.map((face) => (
            <FaceCard
              key={face.id}
              face={face}
              devicesById={devicesById}
              onView={() => onView(face)}
              onEdit={() => onEdit(face)}
              onDelete={() => onDelete(face)}
            />
          ))}
        </Box>
      )}
      {(total ?? 0) > 0 && (
        <TablePagination
          component="div"
          count={total ?? 0}
          page={page - 1}
          rowsPerPage={perPage}
          rowsPerPageOptions={PAGE_SIZES}
          onPageChange={(_, next) => setPage(next + 1)}
          onRowsPerPageChange={(event) => {
            setPerPage(Number(event.target.value));
            setPage(1);
          }}
          labelRowsPerPage={translate('biometrics.faces.perPage')}
          labelDisplayedRows={({ from, to, count }) => translate('biometrics.faces.displayedRows', { from, to, count })}
          getItemAriaLabel={(type) => translate(`ra.navigation.${type}`)}
          // On a phone the page buttons wrap under the page size instead of leaving the screen.
          sx={{ '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end' } }}
        />
      )}
    </>
  );
}
