// The guard's 'Lista de Aprobadores por Residente' (spec 002 §2.2): the complex's residents, searched by first name,
// last name, full name or cédula (500 ms after the last key), 10, 25 or 100 a page; each row opens that resident's
// approvers (the shared modal's list, read-only: the guard may not change them). Shown while 'Aprobadores' is on.
import { ExportButton } from '@conjunto/core/ui';
import GroupsIcon from '@mui/icons-material/Groups';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { DataTable, List, Pagination, SearchInput, TopToolbar, useRecordContext, useTranslate } from 'react-admin';
import ApproversPanel from './ApproversPanel.tsx';

const k = (key: string) => `residents.approvers.guard.${key}`;

interface ResidentRow {
  id: string;
  firstName: string;
  lastName: string;
  idNumber: string | null;
  unitNumber: string | null;
}

function ShowApprovers() {
  const translate = useTranslate();
  const record = useRecordContext<ResidentRow>();
  const [open, setOpen] = useState(false);
  if (!record) return null;
  const name = `${record.firstName} ${record.lastName}`;
  return (
    <>
      <Button size="small" startIcon={<GroupsIcon />} onClick={() => setOpen(true)}>
        {translate(k('show'))}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="xs">
        <DialogTitle>{translate(k('of'), { name })}</DialogTitle>
        <DialogContent>{open ? <ApproversPanel residentId={record.id} /> : null}</DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{translate(k('close'))}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

function PhoneRow({ row }: { row: ResidentRow }) {
  return (
    <Box>
      <Typography variant="body2">{`${row.firstName} ${row.lastName}`}</Typography>
      <Typography variant="body2" color="text.secondary">
        {[row.idNumber, row.unitNumber].filter(Boolean).join(' · ')}
      </Typography>
      <ShowApprovers />
    </Box>
  );
}

/** The laptop's columns (an array: DataTable reads its columns from its children). */
const COLUMNS = [
  <DataTable.Col key="firstName" source="firstName" label={k('fields.firstName')} />,
  <DataTable.Col key="lastName" source="lastName" label={k('fields.lastName')} />,
  <DataTable.Col key="idNumber" source="idNumber" label={k('fields.idNumber')} disableSort />,
  <DataTable.Col key="unitNumber" source="unitNumber" label={k('fields.unitNumber')} />,
  <DataTable.Col key="actions" label={k('fields.actions')} disableSort>
    <ShowApprovers />
  </DataTable.Col>,
];

export default function GuardApproverList() {
  const translate = useTranslate();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  return (
    <List
      title={translate(k('title'))}
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
        {phone ? (
          // A phone: one column, the person over their cédula and unit, the button below.
          <DataTable.Col source="lastName" label={k('fields.lastName')} render={(r: ResidentRow) => <PhoneRow row={r} />} />
        ) : (
          COLUMNS
        )}
      </DataTable>
    </List>
  );
}
