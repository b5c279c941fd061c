// Rubros de ingresos / egresos (spec 002 §3 "Rubros"): each rubro with its subrubros; a rubro in use cannot be
// deleted (the server says so) nor renamed.
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  CreateButton,
  DataTable,
  DeleteWithConfirmButton,
  EditButton,
  List,
  SearchInput,
  TopToolbar,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import type { Category } from '../../schemas.ts';
import { useCanManage } from '../shared/canManage.ts';
import { useCategoryKind } from './categoryKind.ts';

const filters = [<SearchInput key="q" source="q" alwaysOn />];

function Actions() {
  const canManage = useCanManage();
  return <TopToolbar>{canManage && <CreateButton />}</TopToolbar>;
}

function Subcategories() {
  const record = useRecordContext<Category>();
  if (!record) return null;
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      {record.subcategories.map((s) => (
        <Chip key={s} label={s} size="small" variant="outlined" />
      ))}
    </Stack>
  );
}

function RowActions() {
  const record = useRecordContext<Category>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
      <EditButton />
      <DeleteWithConfirmButton
        mutationMode="pessimistic"
        confirmTitle="accounting.categories.deleteTitle"
        confirmContent={translate('accounting.categories.deleteContent', { name: record.name })}
      />
    </Stack>
  );
}

function Empty() {
  const translate = useTranslate();
  return (
    <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
      {translate('accounting.shared.empty')}
    </Typography>
  );
}

export default function CategoryList() {
  const kind = useCategoryKind();
  const canManage = useCanManage();
  return (
    <List
      title={kind === 'income' ? 'accounting.ledgerMenu.incomeCategories' : 'accounting.ledgerMenu.expenseCategories'}
      filter={{ kind }}
      filters={filters}
      actions={<Actions />}
      sort={{ field: 'name', order: 'ASC' }}
      perPage={25}
      exporter={false}
      empty={false}
    >
      <DataTable bulkActionButtons={false} rowClick={false} empty={<Empty />}>
        <DataTable.Col source="name" />
        <DataTable.Col source="subcategories" disableSort field={Subcategories} />
        {canManage && <DataTable.Col label="accounting.shared.actions" align="right" field={RowActions} />}
      </DataTable>
    </List>
  );
}
