// Housing units of the current complex: search, natural order by number (the server's), edit, delete, import; the
// lock and the ledger's derived fields (last payment, balances, arrears) read-only.
import { formatMoney } from '@conjunto/core';
import { ImportButton } from '@conjunto/core/ui';
import {
  BooleanField,
  CreateButton,
  DataTable,
  ExportButton,
  List,
  type RaRecord,
  ReferenceField,
  SearchInput,
  TopToolbar,
  useResourceDefinition,
} from 'react-admin';
import { useCsvExporter } from '../../../csv.ts';
import { useFormatters } from '../../../format.ts';

const filters = [<SearchInput key="q" source="q" alwaysOn />];

function Actions() {
  const { hasCreate } = useResourceDefinition();
  return (
    <TopToolbar>
      <CreateButton />
      {hasCreate && <ImportButton />}
      <ExportButton />
    </TopToolbar>
  );
}

const residentName = (r: RaRecord | undefined) => (r ? `${r.firstName ?? ''} ${r.lastName ?? ''}`.trim() : '');

export default function UnitList() {
  const format = useFormatters();
  const exporter = useCsvExporter(
    [
      { source: 'number' },
      { source: 'aliquot' },
      { source: 'type' },
      { source: 'subComplex' },
      { source: 'ownerId', value: (r, rel) => residentName(rel.owners[r.ownerId]) },
      { source: 'tenantId', value: (r, rel) => residentName(rel.tenants[r.tenantId]) },
      { source: 'rented' },
      { source: 'isActive' },
      { source: 'locked' },
      { source: 'address' },
      { source: 'lastPaymentDate' },
      { source: 'lastFee' },
      { source: 'ownerBalance' },
      { source: 'tenantBalance' },
      { source: 'inArrears' },
    ],
    { owners: ['ownerId', 'residente'], tenants: ['tenantId', 'residente'] },
  );
  return (
    <List filters={filters} actions={<Actions />} sort={{ field: 'number', order: 'ASC' }} perPage={25} exporter={exporter}>
      <DataTable rowClick="edit">
        <DataTable.Col source="number" />
        <DataTable.Col source="aliquot" align="right" render={(r: { aliquot?: number }) => format.percent(r.aliquot)} />
        <DataTable.Col source="type" />
        <DataTable.Col source="subComplex" />
        <DataTable.Col source="ownerId" disableSort>
          <ReferenceField source="ownerId" reference="residente" link={false} emptyText="—" />
        </DataTable.Col>
        <DataTable.Col source="tenantId" disableSort>
          <ReferenceField source="tenantId" reference="residente" link={false} emptyText="—" />
        </DataTable.Col>
        <DataTable.Col source="rented" field={BooleanField} disableSort />
        <DataTable.Col source="isActive" field={BooleanField} />
        <DataTable.Col source="locked" field={BooleanField} disableSort />
        <DataTable.Col
          source="lastPaymentDate"
          disableSort
          render={(r: { lastPaymentDate?: string | null }) => (r.lastPaymentDate ? format.date(r.lastPaymentDate) : '—')}
        />
        <DataTable.Col
          source="ownerBalance"
          align="right"
          disableSort
          render={(r: { ownerBalance?: number | null }) => (r.ownerBalance == null ? '—' : formatMoney(r.ownerBalance))}
        />
        <DataTable.Col
          source="inArrears"
          disableSort
          render={(r: { inArrears?: boolean | null }) => (r.inArrears == null ? '—' : <BooleanField source="inArrears" />)}
        />
      </DataTable>
    </List>
  );
}
