// An income with its charge lines (Unidad, Descripción, Rubro, SubRubro, Valor), discount and total; its receipt
// as PDF, and the 'Anular' action (and 'Asignar' while it has no unit).

import { fromCents, toCents } from '@conjunto/core';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { ListButton, Show, TopToolbar, type TranslateFunction, useRecordContext, useTranslate } from 'react-admin';
import type { Income } from '../../schemas.ts';
import { ReceiptButton } from '../documents/ReceiptButton.tsx';
import { methodLabel } from '../shared/choices.ts';
import { DayField } from '../shared/DayField.tsx';
import { Money } from '../shared/MoneyField.tsx';
import { AnnulButton } from './AnnulButton.tsx';
import { AssignButton } from './AssignDialog.tsx';
import { StatusField } from './IncomeFields.tsx';

function Actions() {
  return (
    <TopToolbar>
      <ListButton />
      <ReceiptButton />
      <AssignButton />
      <AnnulButton />
    </TopToolbar>
  );
}

/** 'Ingreso N.º 12', or 'Ingreso' while it has no number. */
const titleOf = (record: Income, translate: TranslateFunction) =>
  record.receiptNumber != null
    ? translate('accounting.incomes.titleNumber', { number: record.receiptNumber })
    : translate('accounting.incomes.titleNoNumber');

function Item({ label, children }: { label: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Grid size={{ xs: 12, sm: 6, md: 3 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {translate(label)}
      </Typography>
      <Box sx={{ typography: 'body2', minHeight: 20 }}>{children}</Box>
    </Grid>
  );
}

function IncomeDetail() {
  const record = useRecordContext<Income>();
  const translate = useTranslate();
  if (!record) return null;
  const f = (name: string) => `resources.ingresos.fields.${name}`;
  const lines = record.lines ?? [];
  const linesCents = lines.reduce((sum, l) => sum + toCents(l.amount), 0);
  return (
    <CardContent>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {titleOf(record, translate)}
      </Typography>
      <Grid container spacing={2} sx={{ mb: 3 }}>
        <Item label={f('date')}>
          <DayField source="date" />
        </Item>
        <Item label={f('unitNumber')}>{record.unitNumber ?? translate('accounting.incomes.noUnit')}</Item>
        <Item label={f('payerName')}>{record.payerName || '—'}</Item>
        <Item label={f('accountName')}>{record.accountName}</Item>
        <Item label={f('method')}>{translate(methodLabel(record.method))}</Item>
        <Item label={f('transactionReference')}>{record.transactionReference || '—'}</Item>
        <Item label={f('amount')}>
          <Money value={record.amount} bold />
        </Item>
        <Item label="accounting.incomes.status.label">
          <StatusField />
        </Item>
        <Grid size={{ xs: 12 }}>
          <Typography variant="caption" color="text.secondary" component="div">
            {translate(f('description'))}
          </Typography>
          <Typography variant="body2">{record.description}</Typography>
        </Grid>
      </Grid>
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        {translate('accounting.incomes.lines')}
      </Typography>
      <TableContainer>
        <Table size="small" aria-label={translate('accounting.incomes.lines')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('accounting.shared.line.unit')}</TableCell>
              <TableCell>{translate('accounting.shared.line.description')}</TableCell>
              <TableCell>{translate('accounting.shared.line.category')}</TableCell>
              <TableCell>{translate('accounting.shared.line.subcategory')}</TableCell>
              <TableCell align="right">{translate('accounting.shared.line.amount')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {lines.map((l) => (
              <TableRow key={l.id}>
                <TableCell>{l.unitNumber ?? '—'}</TableCell>
                <TableCell>{l.description}</TableCell>
                <TableCell>{l.category}</TableCell>
                <TableCell>{l.subcategory ?? '—'}</TableCell>
                <TableCell align="right">
                  <Money value={l.amount} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {/* Below the table, not in its footer: on a phone the table scrolls sideways and would hide them. */}
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: 'auto auto',
          columnGap: 3,
          rowGap: 0.5,
          m: 0,
          mt: 1.5,
          ml: 'auto',
          width: 'fit-content',
          typography: 'body2',
          '& dt': { textAlign: 'right' },
          '& dd': { m: 0, textAlign: 'right' },
        }}
      >
        <dt>{translate('accounting.incomes.sumLines')}</dt>
        <dd>
          <Money value={fromCents(linesCents)} />
        </dd>
        <dt>{translate('accounting.incomes.sumDiscount')}</dt>
        <dd>
          <Money value={-record.discount} />
        </dd>
        <Box component="dt" sx={{ fontWeight: 'bold' }}>
          {translate('accounting.incomes.sumTotal')}
        </Box>
        <dd>
          <Money value={record.amount} bold />
        </dd>
      </Box>
    </CardContent>
  );
}

function IncomeTitle() {
  const record = useRecordContext<Income>();
  const translate = useTranslate();
  if (!record) return null;
  return <span>{titleOf(record, translate)}</span>;
}

export default function IncomeShow() {
  return (
    <Show actions={<Actions />} component={Card} title={<IncomeTitle />}>
      <IncomeDetail />
    </Show>
  );
}
