// A small read-only table of rows (validation preview, import results, job progress).

import { alpha } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';

export interface Column<T> {
  /** Message key of the header. */
  label: string;
  render(row: T): ReactNode;
}

interface Props<T> {
  columns: Column<T>[];
  rows: T[];
  rowKey(row: T, index: number): string | number;
  maxHeight?: number;
  /** Marks a row (e.g. one with errors). */
  highlight?(row: T): boolean;
}

export default function RowsTable<T>({ columns, rows, rowKey, maxHeight, highlight }: Props<T>) {
  const translate = useTranslate();
  return (
    <TableContainer sx={{ maxHeight, border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Table size="small" stickyHeader>
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <TableCell key={c.label} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                {translate(c.label)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, i) => (
            <TableRow
              key={rowKey(row, i)}
              sx={highlight?.(row) ? { bgcolor: (theme) => alpha(theme.palette.error.main, 0.08) } : undefined}
            >
              {columns.map((c) => (
                <TableCell key={c.label}>{c.render(row)}</TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
