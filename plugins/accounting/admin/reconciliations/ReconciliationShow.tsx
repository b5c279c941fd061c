// conciliar/:id (the reconciliation) and conciliar/:id/detalle (the incomes and expenses it marked). Mounted as
// the resource's edit route (':id/*'), so that both spec paths live under the resource.
import { formatDateTime } from '@conjunto/core';
import ListAltIcon from '@mui/icons-material/ListAlt';
import {
  Button,
  FunctionField,
  Link,
  ListButton,
  NumberField,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useParams,
  useRecordContext,
  useRouterProvider,
  useTranslate,
} from 'react-admin';
import type { Reconciliation } from '../../schemas.ts';
import { DayField } from '../shared/DayField.tsx';
import { MoneyField } from '../shared/MoneyField.tsx';
import { RESOURCES } from '../shared/paths.ts';
import ReconciliationDetail, { useReconciliationPath } from './ReconciliationDetail.tsx';

function Actions() {
  const record = useRecordContext<Reconciliation>();
  const detail = useReconciliationPath(record?.id, true);
  return (
    <TopToolbar>
      <ListButton />
      {record && (
        <Button component={Link} to={detail} label="accounting.treasury.reconciliation.detail">
          <ListAltIcon />
        </Button>
      )}
    </TopToolbar>
  );
}

function ReconciliationTitle() {
  const record = useRecordContext<Reconciliation>();
  const translate = useTranslate();
  return <span>{translate('accounting.treasury.reconciliation.title', { account: record?.accountName ?? '' })}</span>;
}

function Summary() {
  const { id } = useParams<{ id: string }>();
  return (
    <Show resource={RESOURCES.reconciliations} id={id} actions={<Actions />} title={<ReconciliationTitle />}>
      <SimpleShowLayout>
        <TextField source="accountName" />
        <DayField source="untilDate" />
        {/* Counts group thousands as money does (1,234), whatever the browser language. */}
        <NumberField source="incomeCount" locales="en-US" />
        <MoneyField source="incomeTotal" />
        <NumberField source="expenseCount" locales="en-US" />
        <MoneyField source="expenseTotal" />
        <TextField source="userName" />
        <FunctionField source="createdAt" render={(r: Reconciliation) => formatDateTime(r.createdAt)} />
      </SimpleShowLayout>
    </Show>
  );
}

export default function ReconciliationShow() {
  const { Routes, Route } = useRouterProvider();
  return (
    <Routes>
      <Route path="detalle" element={<ReconciliationDetail />} />
      <Route path="*" element={<Summary />} />
    </Routes>
  );
}
