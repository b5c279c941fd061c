// egresos/:id/show: one expense with its payment lines ('Pagos'); edit and delete while it is not reconciled.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import {
  ArrayField,
  BooleanField,
  DataTable,
  EditButton,
  FunctionField,
  ListButton,
  NumberField,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useCanAccess,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import type { Expense } from '../../schemas.ts';
import { VoucherButton } from '../documents/VoucherButton.tsx';
import { MethodField } from '../shared/CodeField.tsx';
import { ConfirmDeleteButton } from '../shared/ConfirmDeleteButton.tsx';
import { DayField } from '../shared/DayField.tsx';
import { MoneyField } from '../shared/MoneyField.tsx';
import { partyName, ReconciledNotice, TotalLine } from './ExpenseFields.tsx';

function Actions() {
  const record = useRecordContext<Expense>();
  const { canAccess: canEdit } = useCanAccess({ action: 'edit' });
  const { canAccess: canDelete } = useCanAccess({ action: 'delete' });
  const editable = record && !record.reconciled;
  return (
    <TopToolbar>
      <ListButton />
      <VoucherButton />
      {editable && canEdit && <EditButton />}
      {editable && canDelete && (
        <ConfirmDeleteButton
          confirmTitle="accounting.treasury.expense.deleteTitle"
          confirmContent="accounting.treasury.expense.deleteContent"
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
          <DataTable.Col source="description" label="accounting.shared.line.description" />
          <DataTable.Col source="category" label="accounting.shared.line.category" />
          <DataTable.Col source="subcategory" label="accounting.shared.line.subcategory" />
          <DataTable.Col source="amount" label="accounting.shared.line.amount" field={MoneyField} align="right" />
        </DataTable>
      </ArrayField>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
        <TotalLine value={record?.amount} />
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
        <MethodField source="method" />
        <NumberField source="chequeNumber" options={{ useGrouping: false }} emptyText="—" />
        <TextField source="invoice" emptyText="—" />
        <TextField source="description" />
        <BooleanField source="reconciled" />
        <Lines />
      </SimpleShowLayout>
    </Show>
  );
}
