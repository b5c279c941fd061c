// A unit's pending debts to tick, oldest due first: for an income that pays them, for an unidentified income
// assigned to the unit, and for the debts that move to a new owner.

import { formatDate } from '@conjunto/core';
import { ContentLoading } from '@conjunto/core/ui';
import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useGetList, useTranslate } from 'react-admin';
import type { Receivable } from '../../schemas.ts';
import { API } from '../shared/accountingApi.ts';
import { Money } from '../shared/MoneyField.tsx';

const f = (name: string) => `resources.cuentasPorCobrar.fields.${name}`;

export function DebtPicker({
  unitId,
  isChosen,
  onToggle,
  onToggleAll,
  column,
}: {
  unitId: string;
  isChosen(debt: Receivable): boolean;
  onToggle(debt: Receivable): void;
  /** With a checkbox that ticks (or clears) every debt. */
  onToggleAll?(debts: Receivable[], all: boolean): void;
  /** One more column: the rubro, or the resident who owes it. */
  column?: 'category' | 'userName';
}) {
  const translate = useTranslate();
  const { data, isPending, error } = useGetList<Receivable>(API.receivables, {
    filter: { unitId, pending: true },
    sort: { field: 'dueDate', order: 'ASC' },
    pagination: { page: 1, perPage: 500 },
  });
  if (isPending) return <ContentLoading />;
  if (error) return <Alert severity="error">{translate('accounting.shared.loadError')}</Alert>;
  if (!data.length)
    return (
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('accounting.incomes.noDebts')}
      </Typography>
    );
  const all = data.every(isChosen);
  return (
    <TableContainer sx={{ mb: 2 }}>
      <Table size="small" aria-label={translate('accounting.incomes.pendingDebts')}>
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox">
              {onToggleAll && (
                <Checkbox
                  checked={all}
                  indeterminate={!all && data.some(isChosen)}
                  onChange={() => onToggleAll(data, !all)}
                  slotProps={{ input: { 'aria-label': translate('accounting.receivables.transfer.all') } }}
                />
              )}
            </TableCell>
            <TableCell>{translate(f('name'))}</TableCell>
            {column && <TableCell>{translate(f(column))}</TableCell>}
            <TableCell>{translate(f('dueDate'))}</TableCell>
            <TableCell align="right">{translate(f('balance'))}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {data.map((debt) => (
            <TableRow key={debt.id} hover onClick={() => onToggle(debt)} sx={{ cursor: 'pointer' }}>
              <TableCell padding="checkbox">
                <Checkbox
                  checked={isChosen(debt)}
                  onClick={(e) => e.stopPropagation()}
                  onChange={() => onToggle(debt)}
                  slotProps={{ input: { 'aria-label': debt.name } }}
                />
              </TableCell>
              <TableCell>
                {debt.name}
                {debt.overdue && (
                  <Typography component="span" variant="caption" color="error" sx={{ ml: 1 }}>
                    {translate('accounting.receivables.overdueDays', { smart_count: debt.daysOverdue })}
                  </Typography>
                )}
              </TableCell>
              {column === 'category' && <TableCell>{[debt.category, debt.subcategory].filter(Boolean).join(' / ')}</TableCell>}
              {column === 'userName' && <TableCell>{debt.userName ?? '—'}</TableCell>}
              <TableCell>{formatDate(debt.dueDate)}</TableCell>
              <TableCell align="right">
                <Money value={debt.balance} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
