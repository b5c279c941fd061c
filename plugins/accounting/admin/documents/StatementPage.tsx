// Estado de cuenta (spec 002 §2.5 screen 4): a unit's charges with their balances and days overdue, its
// payments with their receipts, the credit in its favour and the totals; the PDF, and 'Enviar por correo'
// (queues the PDF to the unit's resident).

import { formatDate, refusalMessage } from '@conjunto/core';
import { ContentLoading } from '@conjunto/core/ui';
import DownloadIcon from '@mui/icons-material/Download';
import SendIcon from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Title, useCanAccess, useStore, useTranslate } from 'react-admin';
import type { Statement } from '../../schemas.ts';
import { API, useApiGet, useDownload } from '../shared/accountingApi.ts';
import { methodLabel } from '../shared/choices.ts';
import { Money } from '../shared/MoneyField.tsx';
import { ReceiptButton } from './ReceiptButton.tsx';
import { SendStatementDialog } from './SendStatementDialog.tsx';
import { useDirectory } from './useDirectory.ts';

const t = (key: string) => `accounting.documents.statement.${key}`;

function Totals({ s }: { s: Statement }) {
  const translate = useTranslate();
  const items: [string, number, boolean?][] = [
    [t('totals.charged'), s.totals.charged],
    [t('totals.discounts'), s.totals.discounts],
    [t('totals.paid'), s.totals.paid],
    [t('totals.pending'), s.totals.pending],
    [t('totals.overdue'), s.totals.overdue],
    [t('totals.credit'), s.totals.credit],
    [s.totals.net < 0 ? t('totals.netCredit') : t('totals.net'), Math.abs(s.totals.net), true],
  ];
  return (
    <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }}>
      {items.map(([label, value, strong]) => (
        <Card
          key={label}
          variant="outlined"
          sx={{ px: 2, py: 1, minWidth: 140, borderColor: strong ? 'primary.main' : undefined }}
        >
          <Typography variant="caption" color="text.secondary">
            {translate(label)}
          </Typography>
          <Typography variant="h6" sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: strong ? 700 : 500 }}>
            <Money value={value} bold={strong} />
          </Typography>
        </Card>
      ))}
    </Stack>
  );
}

function Receivables({ s }: { s: Statement }) {
  const translate = useTranslate();
  return (
    <TableContainer component={Card} sx={{ mb: 2 }}>
      <Typography variant="subtitle1" sx={{ px: 2, pt: 1.5, fontWeight: 600 }}>
        {translate(t('receivables'))}
      </Typography>
      <Table size="small" aria-label={translate(t('receivables'))}>
        <TableHead>
          <TableRow>
            <TableCell>{translate(t('columns.dueDate'))}</TableCell>
            <TableCell>{translate(t('columns.name'))}</TableCell>
            <TableCell>{translate(t('columns.category'))}</TableCell>
            <TableCell align="right">{translate(t('columns.original'))}</TableCell>
            <TableCell align="right">{translate(t('columns.discount'))}</TableCell>
            <TableCell align="right">{translate(t('columns.paid'))}</TableCell>
            <TableCell align="right">{translate(t('columns.balance'))}</TableCell>
            <TableCell align="right">{translate(t('columns.daysOverdue'))}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {s.receivables.length === 0 && (
            <TableRow>
              <TableCell colSpan={8} align="center" sx={{ color: 'text.secondary' }}>
                {translate(t('noReceivables'))}
              </TableCell>
            </TableRow>
          )}
          {s.receivables.map((r) => (
            <TableRow key={r.id} hover>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(r.dueDate)}</TableCell>
              <TableCell>
                {r.name}
                {r.description && (
                  <Typography variant="caption" color="text.secondary" component="div">
                    {r.description}
                  </Typography>
                )}
              </TableCell>
              <TableCell>{r.subcategory ?? r.category}</TableCell>
              <TableCell align="right">
                <Money value={r.originalAmount} />
              </TableCell>
              <TableCell align="right">
                <Money value={r.discount} />
              </TableCell>
              <TableCell align="right">
                <Money value={r.paid} />
              </TableCell>
              <TableCell align="right">
                <Money value={r.balance} bold={r.balance > 0} />
              </TableCell>
              <TableCell align="right">
                {r.overdue ? <Chip size="small" color="error" variant="outlined" label={r.daysOverdue} /> : ''}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function Payments({ s }: { s: Statement }) {
  const translate = useTranslate();
  return (
    <TableContainer component={Card}>
      <Typography variant="subtitle1" sx={{ px: 2, pt: 1.5, fontWeight: 600 }}>
        {translate(t('payments'))}
      </Typography>
      <Table size="small" aria-label={translate(t('payments'))}>
        <TableHead>
          <TableRow>
            <TableCell>{translate(t('columns.receipt'))}</TableCell>
            <TableCell>{translate(t('columns.date'))}</TableCell>
            <TableCell>{translate(t('columns.name'))}</TableCell>
            <TableCell>{translate(t('columns.method'))}</TableCell>
            <TableCell>{translate(t('columns.account'))}</TableCell>
            <TableCell align="right">{translate(t('columns.amount'))}</TableCell>
            <TableCell align="right">{translate(t('columns.credit'))}</TableCell>
            <TableCell align="right">{translate(t('columns.pdf'))}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {s.incomes.length === 0 && (
            <TableRow>
              <TableCell colSpan={8} align="center" sx={{ color: 'text.secondary' }}>
                {translate(t('noPayments'))}
              </TableCell>
            </TableRow>
          )}
          {s.incomes.map((i) => (
            <TableRow key={i.id} hover sx={i.annulled ? { '& td': { color: 'text.disabled' } } : undefined}>
              <TableCell>{i.receiptNumber ?? ''}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(i.date)}</TableCell>
              <TableCell>
                {i.description}
                {i.annulled && <Chip size="small" label={translate(t('annulled'))} sx={{ ml: 1 }} />}
              </TableCell>
              <TableCell>{translate(methodLabel(i.method))}</TableCell>
              <TableCell>{i.accountName}</TableCell>
              <TableCell align="right">
                <Money value={i.amount} />
              </TableCell>
              <TableCell align="right">
                <Money value={i.balance} />
              </TableCell>
              <TableCell align="right" padding="checkbox">
                <ReceiptButton compact income={i} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

export default function StatementPage() {
  const translate = useTranslate();
  const { canAccess: canSend } = useCanAccess({ resource: API.units, action: 'send-statement' });
  const directory = useDirectory();
  const [unitId, setUnitId] = useStore<string>('accounting.statement.unitId', '');
  const {
    data: statement,
    error,
    isPending: loading,
  } = useApiGet<Statement>(API.units, unitId ? `${encodeURIComponent(unitId)}/statement` : undefined);
  const { busy: downloading, download } = useDownload();
  const [sending, setSending] = useState(false);
  const unit = directory.units.find((u) => u.id === unitId) ?? null;

  return (
    <Box sx={{ mt: 2 }}>
      <Title title={t('title')} />
      <Card sx={{ p: 2, mb: 2 }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
          <Autocomplete
            options={directory.units}
            value={unit}
            loading={directory.isPending}
            onChange={(_, value) => setUnitId(value?.id ?? '')}
            getOptionLabel={(u) => (u.residentName ? `${u.number} · ${u.residentName}` : u.number)}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            noOptionsText={translate('ra.navigation.no_results')}
            loadingText={translate('ra.page.loading')}
            sx={{ minWidth: 320, flex: { md: '0 1 420px' } }}
            renderInput={(params) => <TextField {...params} size="small" label={translate(t('unit'))} />}
          />
          <Box sx={{ flex: 1 }} />
          <Button
            variant="outlined"
            loading={downloading}
            loadingPosition="start"
            startIcon={<DownloadIcon />}
            disabled={!statement || downloading}
            onClick={() => download(API.units, `${encodeURIComponent(unitId)}/statement.pdf`, 'estado-de-cuenta.pdf')}
            sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
          >
            {translate('accounting.documents.downloadPdf')}
          </Button>
          {canSend && (
            <Button
              variant="contained"
              startIcon={<SendIcon />}
              disabled={!statement}
              onClick={() => setSending(true)}
              sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
            >
              {translate(t('send'))}
            </Button>
          )}
        </Stack>
        {statement && (
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={{ xs: 0.5, md: 4 }} sx={{ mt: 2 }}>
            <Typography variant="body2">
              <strong>{translate(t('resident'))}:</strong> {statement.resident?.name ?? translate(t('noResident'))}
            </Typography>
            <Typography variant="body2">
              <strong>{translate(t('email'))}:</strong> {statement.resident?.email ?? '—'}
            </Typography>
            <Typography variant="body2">
              <strong>{translate(t('cutoff'))}:</strong> {formatDate(statement.date)}
            </Typography>
          </Stack>
        )}
      </Card>
      {!unitId && <Alert severity="info">{translate(t('pickUnit'))}</Alert>}
      {error != null && <Alert severity="error">{refusalMessage(error) ?? translate(t('loadError'))}</Alert>}
      {loading && !statement && <ContentLoading />}
      {statement && (
        <>
          <Totals s={statement} />
          <Receivables s={statement} />
          <Payments s={statement} />
        </>
      )}
      {statement && sending && <SendStatementDialog statement={statement} onClose={() => setSending(false)} />}
    </Box>
  );
}
