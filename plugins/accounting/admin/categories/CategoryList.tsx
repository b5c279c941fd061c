// Rubros de ingresos / egresos (spec 002 §3 "Rubros"): each rubro with its subrubros; a rubro in use cannot be
// deleted (the server says so) nor renamed.
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { DataTable, EditButton, SearchInput, useCanAccess, useRecordContext, useTranslate } from 'react-admin';
import type { Category } from '../../schemas.ts';
import { RowActions } from '../shared/ActionButton.tsx';
import { ConfirmDeleteButton } from '../shared/ConfirmDeleteButton.tsx';
import { ListScreen, NoData } from '../shared/ListScreen.tsx';
import { useCategoryKind } from './categoryKind.ts';

const filters = [<SearchInput key="q" source="q" alwaysOn />];

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

function CategoryActions() {
  const record = useRecordContext<Category>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <RowActions>
      <EditButton />
      <ConfirmDeleteButton
        confirmTitle="accounting.categories.deleteTitle"
        confirmContent={translate('accounting.categories.deleteContent', { name: record.name })}
      />
    </RowActions>
  );
}

export default function CategoryList() {
  const kind = useCategoryKind();
  const { canAccess: canEdit } = useCanAccess({ action: 'edit' });
  return (
    <ListScreen
      title={kind === 'income' ? 'accounting.ledgerMenu.incomeCategories' : 'accounting.ledgerMenu.expenseCategories'}
      filter={{ kind }}
      filters={filters}
      sort={{ field: 'name', order: 'ASC' }}
    >
      <DataTable bulkActionButtons={false} rowClick={false} empty={<NoData />}>
        <DataTable.Col source="name" />
        <DataTable.Col source="subcategories" disableSort field={Subcategories} />
        {canEdit && <DataTable.Col label="accounting.shared.actions" align="right" field={CategoryActions} />}
      </DataTable>
    </ListScreen>
  );
}
