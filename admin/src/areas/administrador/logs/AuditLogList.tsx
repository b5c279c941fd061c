// The complex's audit log (API 'audit-logs'): read-only, newest first; a row expands to its JSON changes.
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  DataTable,
  ExportButton,
  List,
  SearchInput,
  SelectInput,
  TextInput,
  TopToolbar,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { useCsvExporter } from '../../../csv.ts';
import { useFormatters } from '../../../format.ts';

const ACTIONS = ['create', 'update', 'delete'];

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="action" source="action" choices={ACTIONS.map((id) => ({ id, name: `shell.audit.action.${id}` }))} />,
  <TextInput key="resource" source="resource" />,
];

function ResourceName({ resource }: { resource?: string }) {
  const translate = useTranslate();
  return <>{resource ? translate(`shell.audit.resource.${resource}`, { _: resource }) : ''}</>;
}

function ActionChip({ action }: { action?: string }) {
  const translate = useTranslate();
  if (!action) return null;
  const color = action === 'create' ? 'success' : action === 'delete' ? 'error' : action === 'update' ? 'info' : 'default';
  return <Chip size="small" color={color} variant="outlined" label={translate(`shell.audit.action.${action}`, { _: action })} />;
}

/** `{ field: [before, after] }`, the usual shape of an update's changes. */
type Diff = Record<string, [unknown, unknown]>;
const isDiff = (value: unknown): value is Diff =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.keys(value).length > 0 &&
  Object.values(value).every((v) => Array.isArray(v) && v.length === 2);

const show = (value: unknown) =>
  value === null || value === undefined ? '—' : typeof value === 'object' ? JSON.stringify(value) : String(value);

function DiffTable({ diff }: { diff: Diff }) {
  const translate = useTranslate();
  return (
    <Table size="small" sx={{ maxWidth: 900 }}>
      <TableHead>
        <TableRow>
          <TableCell>{translate('shell.audit.field')}</TableCell>
          <TableCell>{translate('shell.audit.before')}</TableCell>
          <TableCell>{translate('shell.audit.after')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {Object.entries(diff).map(([field, [before, after]]) => (
          <TableRow key={field}>
            <TableCell sx={{ fontFamily: 'monospace' }}>{field}</TableCell>
            <TableCell>{show(before)}</TableCell>
            <TableCell>{show(after)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function Changes() {
  const record = useRecordContext<{ changes?: unknown }>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Box sx={{ px: 2, py: 1 }}>
      <Typography variant="subtitle2" gutterBottom>
        {translate('resources.logs.fields.changes')}
      </Typography>
      {record.changes == null ? (
        <Typography variant="body2" color="text.secondary">
          {translate('shell.audit.noChanges')}
        </Typography>
      ) : isDiff(record.changes) ? (
        <DiffTable diff={record.changes} />
      ) : (
        <Box
          component="pre"
          sx={{ m: 0, p: 1.5, bgcolor: 'action.hover', borderRadius: 1, overflow: 'auto', maxHeight: 360, fontSize: 12 }}
        >
          {JSON.stringify(record.changes, null, 2)}
        </Box>
      )}
    </Box>
  );
}

export default function AuditLogList() {
  const format = useFormatters();
  const translate = useTranslate();
  const exporter = useCsvExporter([
    { source: 'at', value: (r) => format.dateTime(r.at) },
    { source: 'userName' },
    { source: 'resource', value: (r) => translate(`shell.audit.resource.${r.resource}`, { _: r.resource }) },
    { source: 'recordId' },
    { source: 'action', value: (r) => translate(`shell.audit.action.${r.action}`, { _: r.action }) },
    { source: 'changes' },
  ]);
  return (
    <List
      exporter={exporter}
      filters={filters}
      sort={{ field: 'at', order: 'DESC' }}
      perPage={25}
      actions={
        <TopToolbar>
          <ExportButton />
        </TopToolbar>
      }
    >
      <DataTable bulkActionButtons={false} expand={<Changes />} rowClick="expand">
        <DataTable.Col source="at" render={(r: { at?: string }) => format.dateTime(r.at)} />
        <DataTable.Col source="userName" />
        <DataTable.Col source="resource" render={(r: { resource?: string }) => <ResourceName resource={r.resource} />} />
        <DataTable.Col source="recordId" disableSort />
        <DataTable.Col source="action" render={(r: { action?: string }) => <ActionChip action={r.action} />} />
      </DataTable>
    </List>
  );
}
