// The charge lines (Cobros) of a new income: the unit's pending debts to tick (each becomes a line that pays
// it, for at most what it owes) and free lines; each line with Casa, Descripción, Rubro, SubRubro and Valor.

import { fromCents } from '@conjunto/core';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { maxLength, NumberInput, TextInput, useGetOne, useTranslate, type Validator } from 'react-admin';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { ACCOUNTING_MESSAGES as M } from '../../manifest.ts';
import type { Receivable } from '../../schemas.ts';
import { DebtPicker } from '../receivables/DebtPicker.tsx';
import { API } from '../shared/accountingApi.ts';
import { CategoryInput, SubcategoryInput } from '../shared/CategoryInputs.tsx';
import type { Unit } from '../shared/directory.ts';
import { FormRule } from '../shared/FormRule.tsx';
import { Money } from '../shared/MoneyField.tsx';
import { positiveAmount, requiredValue } from '../shared/validators.ts';
import { centsOf } from '../shared/values.ts';
import { incomeTotals, type LineValue } from './incomeMath.ts';

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

/** 'A line or an advance, and a discount within the total'. */
const linesRule = (_value: unknown, values: { lines?: LineValue[]; advance?: unknown; discount?: unknown }) => {
  const t = incomeTotals(values.lines, values.advance, values.discount);
  if (!values.lines?.length && t.advanceCents === 0) return 'accounting.incomes.linesRequired';
  if (t.discountCents > t.linesCents + t.advanceCents) return M.discountTooHigh;
  return undefined;
};

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
          <DebtPicker
            unitId={unitId}
            isChosen={(debt) => lines.some((l) => l.receivableId === debt.id)}
            onToggle={toggle}
            column="category"
          />
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
              <TableCell sx={{ width: 90 }}>{translate('accounting.shared.line.unit')}</TableCell>
              <TableCell>{translate('accounting.shared.line.description')}</TableCell>
              <TableCell sx={{ width: 200 }}>{translate('accounting.shared.line.category')}</TableCell>
              <TableCell sx={{ width: 200 }}>{translate('accounting.shared.line.subcategory')}</TableCell>
              <TableCell sx={{ width: 140 }} align="right">
                {translate('accounting.shared.line.amount')}
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
                      validate={[requiredValue, maxLength(250)]}
                      slotProps={{ htmlInput: { 'aria-label': translate('accounting.shared.line.description') } }}
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
                      slotProps={{ select: { inputProps: { 'aria-label': translate('accounting.shared.line.category') } } }}
                      {...compact}
                    />
                  </TableCell>
                  <TableCell sx={cell}>
                    <SubcategoryInput
                      kind="income"
                      source={`lines.${index}.subcategory`}
                      categorySource={`lines.${index}.category`}
                      readOnly={paysDebt}
                      slotProps={{ select: { inputProps: { 'aria-label': translate('accounting.shared.line.subcategory') } } }}
                      {...compact}
                    />
                  </TableCell>
                  <TableCell sx={cell}>
                    <NumberInput
                      source={`lines.${index}.amount`}
                      validate={[positiveAmount, withinDebt(index)]}
                      min={0}
                      step={0.01}
                      slotProps={{ htmlInput: { 'aria-label': translate('accounting.shared.line.amount') } }}
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
      <FormRule name="linesCheck" validate={linesRule} />
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
