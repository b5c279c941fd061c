// 'Asignar' an unidentified income to a unit (POST incomes/:id/assign). Ticking the unit's debts pays them, in
// order, up to the income's value; what is left stays in favour of the unit ('Saldo a favor').
import AssignmentIndIcon from '@mui/icons-material/AssignmentInd';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatDate, formatMoney, fromCents, toCents } from '@conjunto/core';
import { type MouseEvent, useMemo, useState } from 'react';
import { Form, useGetList, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { INCOME_PURPOSES } from '../../manifest.ts';
import type { Income, Receivable } from '../../schemas.ts';
import { API, useAccountingApi, useNotifyError } from '../shared/accountingApi.ts';
import { useCanManage } from '../shared/canManage.ts';
import { RowIconButton } from '../shared/RowIconButton.tsx';
import { Money } from '../shared/MoneyField.tsx';
import { UnitInput } from '../shared/UnitInput.tsx';
import { requiredValue } from '../shared/validators.ts';

const ADVANCE = INCOME_PURPOSES['Saldos a favor'];

export interface AssignLine {
  receivableId: string | null;
  description: string;
  category: string;
  subcategory: string | null;
  amount: number;
}

const byDueDate = (debts: Receivable[]) => [...debts].sort((a, b) => a.dueDate.localeCompare(b.dueDate));

/** The chosen debts paid in order with `cents`, the rest as 'Saldo a favor'; the lines add up to `cents`. */
export function allocate(cents: number, debts: Receivable[]): AssignLine[] {
  let left = cents;
  const lines: AssignLine[] = [];
  for (const debt of debts) {
    if (left <= 0) break;
    const pay = Math.min(left, toCents(debt.balance));
    if (pay <= 0) continue;
    lines.push({
      receivableId: debt.id,
      description: debt.name,
      category: debt.category,
      subcategory: debt.subcategory,
      amount: fromCents(pay),
    });
    left -= pay;
  }
  if (left > 0)
    lines.push({
      receivableId: null,
      description: 'Saldo a favor',
      category: ADVANCE.category,
      subcategory: ADVANCE.subcategory,
      amount: fromCents(left),
    });
  return lines;
}

function Debts({ income, chosen, setChosen }: { income: Income; chosen: Receivable[]; setChosen(debts: Receivable[]): void }) {
  const translate = useTranslate();
  const unitId = useWatch({ name: 'unitId' }) as string | undefined;
  const { data, isPending } = useGetList<Receivable>(
    API.receivables,
    { filter: { unitId, pending: true }, sort: { field: 'dueDate', order: 'ASC' }, pagination: { page: 1, perPage: 200 } },
    { enabled: Boolean(unitId) },
  );
  const lines = useMemo(() => allocate(toCents(income.amount) + toCents(income.discount), byDueDate(chosen)), [income, chosen]);
  const isChosen = (d: Receivable) => chosen.some((c) => c.id === d.id);
  if (!unitId || isPending) return null;
  return (
    <>
      {data?.length ? (
        <Table size="small" aria-label={translate('accounting.incomes.pendingDebts')} sx={{ mb: 2 }}>
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox" />
              <TableCell>{translate('resources.cuentasPorCobrar.fields.name')}</TableCell>
              <TableCell>{translate('resources.cuentasPorCobrar.fields.dueDate')}</TableCell>
              <TableCell align="right">{translate('resources.cuentasPorCobrar.fields.balance')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.map((d) => (
              <TableRow
                key={d.id}
                hover
                sx={{ cursor: 'pointer' }}
                onClick={() => setChosen(isChosen(d) ? chosen.filter((c) => c.id !== d.id) : [...chosen, d])}
              >
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={isChosen(d)}
                    onClick={(e) => e.stopPropagation()}
                    onChange={() => setChosen(isChosen(d) ? chosen.filter((c) => c.id !== d.id) : [...chosen, d])}
                    slotProps={{ input: { 'aria-label': d.name } }}
                  />
                </TableCell>
                <TableCell>{d.name}</TableCell>
                <TableCell>{formatDate(d.dueDate)}</TableCell>
                <TableCell align="right">
                  <Money value={d.balance} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate('accounting.incomes.noDebts')}
        </Typography>
      )}
      <Typography variant="subtitle2">{translate('accounting.incomes.assignResult')}</Typography>
      <ul style={{ marginTop: 4 }}>
        {lines.map((l) => (
          <li key={l.receivableId ?? 'advance'}>
            <Typography variant="body2">
              {l.description}: {formatMoney(l.amount)}
            </Typography>
          </li>
        ))}
      </ul>
    </>
  );
}

export function AssignDialog({ income, onClose }: { income: Income; onClose(): void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const refresh = useRefresh();
  const api = useAccountingApi();
  const [chosen, setChosen] = useState<Receivable[]>([]);
  const [busy, setBusy] = useState(false);

  const submit = async (values: { unitId?: string }) => {
    setBusy(true);
    try {
      const lines = chosen.length ? allocate(toCents(income.amount) + toCents(income.discount), byDueDate(chosen)) : undefined;
      await api.send(API.incomes, `${encodeURIComponent(income.id)}/assign`, {
        method: 'POST',
        body: { unitId: values.unitId, ...(lines ? { lines } : {}) },
      });
      notify('accounting.incomes.assigned', { type: 'success' });
      refresh();
      onClose();
    } catch (error) {
      notifyError(error, 'accounting.shared.saveError');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="assign-income-title"
      onClick={(e: MouseEvent) => e.stopPropagation()}
    >
      <Form onSubmit={submit} noValidate>
        <DialogTitle id="assign-income-title">
          {translate('accounting.incomes.assignTitle', {
            number: income.receiptNumber ?? '',
            amount: formatMoney(income.amount),
          })}
        </DialogTitle>
        <DialogContent>
          <Alert severity="info" sx={{ mb: 2 }}>
            {translate('accounting.incomes.assignHelp')}
          </Alert>
          <UnitInput source="unitId" validate={requiredValue} onChange={() => setChosen([])} />
          <Debts income={income} chosen={chosen} setChosen={setChosen} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {translate('ra.action.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {translate('accounting.incomes.assign')}
          </Button>
        </DialogActions>
      </Form>
    </Dialog>
  );
}

/** Shown only for an unidentified income (no unit) that is not annulled, to managing roles. */
export function AssignButton({ icon = false }: { icon?: boolean }) {
  const record = useRecordContext<Income>();
  const canManage = useCanManage();
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  if (!record || !canManage || record.unitId || record.annulled || record.isInitialBalance) return null;
  return (
    <>
      {icon ? (
        <RowIconButton
          label="accounting.incomes.assign"
          icon={<AssignmentIndIcon fontSize="small" />}
          onClick={() => setOpen(true)}
        />
      ) : (
        <Button
          size="small"
          startIcon={<AssignmentIndIcon />}
          onClick={(event: MouseEvent) => {
            event.stopPropagation();
            setOpen(true);
          }}
        >
          {translate('accounting.incomes.assign')}
        </Button>
      )}
      {open && <AssignDialog income={record} onClose={() => setOpen(false)} />}
    </>
  );
}
