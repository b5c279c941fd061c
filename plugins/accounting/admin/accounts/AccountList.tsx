// Cuentas bancarias / Cajas: each account with its bank, number, type and live balance (the list's `balance`,
// derived by the server from every income, expense and transfer).
import Typography from '@mui/material/Typography';
import { CreateButton, DataTable, List, SearchInput, TopToolbar, useTranslate } from 'react-admin';
import { useCanManage } from '../shared/canManage.ts';
import { DayField } from '../shared/DayField.tsx';
import { MoneyField } from '../shared/MoneyField.tsx';
import { AccountRowActions } from './AccountRowActions.tsx';
import { useAccountType } from './accountKind.ts';
import { BankAvatar } from './BankAvatar.tsx';

const filters = [<SearchInput key="q" source="q" alwaysOn />];

function Actions() {
  const canManage = useCanManage();
  return <TopToolbar>{canManage && <CreateButton />}</TopToolbar>;
}

function Empty() {
  const translate = useTranslate();
  return (
    <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
      {translate('accounting.shared.empty')}
    </Typography>
  );
}

export default function AccountList() {
  const type = useAccountType();
  const bank = type === 'Cuenta Bancaria';
  const canManage = useCanManage();
  return (
    <List
      title={bank ? 'accounting.ledgerMenu.bankAccounts' : 'accounting.ledgerMenu.cashBoxes'}
      filter={{ methodType: type }}
      filters={filters}
      actions={<Actions />}
      sort={{ field: 'name', order: 'ASC' }}
      perPage={25}
      exporter={false}
      empty={false}
    >
      <DataTable bulkActionButtons={false} rowClick="show" empty={<Empty />}>
        {bank && <DataTable.Col source="bankName" disableSort field={BankAvatar} />}
        <DataTable.Col source="name" />
        {bank && <DataTable.Col source="number" disableSort />}
        {bank && <DataTable.Col source="accountType" disableSort />}
        <DataTable.Col source="cutoffDate" field={DayField} />
        <DataTable.Col source="balance" disableSort align="right" field={MoneyField} />
        {canManage && <DataTable.Col label="accounting.shared.actions" align="right" field={AccountRowActions} />}
      </DataTable>
    </List>
  );
}
