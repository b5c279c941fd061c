// The guard's 'Familia/Inquilinos' (spec 002 §2.2) at /guardia/familia: who else may come in as a household's own,
// the residents' family members and the units' tenants, each searched by name, surname or cédula. Hidden, and
// refused by the server, while the complex's 'NoFamilyGuard' is on.
import { ExportButton } from '@conjunto/core/ui';
import Box from '@mui/material/Box';
import type { Theme } from '@mui/material/styles';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type ReactElement, useState } from 'react';
import { DataTable, List, Pagination, SearchInput, Title, TopToolbar, useTranslate } from 'react-admin';

const k = (key: string) => `residents.family.guard.${key}`;
const f = (key: string) => `residents.family.fields.${key}`;

interface Person {
  id: string;
  firstName: string;
  lastName: string;
  idNumber: string | null;
  relationship?: string | null;
  residentName?: string | null;
  unitNumber: string | null;
}

/** A phone's one column: the person over their cédula, relationship and unit. */
function PhoneRow({ row }: { row: Person }) {
  const details = [row.idNumber, row.relationship, row.residentName, row.unitNumber].filter(Boolean).join(' · ');
  return (
    <Box>
      <Typography variant="body2">{`${row.firstName} ${row.lastName}`}</Typography>
      <Typography variant="body2" color="text.secondary">
        {details}
      </Typography>
    </Box>
  );
}

function PeopleList({ resource, filter, columns }: { resource: string; filter?: object; columns: ReactElement[] }) {
  const translate = useTranslate();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  return (
    <List
      resource={resource}
      filter={filter}
      // The tabs share the page's address: each list keeps its search and page to itself.
      disableSyncWithLocation
      title={false}
      filters={[<SearchInput key="q" source="q" alwaysOn placeholder={translate(k('search'))} />]}
      debounce={500}
      perPage={10}
      pagination={<Pagination rowsPerPageOptions={[10, 25, 100]} />}
      sort={{ field: 'lastName', order: 'ASC' }}
      actions={
        <TopToolbar>
          <ExportButton />
          <ExportButton format="xlsx" />
        </TopToolbar>
      }
    >
      <DataTable rowClick={false} bulkActionButtons={false}>
        {phone ? <DataTable.Col source="lastName" label={f('lastName')} render={(r: Person) => <PhoneRow row={r} />} /> : columns}
      </DataTable>
    </List>
  );
}

const FAMILY_COLUMNS = [
  <DataTable.Col key="firstName" source="firstName" label={f('firstName')} />,
  <DataTable.Col key="lastName" source="lastName" label={f('lastName')} />,
  <DataTable.Col key="idNumber" source="idNumber" label={f('idNumber')} />,
  <DataTable.Col key="relationship" source="relationship" label={f('relationship')} />,
  <DataTable.Col key="residentName" source="residentName" label={k('fields.resident')} />,
  <DataTable.Col key="unitNumber" source="unitNumber" label={k('fields.unitNumber')} />,
];

const TENANT_COLUMNS = [
  <DataTable.Col key="firstName" source="firstName" label={f('firstName')} />,
  <DataTable.Col key="lastName" source="lastName" label={f('lastName')} />,
  <DataTable.Col key="idNumber" source="idNumber" label={f('idNumber')} disableSort />,
  <DataTable.Col key="unitNumber" source="unitNumber" label={k('fields.unitNumber')} />,
  <DataTable.Col
    key="phone"
    source="phone"
    label={k('fields.phone')}
    disableSort
    render={(r: Person & { phone?: string | null }) => r.phone || '—'}
  />,
];

export default function GuardFamilyList() {
  const translate = useTranslate();
  const [tab, setTab] = useState<'family' | 'tenants'>('family');
  return (
    <Box sx={{ mt: 1 }}>
      <Title title={translate(k('title'))} />
      <Tabs value={tab} onChange={(_, value) => setTab(value)} sx={{ mb: 1 }}>
        <Tab value="family" label={translate(k('family'))} />
        <Tab value="tenants" label={translate(k('tenants'))} />
      </Tabs>
      {tab === 'family' ? (
        <PeopleList key="family" resource="familia" columns={FAMILY_COLUMNS} />
      ) : (
        <PeopleList key="tenants" resource="inquilinos" filter={{ relation: 'tenant' }} columns={TENANT_COLUMNS} />
      )}
    </Box>
  );
}
