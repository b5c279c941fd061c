// 'Asignar' an unidentified income to a unit (POST incomes/:id/assign). Ticking the unit's debts pays them, in
// order, up to the income's value; what is left stays in favour of the unit ('Saldo a favor').

import { formatMoney, fromCents, toCents } from '@conjunto/core';
import AssignmentIndIcon from '@mui/icons-material/AssignmentInd';
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useCanAccess, useNotify, useRecordContext, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { INCOME_PURPOSES } from '../../manifest.ts';
import type { Income, Receivable } from '../../schemas.ts';
import { DebtPicker } from '../receivables/DebtPicker.tsx';
import { ActionButton } from '../shared/ActionButton.tsx';
import { API, useAccountingApi } from '../shared/accountingApi.ts';
import { FormDialog } from '../shared/FormDialog.tsx';
import { UnitInput } from '../shared/UnitInput.tsx';
import { requiredValue } from '../shared/validators.ts';

const ADVANCE = INCOME_PURPOSES['Saldos a favor'];

interface AssignLine {
  receivableId: string | null;
  description: string;
  category: string;
  subcategory: string | null;
  amount: number;
}

const byDueDate = (debts: Receivable[]) => [...debts].sort((a, b) => a.dueDate.localeCompare(b.dueDate));

/** The chosen debts paid in order with `cents`, the rest as 'Saldo a favor'; the lines add up to `cents`. */
function allocate(cents: number, debts: Receivable[]): AssignLine[] {
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

/** The unit's debts to pay, and what the income becomes. */
function Debts({ income, chosen, setChosen }: { income: Income; chosen: Receivable[]; setChosen(debts: Receivable[]): void }) {
  const translate = useTranslate();
  const unitId = useWatch({ name: 'unitId' }) as string | undefined;
  const lines = useMemo(() => allocate(toCents(income.amount) + toCents(income.discount), byDueDate(chosen)), [income, chosen]);
  if (!unitId) return null;
  const isChosen = (d: Receivable) => chosen.some((c) => c.id === d.id);
  return (
    <>
      <DebtPicker
        unitId={unitId}
        isChosen={isChosen}
        onToggle={(d) => setChosen(isChosen(d) ? chosen.filter((c) => c.id !== d.id) : [...chosen, d])}
      />
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
  const api = useAccountingApi();
  const [chosen, setChosen] = useState<Receivable[]>([]);

  const submit = async (values: { unitId?: string }) => {
    const lines = chosen.length ? allocate(toCents(income.amount) + toCents(income.discount), byDueDate(chosen)) : undefined;
    await api.send(API.incomes, `${encodeURIComponent(income.id)}/assign`, {
      method: 'POST',
      body: { unitId: values.unitId, ...(lines ? { lines } : {}) },
    });
    notify('accounting.incomes.assigned', { type: 'success' });
  };

  return (
    <FormDialog
      title="accounting.incomes.assignTitle"
      titleArgs={{ number: income.receiptNumber ?? '', amount: formatMoney(income.amount) }}
      submitLabel="accounting.incomes.assign"
      onSubmit={submit}
      errorKey="accounting.shared.saveError"
      onClose={onClose}
    >
      <Alert severity="info" sx={{ mb: 2 }}>
        {translate('accounting.incomes.assignHelp')}
      </Alert>
      <UnitInput source="unitId" validate={requiredValue} onChange={() => setChosen([])} />
      <Debts income={income} chosen={chosen} setChosen={setChosen} />
    </FormDialog>
  );
}

/** Shown only for an unidentified income (no unit) that is not annulled, to the roles the access table lets assign. */
export function AssignButton({ compact = false }: { compact?: boolean }) {
  const record = useRecordContext<Income>();
  const { canAccess } = useCanAccess({ resource: API.incomes, action: 'assign' });
  const [open, setOpen] = useState(false);
  if (!record || !canAccess || record.unitId || record.annulled || record.isInitialBalance) return null;
  return (
    <>
      <ActionButton compact={compact} label="accounting.incomes.assign" Icon={AssignmentIndIcon} onClick={() => setOpen(true)} />
      {open && <AssignDialog income={record} onClose={() => setOpen(false)} />}
    </>
  );
}
