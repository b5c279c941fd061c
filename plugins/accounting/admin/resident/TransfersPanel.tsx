// Reporte de transferencias (issue 12): the transfers a resident reported (accounting's pending transfers: the list
// narrows a resident to their own) with their review status, and "Reportar transferencia": the debts it pays, the
// amount, the detail and the bank reference. The server takes the unit from the session, never from the form.
import { formatDate } from '@conjunto/core';
import { WidgetEmpty, WidgetSkeleton } from '@conjunto/core/ui';
import AddIcon from '@mui/icons-material/Add';
import ReceiptIcon from '@mui/icons-material/Receipt';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import {
  CheckboxGroupInput,
  FileField,
  FileInput,
  NumberInput,
  required,
  TextInput,
  useGetList,
  useNotify,
  useTranslate,
} from 'react-admin';
import type { PendingTransfer } from '../../schemas.ts';
import { API, useAccountingApi, useNotifyError } from '../shared/accountingApi.ts';
import { FormDialog } from '../shared/FormDialog.tsx';
import { Money } from '../shared/MoneyField.tsx';
import { type Charge, ROWS, splitCharges, useStatement } from './useStatement.ts';

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
  voucher?: { rawFile?: File } | null;
}

/** The server's limit (routes/vouchers.ts): an image or a PDF up to 5 MB. */
const VOUCHER_ACCEPT = { 'image/jpeg': [], 'image/png': [], 'image/webp': [], 'application/pdf': [] };
const VOUCHER_BYTES = 5 * 1024 * 1024;

/** Opens the voucher of a transfer through its short-lived link. */
export function VoucherButton({ id }: { id: string }) {
  const translate = useTranslate();
  const api = useAccountingApi();
  const notifyError = useNotifyError();
  return (
    <Button
      size="small"
      startIcon={<ReceiptIcon />}
      onClick={async () => {
        try {
          const { url } = await api.send<{ url: string }>(API.pendingTransfers, `${encodeURIComponent(id)}/voucher`);
          window.open(url, '_blank', 'noopener');
        } catch (error) {
          notifyError(error, k('voucherError'));
        }
      }}
    >
      {translate(k('voucher'))}
    </Button>
  );
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
        const created = await api.send<PendingTransfer>(API.pendingTransfers, '', {
          method: 'POST',
          body: {
            receivableIds: values.receivableIds,
            amount: Number(values.amount),
            detail: values.detail.trim(),
            reference: values.reference?.trim() || null,
          },
        });
        const file = values.voucher?.rawFile;
        if (file) {
          const form = new FormData();
          form.append('file', file, file.name);
          await api.send(API.pendingTransfers, `${encodeURIComponent(created.id)}/voucher`, { method: 'PUT', body: form });
        }
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
      <FileInput
        source="voucher"
        label={k('voucherFile')}
        accept={VOUCHER_ACCEPT}
        maxSize={VOUCHER_BYTES}
        helperText={k('voucherHelp')}
        placeholder={<Typography variant="body2">{k('voucherDrop')}</Typography>}
      >
        <FileField source="src" title="title" />
      </FileInput>
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
    <Stack component="ul" sx={ROWS} data-testid="accounting-my-transfers">
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
          <Stack sx={{ alignItems: 'flex-end' }} spacing={0.5}>
            <Money value={p.amount} />
            <Chip size="small" variant="outlined" color={STATUS_COLORS[p.status]} label={p.status} />
            {p.hasVoucher ? <VoucherButton id={p.id} /> : null}
          </Stack>
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
