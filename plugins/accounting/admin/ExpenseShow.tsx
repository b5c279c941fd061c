// egresos/:id/show: one expense with its payment lines ('Pagos'); edit and delete while it is not reconciled.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import {
  ArrayField,
  BooleanField,
  DataTable,
  DeleteButton,
  EditButton,
  FunctionField,
  ListButton,
  NumberField,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import type { Expense } from '../schemas.ts';
import { useNotifyError } from './shared/accountingApi.ts';
import { useCanManage } from './shared/canManage.ts';
import { DayField } from './shared/DayField.tsx';
import { MoneyField } from './shared/MoneyField.tsx';
import { partyName, TotalLine } from './TreasuryCommon.tsx';

function Actions() {
  const record = useRecordContext<Expense>();
  const canManage = useCanManage();
  const notifyError = useNotifyError();
  const editable = canManage && record && !record.reconciled;
  return (
    <TopToolbar>
      <ListButton />
      {editable && <EditButton />}
      {editable && (
        <DeleteButton
          mutationMode="pessimistic"
          confirmTitle="accounting.treasury.expense.deleteTitle"
          confirmContent="accounting.treasury.expense.deleteContent"
          mutationOptions={{ onError: (error) => notifyError(error, 'accounting.treasury.errors.delete') }}
        />
      )}
    </TopToolbar>
  );
}

function ExpenseTitle() {
  const record = useRecordContext<Expense>();
  const translate = useTranslate();
  return <span>{translate('accounting.treasury.expense.title', { number: record?.receiptNumber ?? '' })}</span>;
}

function ReconciledNotice() {
  const record = useRecordContext<Expense>();
  const translate = useTranslate();
  if (!record?.reconciled) return null;
  return (
    <Alert severity="info" sx={{ mb: 1 }}>
      {translate('accounting.treasury.reconciledNotice')}
    </Alert>
  );
}

function Lines() {
  const record = useRecordContext<Expense>();
  const translate = useTranslate();
  return (
    <Box sx={{ width: '100%' }}>
      <Typography variant="h6" sx={{ mb: 1 }}>
        {translate('accounting.treasury.expense.lines')}
      </Typography>
      <ArrayField source="lines">
        <DataTable bulkActionButtons={false} rowClick={false}>
          <DataTable.Col source="description" label="accounting.treasury.line.description" />
          <DataTable.Col source="category" label="accounting.treasury.line.category" />
          <DataTable.Col source="subcategory" label="accounting.treasury.line.subcategory" />
          <DataTable.Col source="amount" label="accounting.treasury.line.amount" field={MoneyField} align="right" />
        </DataTable>
      </ArrayField>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
        <TotalLine labelKey="accounting.treasury.total" value={record?.amount} />
      </Box>
    </Box>
  );
}

export default function ExpenseShow() {
  return (
    <Show actions={<Actions />} title={<ExpenseTitle />}>
      <SimpleShowLayout>
        <ReconciledNotice />
        <NumberField source="receiptNumber" options={{ useGrouping: false }} />
        <DayField source="date" />
        <FunctionField
          source="supplierName"
          label="resources.egresos.fields.party"
          render={(r: Expense) => partyName(r) || '—'}
        />
        <TextField source="accountName" />
        <TextField source="method" />
        <NumberField source="chequeNumber" options={{ useGrouping: false }} emptyText="—" />
        <TextField source="invoice" emptyText="—" />
        <TextField source="description" />
        <BooleanField source="reconciled" />
        <Lines />
      </SimpleShowLayout>
    </Show>
  );
}
