// The charge lines (Cobros) of a new income: the unit's pending debts to tick (each becomes a line that pays
// it, for at most what it owes) and free lines; each line with Casa, Descripción, Rubro, SubRubro and Valor.
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { formatDate, fromCents, MESSAGES } from '@conjunto/core';
import { useEffect, useRef } from 'react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import {
  maxLength,
  NumberInput,
  TextInput,
  useGetList,
  useGetOne,
  useInput,
  useTranslate,
  ValidationError,
  type Validator,
} from 'react-admin';
import { ACCOUNTING_MESSAGES as M } from '../../manifest.ts';
import type { Receivable } from '../../schemas.ts';
import { API } from '../shared/accountingApi.ts';
import { CategoryInput, SubcategoryInput } from '../shared/CategoryInputs.tsx';
import { Money } from '../shared/MoneyField.tsx';
import type { Unit } from '../shared/UnitInput.tsx';
import { positiveAmount, requiredValue } from '../shared/validators.ts';
import { centsOf, incomeTotals, type LineValue } from './incomeMath.ts';

const cell = { py: 0.75, px: 1, verticalAlign: 'top' } as const;
// Outlined without a label: the text sits in the middle of the row (a filled input keeps room for a label).
const compact = {
  helperText: false as const,
  label: false as const,
  size: 'small' as const,
  margin: 'none' as const,
  variant: 'outlined' as const,
};

/** A line that pays a debt may not exceed what the debt owes. */
const withinDebt =
  (index: number): Validator =>
  (value, values) => {
    const max = (values as { lines?: LineValue[] }).lines?.[index]?.maxAmount;
    return max != null && centsOf(value) > centsOf(max) ? M.lineExceedsDebt : undefined;
  };

function PendingDebts({ unitId, lines, onToggle }: { unitId: string; lines: LineValue[]; onToggle(debt: Receivable): void }) {
  const translate = useTranslate();
  const { data, isPending, error } = useGetList<Receivable>(API.receivables, {
    filter: { unitId, pending: true },
    sort: { field: 'dueDate', order: 'ASC' },
    pagination: { page: 1, perPage: 200 },
  });
  if (isPending) return null;
  if (error) return <Alert severity="error">{translate('accounting.shared.loadError')}</Alert>;
  if (!data?.length)
    return (
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('accounting.incomes.noDebts')}
      </Typography>
    );
  const chosen = new Set(lines.map((l) => l.receivableId).filter(Boolean));
  return (
    <TableContainer sx={{ mb: 2 }}>
      <Table size="small" aria-label={translate('accounting.incomes.pendingDebts')}>
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox" />
            <TableCell>{translate('resources.cuentasPorCobrar.fields.name')}</TableCell>
            <TableCell>{translate('resources.cuentasPorCobrar.fields.category')}</TableCell>
            <TableCell>{translate('resources.cuentasPorCobrar.fields.dueDate')}</TableCell>
            <TableCell align="right">{translate('resources.cuentasPorCobrar.fields.balance')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {data.map((debt) => (
            <TableRow key={debt.id} hover onClick={() => onToggle(debt)} sx={{ cursor: 'pointer' }}>
              <TableCell padding="checkbox">
                <Checkbox
                  checked={chosen.has(debt.id)}
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
              <TableCell>{[debt.category, debt.subcategory].filter(Boolean).join(' / ')}</TableCell>
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

/** Registers the rule 'a line or an advance, and a discount within the total' and shows its message. */
function LinesCheck() {
  const { fieldState } = useInput({
    source: 'linesCheck',
    validate: (_value: unknown, values: { lines?: LineValue[]; advance?: unknown; discount?: unknown }) => {
      const t = incomeTotals(values.lines, values.advance, values.discount);
      if (!values.lines?.length && t.advanceCents === 0) return 'accounting.incomes.linesRequired';
      if (t.discountCents > t.linesCents + t.advanceCents) return M.discountTooHigh;
      return undefined;
    },
  });
  // react-admin encodes the message: ValidationError decodes and translates it.
  const message = fieldState.error?.message;
  return message ? (
    <Alert severity="error" sx={{ mt: 1 }}>
      <ValidationError error={message} />
    </Alert>
  ) : null;
}

export function IncomeChargeLines({ unitId }: { unitId?: string | null }) {
  const translate = useTranslate();
  const { control, getValues } = useFormContext();
  const { fields, append, remove, replace } = useFieldArray({ control, name: 'lines' });
  const lines = (useWatch({ name: 'lines' }) as LineValue[] | undefined) ?? [];
  const { data: unit } = useGetOne<Unit>(API.units, { id: unitId ?? '' }, { enabled: Boolean(unitId) });

  // Another unit: the debts ticked for the previous one go away (free lines stay).
  const previousUnit = useRef(unitId);
  useEffect(() => {
    if (previousUnit.current === unitId) return;
    previousUnit.current = unitId;
    const current = (getValues('lines') ?? []) as LineValue[];
    if (current.some((l) => l.receivableId)) replace(current.filter((l) => !l.receivableId));
  }, [unitId, getValues, replace]);

  const toggle = (debt: Receivable) => {
    const index = lines.findIndex((l) => l.receivableId === debt.id);
    if (index >= 0) remove(index);
    else
      append({
        receivableId: debt.id,
        description: debt.name,
        category: debt.category,
        subcategory: debt.subcategory ?? null,
        amount: debt.balance,
        maxAmount: debt.balance,
      });
  };
  const addFree = () =>
    append({ receivableId: null, description: '', category: null, subcategory: null, amount: null, maxAmount: null });

  return (
    <Box sx={{ width: '100%' }}>
      {unitId && (
        <>
          <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
            {translate('accounting.incomes.pendingDebts')}
          </Typography>
          <PendingDebts unitId={unitId} lines={lines} onToggle={toggle} />
        </>
      )}
      {unitId && (
        <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
          {translate('accounting.incomes.lines')}
        </Typography>
      )}
      <TableContainer>
        <Table size="small" aria-label={translate('accounting.incomes.lines')} sx={{ minWidth: 820 }}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: 90 }}>{translate('accounting.incomes.line.unit')}</TableCell>
              <TableCell>{translate('accounting.incomes.line.description')}</TableCell>
              <TableCell sx={{ width: 200 }}>{translate('accounting.incomes.line.category')}</TableCell>
              <TableCell sx={{ width: 200 }}>{translate('accounting.incomes.line.subcategory')}</TableCell>
              <TableCell sx={{ width: 140 }} align="right">
                {translate('accounting.incomes.line.amount')}
              </TableCell>
              <TableCell sx={{ width: 48 }} />
            </TableRow>
          </TableHead>
          <TableBody>
            {fields.length === 0 && (
              <TableRow>
                <TableCell colSpan={6} sx={{ textAlign: 'center', color: 'text.secondary', py: 2 }}>
                  {translate('accounting.incomes.noLines')}
                </TableCell>
              </TableRow>
            )}
            {fields.map((field, index) => {
              const paysDebt = Boolean(lines[index]?.receivableId);
              return (
                <TableRow key={field.id}>
                  <TableCell sx={{ ...cell, pt: 1.75, whiteSpace: 'nowrap' }}>{unit?.number ?? '—'}</TableCell>
                  <TableCell sx={cell}>
                    <TextInput
                      source={`lines.${index}.description`}
                      validate={[requiredValue, maxLength(250, MESSAGES.maxLength(250))]}
                      slotProps={{ htmlInput: { 'aria-label': translate('accounting.incomes.line.description') } }}
                      {...compact}
                    />
                  </TableCell>
                  <TableCell sx={cell}>
                    <CategoryInput
                      kind="income"
                      source={`lines.${index}.category`}
                      subcategorySource={`lines.${index}.subcategory`}
                      validate={requiredValue}
                      readOnly={paysDebt}
                      slotProps={{ select: { inputProps: { 'aria-label': translate('accounting.incomes.line.category') } } }}
                      {...compact}
                    />
                  </TableCell>
                  <TableCell sx={cell}>
                    <SubcategoryInput
                      kind="income"
                      source={`lines.${index}.subcategory`}
                      categorySource={`lines.${index}.category`}
                      readOnly={paysDebt}
                      slotProps={{ select: { inputProps: { 'aria-label': translate('accounting.incomes.line.subcategory') } } }}
                      {...compact}
                    />
                  </TableCell>
                  <TableCell sx={cell}>
                    <NumberInput
                      source={`lines.${index}.amount`}
                      validate={[positiveAmount, withinDebt(index)]}
                      min={0}
                      step={0.01}
                      slotProps={{ htmlInput: { 'aria-label': translate('accounting.incomes.line.amount') } }}
                      {...compact}
                      sx={{ '& input': { textAlign: 'right' } }}
                    />
                  </TableCell>
                  <TableCell sx={{ ...cell, pt: 1 }}>
                    <Tooltip title={translate('accounting.incomes.removeLine')}>
                      <IconButton
                        size="small"
                        onClick={() => remove(index)}
                        aria-label={translate('accounting.incomes.removeLine')}
                      >
                        <DeleteIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      <Button size="small" startIcon={<AddIcon />} onClick={addFree} sx={{ mt: 1 }}>
        {translate('accounting.incomes.addLine')}
      </Button>
      <LinesCheck />
    </Box>
  );
}

/** Cobros, Saldo a favor, Descuento and the total received, as they change. */
export function IncomeTotals() {
  const translate = useTranslate();
  const [lines, advance, discount] = useWatch({ name: ['lines', 'advance', 'discount'] }) as [LineValue[], unknown, unknown];
  const t = incomeTotals(lines, advance, discount);
  const row = (label: string, cents: number, bold = false) => (
    <TableRow>
      <TableCell sx={{ border: 0, py: 0.25, fontWeight: bold ? 'bold' : undefined }}>{translate(label)}</TableCell>
      <TableCell align="right" sx={{ border: 0, py: 0.25 }}>
        <Money value={fromCents(cents)} bold={bold} />
      </TableCell>
    </TableRow>
  );
  return (
    <Table size="small" sx={{ width: 'auto', minWidth: 280 }} aria-label={translate('accounting.incomes.summary')}>
      <TableBody>
        {row('accounting.incomes.sumLines', t.linesCents)}
        {row('accounting.incomes.sumAdvance', t.advanceCents)}
        {row('accounting.incomes.sumDiscount', -t.discountCents)}
        {row('accounting.incomes.sumTotal', t.totalCents, true)}
      </TableBody>
    </Table>
  );
}
