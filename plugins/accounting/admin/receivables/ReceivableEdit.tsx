// Edit a debt: its name, description, due date and discount (the discount lowers what is still owed). A
// debt without payments can be deleted.
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@conjunto/core';
import type { ReactNode } from 'react';
import {
  DateInput,
  DeleteWithConfirmButton,
  Edit,
  maxLength,
  NumberInput,
  SaveButton,
  SimpleForm,
  TextInput,
  Toolbar,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import type { Receivable } from '../../schemas.ts';
import { DayField } from '../shared/DayField.tsx';
import { ManageOnly } from '../shared/ManageOnly.tsx';
import { Money } from '../shared/MoneyField.tsx';
import { nonNegativeAmount, requiredValue } from '../shared/validators.ts';

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

function EditToolbar() {
  const record = useRecordContext<Receivable>();
  const translate = useTranslate();
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      <DeleteWithConfirmButton
        mutationMode="pessimistic"
        confirmTitle="accounting.receivables.deleteTitle"
        confirmContent={translate('accounting.receivables.deleteContent', { name: record?.name ?? '' })}
      />
    </Toolbar>
  );
}

const half = { xs: 12, sm: 6 } as const;

export default function ReceivableEdit() {
  return (
    <ManageOnly>
      <Edit
        mutationMode="pessimistic"
        redirect="list"
        transform={(v: Partial<Receivable>) => ({
          name: String(v.name ?? '').trim(),
          description: v.description?.trim() ? v.description.trim() : null,
          dueDate: v.dueDate,
          discount: Number(v.discount ?? 0) || 0,
        })}
      >
        <SimpleForm noValidate toolbar={<EditToolbar />}>
          <Facts />
          <Grid container columnSpacing={2} sx={{ width: '100%', maxWidth: 800 }}>
            <Grid size={half}>
              <TextInput source="name" validate={[requiredValue, maxLength(150, MESSAGES.maxLength(150))]} />
            </Grid>
            <Grid size={half}>
              <DateInput source="dueDate" validate={requiredValue} />
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
              <TextInput source="description" validate={maxLength(500, MESSAGES.maxLength(500))} multiline />
            </Grid>
          </Grid>
        </SimpleForm>
      </Edit>
    </ManageOnly>
  );
}
