// Edit a debt: its name, description, due date and discount (the discount lowers what is still owed). A
// debt without payments can be deleted.

import { DayInput } from '@conjunto/core/ui';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { maxLength, NumberInput, TextInput, useRecordContext, useTranslate } from 'react-admin';
import type { Receivable } from '../../schemas.ts';
import { ConfirmDeleteButton } from '../shared/ConfirmDeleteButton.tsx';
import { DayField } from '../shared/DayField.tsx';
import { EditScreen, SaveDeleteToolbar, SimpleForm } from '../shared/FormScreens.tsx';
import { Money } from '../shared/MoneyField.tsx';
import { nonNegativeAmount, requiredValue } from '../shared/validators.ts';
import { textOrNull } from '../shared/values.ts';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Grid size={{ xs: 6, sm: 3 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {translate(label)}
      </Typography>
      <Typography variant="body2" component="div">
        {children}
      </Typography>
    </Grid>
  );
}

function Facts() {
  const record = useRecordContext<Receivable>();
  if (!record) return null;
  const f = (name: string) => `resources.cuentasPorCobrar.fields.${name}`;
  return (
    <Grid container spacing={2} sx={{ mb: 2, width: '100%', maxWidth: 800 }}>
      <Fact label={f('unitNumber')}>{record.unitNumber}</Fact>
      <Fact label={f('userName')}>{record.userName ?? '—'}</Fact>
      <Fact label={f('category')}>{[record.category, record.subcategory].filter(Boolean).join(' / ')}</Fact>
      <Fact label={f('createdAt')}>
        <DayField source="createdAt" />
      </Fact>
      <Fact label={f('originalAmount')}>
        <Money value={record.originalAmount} />
      </Fact>
      <Fact label={f('paid')}>
        <Money value={record.paid} />
      </Fact>
      <Fact label={f('balance')}>
        <Money value={record.balance} bold />
      </Fact>
    </Grid>
  );
}

function DeleteDebtButton() {
  const record = useRecordContext<Receivable>();
  const translate = useTranslate();
  return (
    <ConfirmDeleteButton
      confirmTitle="accounting.receivables.deleteTitle"
      confirmContent={translate('accounting.receivables.deleteContent', { name: record?.name ?? '' })}
    />
  );
}

const half = { xs: 12, sm: 6 } as const;

export default function ReceivableEdit() {
  return (
    <EditScreen
      redirect="list"
      transform={(v: Partial<Receivable>) => ({
        name: String(v.name ?? '').trim(),
        description: textOrNull(v.description),
        dueDate: v.dueDate,
        discount: Number(v.discount ?? 0) || 0,
      })}
    >
      <SimpleForm toolbar={<SaveDeleteToolbar deleteButton={<DeleteDebtButton />} />}>
        <Facts />
        <Grid container columnSpacing={2} sx={{ width: '100%', maxWidth: 800 }}>
          <Grid size={half}>
            <TextInput source="name" validate={[requiredValue, maxLength(150)]} />
          </Grid>
          <Grid size={half}>
            <DayInput source="dueDate" validate={requiredValue} />
          </Grid>
          <Grid size={half}>
            <NumberInput
              source="discount"
              validate={nonNegativeAmount}
              min={0}
              step={0.01}
              helperText="accounting.receivables.discountHelp"
            />
          </Grid>
          <Grid size={{ xs: 12 }}>
            <TextInput source="description" validate={maxLength(500)} multiline />
          </Grid>
        </Grid>
      </SimpleForm>
    </EditScreen>
  );
}
