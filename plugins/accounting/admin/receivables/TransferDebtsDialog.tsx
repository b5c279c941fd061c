// 'Transferir deudas' (spec 002 §4): when a unit changes owner, its selected debts move to the new owner
// (a resident of the complex). At least one debt: 'Seleccione al menos una deuda.'
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
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
import { formatDate } from '@conjunto/core';
import { useEffect, useState } from 'react';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import {
  AutocompleteInput,
  Form,
  ReferenceInput,
  useGetList,
  useInput,
  useNotify,
  useRefresh,
  useTranslate,
  ValidationError,
} from 'react-admin';
import type { Receivable } from '../../schemas.ts';
import { API, serverFieldErrors, useAccountingApi, useNotifyError } from '../shared/accountingApi.ts';
import { Money } from '../shared/MoneyField.tsx';
import { UnitInput } from '../shared/UnitInput.tsx';
import { requiredValue } from '../shared/validators.ts';

const residentName = (r: { firstName?: string; lastName?: string; email?: string }) =>
  `${r.firstName ?? ''} ${r.lastName ?? ''}`.trim() || (r.email ?? '');

function Debts({ chosen, setChosen }: { chosen: string[]; setChosen(ids: string[]): void }) {
  const translate = useTranslate();
  const unitId = useWatch({ name: 'unitId' }) as string | undefined;
  const { data, isPending } = useGetList<Receivable>(
    API.receivables,
    { filter: { unitId, pending: true }, sort: { field: 'dueDate', order: 'ASC' }, pagination: { page: 1, perPage: 500 } },
    { enabled: Boolean(unitId) },
  );
  if (!unitId || isPending) return null;
  if (!data?.length)
    return (
      <Typography variant="body2" color="text.secondary" sx={{ my: 2 }}>
        {translate('accounting.incomes.noDebts')}
      </Typography>
    );
  const all = data.every((d) => chosen.includes(d.id));
  return (
    <Table size="small" aria-label={translate('accounting.incomes.pendingDebts')} sx={{ my: 2 }}>
      <TableHead>
        <TableRow>
          <TableCell padding="checkbox">
            <Checkbox
              checked={all}
              indeterminate={!all && chosen.length > 0}
              onChange={() => setChosen(all ? [] : data.map((d) => d.id))}
              slotProps={{ input: { 'aria-label': translate('accounting.receivables.transfer.all') } }}
            />
          </TableCell>
          <TableCell>{translate('resources.cuentasPorCobrar.fields.name')}</TableCell>
          <TableCell>{translate('resources.cuentasPorCobrar.fields.userName')}</TableCell>
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
            onClick={() => setChosen(chosen.includes(d.id) ? chosen.filter((id) => id !== d.id) : [...chosen, d.id])}
          >
            <TableCell padding="checkbox">
              <Checkbox
                checked={chosen.includes(d.id)}
                onClick={(e) => e.stopPropagation()}
                onChange={() => setChosen(chosen.includes(d.id) ? chosen.filter((id) => id !== d.id) : [...chosen, d.id])}
                slotProps={{ input: { 'aria-label': d.name } }}
              />
            </TableCell>
            <TableCell>{d.name}</TableCell>
            <TableCell>{d.userName ?? '—'}</TableCell>
            <TableCell>{formatDate(d.dueDate)}</TableCell>
            <TableCell align="right">
              <Money value={d.balance} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** 'Seleccione al menos una deuda.', checked with the form's other rules when it is submitted. */
function DebtsCheck({ chosen }: { chosen: string[] }) {
  const { fieldState } = useInput({
    source: 'debtsCheck',
    validate: () => (chosen.length ? undefined : 'accounting.receivables.transfer.selectDebt'),
  });
  const { trigger } = useFormContext();
  const { isSubmitted } = useFormState();
  // Once the user has tried to submit, the message follows the ticks.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the ticks are the trigger
  useEffect(() => {
    if (isSubmitted) void trigger('debtsCheck');
  }, [chosen, isSubmitted, trigger]);
  return fieldState.error ? (
    <Alert severity="error" sx={{ mb: 2 }}>
      <ValidationError error={fieldState.error.message ?? ''} />
    </Alert>
  ) : null;
}

function Actions({ onCancel }: { onCancel(): void }) {
  const translate = useTranslate();
  const { isSubmitting } = useFormState();
  return (
    <DialogActions>
      <Button onClick={onCancel} disabled={isSubmitting}>
        {translate('ra.action.cancel')}
      </Button>
      <Button
        type="submit"
        variant="contained"
        disabled={isSubmitting}
        startIcon={isSubmitting ? <CircularProgress size={16} color="inherit" /> : undefined}
      >
        {translate('accounting.receivables.transfer.submit')}
      </Button>
    </DialogActions>
  );
}

export function TransferDebtsDialog({ onClose }: { onClose(): void }) {
  const translate = useTranslate();
  const api = useAccountingApi();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const refresh = useRefresh();
  const [chosen, setChosen] = useState<string[]>([]);

  const submit = async (values: { unitId?: string; userId?: string }) => {
    try {
      const result = await api.send<{ transferred: number }>(API.receivables, 'transfer', {
        method: 'POST',
        body: { receivableIds: chosen, userId: values.userId },
      });
      notify('accounting.receivables.transfer.done', { type: 'success', messageArgs: { smart_count: result.transferred } });
      refresh();
      onClose();
      return undefined;
    } catch (error) {
      notifyError(error, 'accounting.receivables.transfer.error');
      return serverFieldErrors(error);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="transfer-debts-title">
      <Form onSubmit={submit} noValidate>
        <DialogTitle id="transfer-debts-title">{translate('accounting.receivables.transfer.title')}</DialogTitle>
        <DialogContent>
          <Alert severity="info" sx={{ mb: 2 }}>
            {translate('accounting.receivables.transfer.help')}
          </Alert>
          <UnitInput
            source="unitId"
            label="accounting.receivables.transfer.unit"
            validate={requiredValue}
            onChange={() => setChosen([])}
          />
          <Debts chosen={chosen} setChosen={setChosen} />
          <DebtsCheck chosen={chosen} />
          <ReferenceInput source="userId" reference={API.residents} sort={{ field: 'lastName', order: 'ASC' }} perPage={50}>
            <AutocompleteInput
              label="accounting.receivables.transfer.newOwner"
              optionText={residentName}
              filterToQuery={(q: string) => ({ q })}
              validate={requiredValue}
            />
          </ReferenceInput>
        </DialogContent>
        <Actions onCancel={onClose} />
      </Form>
    </Dialog>
  );
}

export function TransferDebtsButton() {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" startIcon={<SwapHorizIcon />} onClick={() => setOpen(true)}>
        {translate('accounting.receivables.transfer.button')}
      </Button>
      {open && <TransferDebtsDialog onClose={() => setOpen(false)} />}
    </>
  );
}
