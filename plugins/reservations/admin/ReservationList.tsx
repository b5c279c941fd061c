// 'reservas': the office's every reservation (filters, export, 'Nueva reserva' for a unit, cancel) and the guard's
// Historial > Reservas (spec 002 §2.2: the approved ones, today's first, and 'Validar código' at the gate).
import { ExportButton } from '@conjunto/core/ui';
import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import { useState } from 'react';
import {
  CanAccess,
  DataTable,
  List,
  ReferenceInput,
  SearchInput,
  SelectInput,
  TopToolbar,
  useCanAccess,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { RESERVATION_STATUSES } from '../reservations.ts';
import type { Reservation } from '../schemas.ts';
import { BookingDialog } from './BookingDialog.tsx';
import { useLiveRefresh } from './PendingList.tsx';
import { ReasonButton } from './ReasonDialog.tsx';
import { AREAS, CalendarButton, EmptyRows, k, RESERVATIONS, StatusChip, WhenField } from './shared.tsx';
import { ValidateCodeButton } from './ValidateCodeDialog.tsx';

function BookButton() {
  const translate = useTranslate();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" variant="outlined" startIcon={<AddIcon />} onClick={() => setOpen(true)}>
        {translate(k('list.book'))}
      </Button>
      <BookingDialog
        open={open}
        office
        onClose={(created) => {
          setOpen(false);
          if (created) refresh();
        }}
      />
    </>
  );
}

function Actions() {
  const { canAccess: office } = useCanAccess({ resource: RESERVATIONS, action: 'edit' });
  return (
    <TopToolbar>
      <CalendarButton resource={office ? AREAS : RESERVATIONS} />
      <CanAccess resource={RESERVATIONS} action="validate">
        <ValidateCodeButton />
      </CanAccess>
      <CanAccess resource={RESERVATIONS} action="edit">
        <BookButton />
      </CanAccess>
      <ExportButton />
      <ExportButton format="xlsx" />
    </TopToolbar>
  );
}

function CancelAction() {
  const record = useRecordContext<Reservation>();
  if (!record || (record.status !== 'pendiente' && record.status !== 'aprobada') || Date.parse(record.endsAt) <= Date.now())
    return null;
  return <ReasonButton reservation={record} action="cancel" resource={RESERVATIONS} />;
}

export default function ReservationList() {
  const translate = useTranslate();
  // The office decides (edit, cancel); a guard reads the approved ones.
  const { canAccess: office } = useCanAccess({ resource: RESERVATIONS, action: 'edit' });
  useLiveRefresh();
  const statuses = RESERVATION_STATUSES.map((id) => ({ id, name: translate(k(`status.${id}`)) }));
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate(k('search'))} />,
    <ReferenceInput key="areaId" source="areaId" reference={AREAS} alwaysOn>
      <SelectInput optionText="name" />
    </ReferenceInput>,
    ...(office ? [<SelectInput key="status" source="status" choices={statuses} alwaysOn />] : []),
  ];
  return (
    <List
      title={office ? 'reservations.menu.all' : 'reservations.menu.guard'}
      sort={{ field: 'startsAt', order: 'DESC' }}
      filters={filters}
      actions={<Actions />}
      exporter={false}
      empty={false}
    >
      <DataTable bulkActionButtons={false} rowClick={false} empty={<EmptyRows />}>
        <DataTable.Col source="areaName" />
        <DataTable.Col source="startsAt" label="reservations.columns.when" field={WhenField} />
        <DataTable.Col source="unitNumber" />
        <DataTable.Col source="userName" disableSort />
        <DataTable.NumberCol source="guests" disableSort />
        <DataTable.Col source="status" field={() => <StatusChip />} />
        {office && (
          <DataTable.Col label="reservations.columns.actions" align="right">
            <CancelAction />
          </DataTable.Col>
        )}
      </DataTable>
    </List>
  );
}
