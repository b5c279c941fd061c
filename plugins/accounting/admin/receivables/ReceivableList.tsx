// Cuentas por cobrar: each debt of each unit (fees, extraordinary charges) with what is still owed and the
// days overdue; 'Generar expensas', extraordinary or mass charges, and 'Transferir deudas' to a new owner; the
// selected debts' residents notified, or those without payments deleted, at once.

import { DayInput, useJobOf } from '@conjunto/core/ui';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  BooleanInput,
  CreateButton,
  DataTable,
  SearchInput,
  SelectInput,
  useCanAccess,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { accountingJob } from '../../manifest.ts';
import type { Receivable } from '../../schemas.ts';
import { API } from '../shared/accountingApi.ts';
import { DayField } from '../shared/DayField.tsx';
import { ListActions, ListScreen, NoData } from '../shared/ListScreen.tsx';
import { MoneyField } from '../shared/MoneyField.tsx';
import { NoWrapField } from '../shared/NoWrapField.tsx';
import { UnitInput } from '../shared/UnitInput.tsx';
import { ApplyCreditButton } from './ApplyCreditButton.tsx';
import { GenerateFeesButton, GenerateFeesProgress } from './GenerateFeesDialog.tsx';
import { ReceivableBulkActions } from './ReceivableBulkActions.tsx';
import { TransferDebtsButton } from './TransferDebtsDialog.tsx';

const statusChoices = [
  { id: 'true', name: 'accounting.receivables.status.pending' },
  { id: 'false', name: 'accounting.receivables.status.paid' },
];

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <UnitInput key="unitId" source="unitId" alwaysOn sx={{ width: 160 }} />,
  // Pendientes (something owed), Pagadas, or every debt (no filter).
  <SelectInput
    key="pending"
    source="pending"
    choices={statusChoices}
    emptyText="accounting.receivables.status.all"
    alwaysOn
    sx={{ width: 160 }}
  />,
  <BooleanInput key="overdue" source="overdue" />,
  <DayInput key="dueDate_gte" source="dueDate_gte" />,
  <DayInput key="dueDate_lte" source="dueDate_lte" />,
];

/** Inside the list: it needs the list's unit filter. */
function ListBar() {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <ApplyCreditButton />
      <ListActions create={false} />
    </Stack>
  );
}

/** The managing actions sit above the list, so that the filters keep one line. */
function ManageBar() {
  const { canAccess: canTransfer } = useCanAccess({ resource: API.receivables, action: 'transfer' });
  const { canAccess: canGenerate } = useCanAccess({ resource: API.receivables, action: 'generate' });
  const { canAccess: canCreate } = useCanAccess({ action: 'create' });
  // The fee generation runs as a job: its bar shows here, also when the page is opened again while it runs.
  const fees = useJobOf(accountingJob('generateFees'), Boolean(canGenerate));
  if (!canTransfer && !canGenerate && !canCreate) return null;
  return (
    <>
      <Stack direction="row" spacing={1} useFlexGap sx={{ justifyContent: 'flex-end', flexWrap: 'wrap', mt: 1 }}>
        {canTransfer && <TransferDebtsButton />}
        {canGenerate && <GenerateFeesButton running={fees.running} onQueued={fees.start} />}
        {canCreate && <CreateButton label="accounting.receivables.createExtraordinary" />}
      </Stack>
      {fees.job && (
        <Box sx={{ mt: 1 }}>
          <GenerateFeesProgress job={fees.job} loadError={fees.loadError} onClose={fees.dismiss} />
        </Box>
      )}
    </>
  );
}

function OverdueField() {
  const record = useRecordContext<Receivable>();
  const translate = useTranslate();
  if (!record) return null;
  if (!record.overdue) return <Typography variant="body2">0</Typography>;
  return (
    <Chip
      size="small"
      color="error"
      label={translate('accounting.receivables.overdueDays', { smart_count: record.daysOverdue })}
    />
  );
}

/** The subrubro (the rubro when there is none); the rubro in its tooltip. */
function CategoryField() {
  const record = useRecordContext<Receivable>();
  if (!record) return null;
  return (
    <Tooltip title={[record.category, record.subcategory].filter(Boolean).join(' / ')}>
      <Typography variant="body2">{record.subcategory ?? record.category}</Typography>
    </Tooltip>
  );
}

function DescriptionField() {
  const record = useRecordContext<Receivable>();
  if (!record?.description) return null;
  return (
    <Typography variant="caption" color="text.secondary" sx={{ display: 'block', maxWidth: 200 }}>
      {record.description}
    </Typography>
  );
}

export default function ReceivableList() {
  const { canAccess: canEdit } = useCanAccess({ action: 'edit' });
  return (
    <>
      <ManageBar />
      <ListScreen
        title="accounting.ledgerMenu.receivables"
        filters={filters}
        filterDefaultValues={{ pending: 'true' }}
        actions={<ListBar />}
        sort={{ field: 'dueDate', order: 'ASC' }}
      >
        <DataTable
          bulkActionButtons={<ReceivableBulkActions />}
          rowClick={canEdit ? 'edit' : false}
          empty={<NoData />}
          sx={{ '& .MuiTableCell-root': { px: 1 } }}
        >
          <DataTable.Col source="unitNumber" field={NoWrapField} />
          <DataTable.Col source="userName" disableSort />
          <DataTable.Col source="name" />
          <DataTable.Col source="description" disableSort field={DescriptionField} />
          <DataTable.Col source="category" disableSort field={CategoryField} />
          <DataTable.Col source="originalAmount" align="right" field={MoneyField} />
          <DataTable.Col source="discount" align="right" disableSort field={MoneyField} />
          <DataTable.Col source="balance" align="right" field={MoneyField} />
          <DataTable.Col source="dueDate" field={DayField} />
          <DataTable.Col source="daysOverdue" disableSort align="right" field={OverdueField} />
        </DataTable>
      </ListScreen>
    </>
  );
}
