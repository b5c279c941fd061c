// The frame every accounting list shares: 25 rows a page, the server's CSV and Excel export, the filters and the create button
// above the table (the filters stay when nothing matches), and a Spanish message when the page cannot load.

import { ExportButton } from '@conjunto/core/ui';
import Typography from '@mui/material/Typography';
import { isValidElement, type ReactElement } from 'react';
import {
  CanAccess,
  CreateButton,
  FilterButton,
  List,
  type ListProps,
  SearchInput,
  TopToolbar,
  useFilterContext,
  useResourceDefinition,
  useTranslate,
} from 'react-admin';
import { useNotifyError } from './accountingApi.ts';

export function ListScreen(props: ListProps) {
  const notifyError = useNotifyError();
  return (
    <List
      perPage={25}
      exporter={false}
      empty={false}
      actions={<ListActions />}
      queryOptions={{ onError: (error) => notifyError(error, 'accounting.shared.loadError') }}
      {...props}
    />
  );
}

/**
 * 'Agregar filtro' when some filter is not always shown, and the resource's create button for the roles the
 * plugin's access table lets create (`create={false}` when the screen offers creation elsewhere).
 */
export function ListActions({
  create = true,
  createLabel,
  createIcon,
}: {
  create?: boolean;
  createLabel?: string;
  createIcon?: ReactElement;
}) {
  const filters = useFilterContext();
  const { hasCreate } = useResourceDefinition();
  return (
    <TopToolbar>
      {filters?.some((f) => isValidElement<{ alwaysOn?: boolean }>(f) && !f.props.alwaysOn) && <FilterButton />}
      {create && hasCreate && (
        <CanAccess action="create">
          <CreateButton label={createLabel} icon={createIcon} />
        </CanAccess>
      )}
      <ExportButton />
      <ExportButton format="xlsx" />
    </TopToolbar>
  );
}

/** The list's text search, always shown, with what it searches ('Buscar por nombre, RUC o correo'). */
export function useSearchFilter(placeholder: string) {
  const translate = useTranslate();
  return <SearchInput key="q" source="q" alwaysOn placeholder={translate(placeholder)} sx={{ minWidth: 340 }} />;
}

/** An empty table: 'No hay información' (spec 002 §2.5). */
export function NoData() {
  const translate = useTranslate();
  return (
    <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
      {translate('accounting.shared.empty')}
    </Typography>
  );
}
