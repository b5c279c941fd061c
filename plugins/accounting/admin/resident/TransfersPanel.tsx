// Reporte de transferencias (issue 12): the transfers a resident reported (accounting's pending transfers: the list
// narrows a resident to their own) with their review status, and "Reportar transferencia": the debts it pays, the
// amount, the detail and the bank reference. The server takes the unit from the session, never from the form.
import { formatDate } from '@conjunto/core';
import { WidgetEmpty, WidgetSkeleton } from '@conjunto/core/ui';
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { CheckboxGroupInput, NumberInput, required, TextInput, useGetList, useNotify, useTranslate } from 'react-admin';
import type { PendingTransfer } from '../../schemas.ts';
import { API, useAccountingApi } from '../shared/accountingApi.ts';
import { FormDialog } from '../shared/FormDialog.tsx';
import { Money } from '../shared/MoneyField.tsx';
import { type Charge, splitCharges, useStatement } from './useStatement.ts';

const k = (key: string) => `accounting.resident.${key}`;
const STATUS_COLORS: Record<string, 'warning' | 'success' | 'error'> = {
  Pendiente: 'warning',
  Aprobada: 'success',
  Rechazada: 'error',
};

interface ReportValues {
  receivableIds: string[];
  amount: number;
  detail: string;
  reference?: string | null;
}

function ReportDialog({ charges, onClose, onDone }: { charges: Charge[]; onClose(): void; onDone(): void }) {
  const api = useAccountingApi();
  const notify = useNotify();
  const choices = charges.map((c) => ({
    id: c.id,
    name: `${c.name} · ${formatDate(c.dueDate)} · $${c.balance.toFixed(2)}`,
  }));
  const total = charges.reduce((sum, c) => sum + Math.round(c.balance * 100), 0) / 100;
  return (
    <FormDialog<ReportValues>
      title={k('report')}
      submitLabel={k('send')}
      errorKey={k('reportError')}
      onClose={onClose}
      defaultValues={{ receivableIds: charges.filter((c) => c.overdue).map((c) => c.id), amount: total }}
      onSubmit={async (values) => {
        await api.send(API.pendingTransfers, '', {
          method: 'POST',
          body: {
            receivableIds: values.receivableIds,
            amount: Number(values.amount),
            detail: values.detail.trim(),
            reference: values.reference?.trim() || null,
          },
        });
        notify(k('reported'), { type: 'success' });
        onDone();
      }}
    >
      <CheckboxGroupInput
        source="receivableIds"
        label={k('debts')}
        choices={choices}
        row={false}
        validate={required()}
        isRequired
      />
      <NumberInput source="amount" label={k('amount')} min={0.01} step={0.01} validate={required()} isRequired />
      <TextInput source="detail" label={k('detail')} multiline minRows={2} validate={required()} isRequired />
      <TextInput source="reference" label={k('reference')} helperText={k('referenceHelp')} />
    </FormDialog>
  );
}

function TransferList({ filter }: { filter: Record<string, unknown> }) {
  const translate = useTranslate();
  const { data, isPending, error } = useGetList<PendingTransfer>(API.pendingTransfers, {
    filter,
    pagination: { page: 1, perPage: 10 },
    sort: { field: 'createdAt', order: 'DESC' },
  });
  if (isPending) return <WidgetSkeleton height={100} />;
  if (error || !data) return <WidgetEmpty>{translate('shell.dashboard.widgetError')}</WidgetEmpty>;
  if (!data.length) return <WidgetEmpty>{translate(k('noTransfers'))}</WidgetEmpty>;
  return (
    <Stack
      component="ul"
      divider={<Divider component="li" />}
      sx={{ listStyle: 'none', p: 0, m: 0 }}
      data-testid="accounting-my-transfers"
    >
      {data.map((p) => (
        <Stack component="li" key={p.id} direction="row" spacing={1} sx={{ py: 1, alignItems: 'center' }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
              {p.detail}
            </Typography>
            <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {formatDate(p.createdAt)}
              {p.reference ? ` · ${p.reference}` : ''}
              {p.status === 'Rechazada' && p.rejectReason ? ` · ${p.rejectReason}` : ''}
            </Typography>
          </Box>
          <Chip size="small" variant="outlined" color={STATUS_COLORS[p.status]} label={p.status} />
          <Money value={p.amount} />
        </Stack>
      ))}
    </Stack>
  );
}

/** Slot 'residentArea': their own transfers, and the report. */
export function MyTransfersPanel() {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const [version, setVersion] = useState(0);
  const { data, reload } = useStatement({ mine: true });
  const owed = data ? [...splitCharges(data).pending, ...splitCharges(data).future] : [];
  return (
    <Stack spacing={1.5}>
      <TransferList key={version} filter={{}} />
      {data && !owed.length ? (
        <Typography variant="body2" color="text.secondary">
          {translate(k('nothingToReport'))}
        </Typography>
      ) : null}
      <Button
        variant="contained"
        startIcon={<AddIcon />}
        disabled={!owed.length}
        onClick={() => setOpen(true)}
        sx={{ alignSelf: 'flex-start' }}
      >
        {translate(k('report'))}
      </Button>
      {open ? (
        <ReportDialog
          charges={owed}
          onClose={() => setOpen(false)}
          onDone={() => {
            setVersion((v) => v + 1);
            reload();
          }}
        />
      ) : null}
    </Stack>
  );
}

/** Slot 'resident': the transfers reported for the resident's unit, for the administrator. */
export function ResidentTransfersPanel({ unitId }: { unitId?: string | null }) {
  const translate = useTranslate();
  if (!unitId) return <WidgetEmpty>{translate(k('noUnit'))}</WidgetEmpty>;
  return <TransferList filter={{ unitId }} />;
}
