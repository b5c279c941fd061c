// Cuentas bancarias / Cajas: each account with its bank, number, type and live balance (the list's `balance`,
// derived by the server from every income, expense and transfer).
import { DataTable, SearchInput, useCanAccess } from 'react-admin';
import { DayField } from '../shared/DayField.tsx';
import { ListScreen, NoData } from '../shared/ListScreen.tsx';
import { MoneyField } from '../shared/MoneyField.tsx';
import { AccountRowActions } from './AccountRowActions.tsx';
import { useAccountType } from './accountKind.ts';
import { BankAvatar } from './BankAvatar.tsx';

const filters = [<SearchInput key="q" source="q" alwaysOn />];

export default function AccountList() {
  const type = useAccountType();
  const bank = type === 'Cuenta Bancaria';
  const { canAccess: canEdit } = useCanAccess({ action: 'edit' });
  return (
    <ListScreen
      title={bank ? 'accounting.ledgerMenu.bankAccounts' : 'accounting.ledgerMenu.cashBoxes'}
      filter={{ methodType: type }}
      filters={filters}
      sort={{ field: 'name', order: 'ASC' }}
    >
      <DataTable bulkActionButtons={false} rowClick="show" empty={<NoData />}>
        {bank && <DataTable.Col source="bankName" disableSort field={BankAvatar} />}
        <DataTable.Col source="name" />
        {bank && <DataTable.Col source="number" disableSort />}
        {bank && <DataTable.Col source="accountType" disableSort />}
        <DataTable.Col source="cutoffDate" field={DayField} />
        <DataTable.Col source="balance" disableSort align="right" field={MoneyField} />
        {canEdit && <DataTable.Col label="accounting.shared.actions" align="right" field={AccountRowActions} />}
      </DataTable>
    </ListScreen>
  );
}
