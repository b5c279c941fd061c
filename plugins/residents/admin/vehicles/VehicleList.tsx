// /administrador/placas and /administrador/tags (spec 002 §2.5 screens 11-12): the list with search, filters by
// status, unit and resident, CSV/Excel export, the report, the bulk import, and per row block/unblock and delete.
// The board reads the same list without the write buttons.

import { saveBlob } from '@conjunto/core';
import { ExportButton, ImportButton } from '@conjunto/core/ui';
import AssessmentIcon from '@mui/icons-material/Assessment';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import {
  AutocompleteInput,
  CanAccess,
  CreateButton,
  DataTable,
  DateField,
  FilterButton,
  List,
  Button as RaButton,
  ReferenceInput,
  SearchInput,
  SelectInput,
  TopToolbar,
  useCanAccess,
  useListContext,
  useTranslate,
} from 'react-admin';
import { VEHICLE_STATUSES } from '../../vehicles.ts';
import { useKind, useNotifyError, useShellCalls } from './kinds.ts';
import { VehicleRowActions } from './VehicleRowActions.tsx';
import { VehicleStatusField } from './VehicleStatusField.tsx';

export const residentLabel = (r: { firstName?: string; lastName?: string; email?: string }) =>
  `${r.firstName ?? ''} ${r.lastName ?? ''}`.trim() || (r.email ?? '');

/** 'Reporte': the spreadsheet of the plates (or tags) by unit, with the list's status and unit filters. */
function ReportButton() {
  const { t, resource } = useKind();
  const { filterValues } = useListContext();
  const api = useShellCalls();
  const notifyError = useNotifyError();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const query = new URLSearchParams({ format: 'xlsx' });
      for (const key of ['status', 'unitId'] as const)
        if (typeof filterValues?.[key] === 'string') query.set(key, filterValues[key] as string);
      const { blob, filename } = await api.sendFile(resource, `report?${query}`);
      saveBlob(blob, filename ?? `reporte-${resource}.xlsx`);
    } catch (error) {
      notifyError(error, t('errors.load'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <RaButton label={t('actions.report')} onClick={download} disabled={busy}>
      <AssessmentIcon />
    </RaButton>
  );
}

function ListActions() {
  return (
    <TopToolbar>
      <FilterButton />
      <CanAccess action="create">
        <CreateButton />
      </CanAccess>
      <CanAccess action="import">
        <ImportButton />
      </CanAccess>
      <ExportButton />
      <ExportButton format="xlsx" />
      <CanAccess action="report">
        <ReportButton />
      </CanAccess>
    </TopToolbar>
  );
}

function Empty() {
  const translate = useTranslate();
  const { t } = useKind();
  return (
    <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
      {translate(t('empty'))}
    </Typography>
  );
}

export default function VehicleList() {
  const translate = useTranslate();
  const { t, resource } = useKind();
  const notifyError = useNotifyError();
  const { canAccess: canEdit } = useCanAccess({ resource, action: 'edit' });
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate(t('search'))} sx={{ minWidth: { sm: 320 } }} />,
    <SelectInput key="status" source="status" choices={VEHICLE_STATUSES.map((id) => ({ id, name: t(`status.${id}`) }))} />,
    <ReferenceInput key="unitId" source="unitId" reference="units" sort={{ field: 'number', order: 'ASC' }} perPage={50}>
      <AutocompleteInput optionText="number" filterToQuery={(q: string) => ({ q })} />
    </ReferenceInput>,
    <ReferenceInput key="residentId" source="residentId" reference="residents" perPage={50}>
      <AutocompleteInput optionText={residentLabel} filterToQuery={(q: string) => ({ q })} />
    </ReferenceInput>,
  ];
  return (
    <List
      title={t('title')}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      filters={filters}
      actions={<ListActions />}
      exporter={false}
      empty={false}
      queryOptions={{ onError: (error) => notifyError(error, t('errors.retrieve')) }}
    >
      <DataTable rowClick={canEdit ? 'edit' : false} bulkActionButtons={false} empty={<Empty />}>
        <DataTable.Col source="value" />
        <DataTable.Col source="status" field={VehicleStatusField} />
        <DataTable.Col source="unitNumber" />
        <DataTable.Col source="residentName" />
        <DataTable.Col source="blockReason" disableSort />
        <DataTable.Col source="createdAt" field={DateField} />
        <DataTable.Col label={t('actions.title')} align="right">
          <VehicleRowActions />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
