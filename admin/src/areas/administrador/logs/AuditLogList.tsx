// The complex's audit log (API 'audit-logs'), read-only, newest first, as an administrator reads it: the action
// and the resource in words (each plugin names its own in its messages, auditLog.*), the record by what it is,
// and the changes as "Etiqueta: antes → después" (compact in the row, all of them in the expanded row).
import { isAuditDiff, MODULE_SWITCHES } from '@conjunto/core';
import { DayInput } from '@conjunto/core/ui';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useMemo, useState } from 'react';
import {
  DataTable,
  ExportButton,
  List,
  SearchInput,
  SelectInput,
  TopToolbar,
  useDataProvider,
  useI18nProvider,
  useLocaleState,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { useCsvExporter } from '../../../csv.ts';
import type { ShellDataProvider } from '../../../dataProvider.ts';
import { useFormatters } from '../../../format.ts';
import { messageTree } from '../../../i18n/i18nProvider.ts';

interface AuditRecord {
  id: string;
  at: string;
  userId: string | null;
  userName: string;
  resource: string;
  recordId: string;
  action: string;
  changes: unknown;
  description: string | null;
  count: number;
  firstAt: string | null;
}

type Translate = ReturnType<typeof useTranslate>;

const moduleLabels = new Map(MODULE_SWITCHES.map((m) => [m.name, m.label]));

/** 'receiptNumber' -> 'Receipt number': a field no message names still reads as words. */
const words = (field: string) => {
  const text = field.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1).toLowerCase();
};

/** The names of the log's resources, actions and fields, from the messages of the shell and the plugins. */
function useAuditNames() {
  const translate = useTranslate();
  return useMemo(
    () => ({
      resource: (resource: string) => translate(`auditLog.resources.${resource}.name`, { _: words(resource) }),
      action: (action: string) => translate(`auditLog.actions.${action}`, { _: words(action) }),
      field: (resource: string, field: string) =>
        (resource === 'modules' && moduleLabels.get(field)) ||
        translate(`auditLog.resources.${resource}.fields.${field}`, { _: words(field) }),
    }),
    [translate],
  );
}

/** A value as a person reads it: Sí/No, '(vacío)', lists joined, records in short JSON. */
function showValue(value: unknown, translate: Translate): string {
  if (value === null || value === undefined || value === '') return translate('shell.audit.empty');
  if (typeof value === 'boolean') return translate(value ? 'shell.audit.yes' : 'shell.audit.no');
  if (Array.isArray(value) && value.every((v) => typeof v !== 'object' || v === null))
    return value.length ? value.map((v) => showValue(v, translate)).join(', ') : translate('shell.audit.empty');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The changes as lines: an update's "Etiqueta: antes → después", or what a create or delete wrote, "Etiqueta: valor". */
function changeLines(record: AuditRecord, names: ReturnType<typeof useAuditNames>, translate: Translate) {
  const changes = record.changes;
  if (isAuditDiff(changes))
    return Object.entries(changes).map(([field, [before, after]]) => ({
      field,
      label: names.field(record.resource, field),
      text: `${showValue(before, translate)} → ${showValue(after, translate)}`,
    }));
  if (typeof changes === 'object' && changes !== null && !Array.isArray(changes)) {
    // An annulment keeps the record as it was under `before`.
    const shown =
      Object.keys(changes).length === 1 && typeof (changes as { before?: unknown }).before === 'object'
        ? ((changes as { before: Record<string, unknown> }).before ?? {})
        : (changes as Record<string, unknown>);
    return Object.entries(shown)
      .filter(([, value]) => value !== undefined)
      .map(([field, value]) => ({ field, label: names.field(record.resource, field), text: showValue(value, translate) }));
  }
  return [];
}

const COMPACT_LINES = 2;

/** The first changes of a row, on one line each, and how many more there are. */
function CompactChanges() {
  const record = useRecordContext<AuditRecord>();
  const names = useAuditNames();
  const translate = useTranslate();
  // Only an update's changes fit a row; what a create or delete wrote is in the expanded row.
  if (!record || !isAuditDiff(record.changes)) return null;
  const lines = changeLines(record, names, translate);
  return (
    <Box sx={{ minWidth: 0 }}>
      {lines.slice(0, COMPACT_LINES).map((line) => (
        <Typography key={line.field} variant="body2" noWrap title={`${line.label}: ${line.text}`}>
          <b>{line.label}:</b> {line.text}
        </Typography>
      ))}
      {lines.length > COMPACT_LINES && (
        <Typography variant="caption" color="text.secondary">
          {translate('shell.audit.moreChanges', { smart_count: lines.length - COMPACT_LINES })}
        </Typography>
      )}
    </Box>
  );
}

function ActionChip({ action }: { action: string }) {
  const names = useAuditNames();
  const color =
    action === 'create'
      ? 'success'
      : action === 'delete' || action === 'annul'
        ? 'error'
        : action === 'update'
          ? 'info'
          : 'default';
  return <Chip size="small" color={color} variant="outlined" label={names.action(action)} />;
}

/** The record by what it is, and for grouped reads how many times it was seen. */
function RecordCell() {
  const record = useRecordContext<AuditRecord>();
  const names = useAuditNames();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {record.description ?? `${names.resource(record.resource)} ${record.recordId.slice(0, 8)}`}
      </Typography>
      {record.count > 1 && (
        <Typography variant="caption" color="text.secondary">
          {translate('shell.audit.reads', { smart_count: record.count })}
        </Typography>
      )}
    </Box>
  );
}

/** On a phone: one cell that says it all (when, who, what, which record, the first changes). */
function SummaryCell() {
  const record = useRecordContext<AuditRecord>();
  const names = useAuditNames();
  const format = useFormatters();
  if (!record) return null;
  return (
    <Stack spacing={0.5} sx={{ minWidth: 0 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <ActionChip action={record.action} />
        <Typography variant="body2" sx={{ fontWeight: 500 }}>
          {names.resource(record.resource)}
        </Typography>
      </Stack>
      <RecordCell />
      <CompactChanges />
      <Typography variant="caption" color="text.secondary">
        {format.dateTime(record.at)} · {record.userName}
      </Typography>
    </Stack>
  );
}

/** The expanded row: the record, the grouped reads' span, and every change with its label. */
function Detail() {
  const record = useRecordContext<AuditRecord>();
  const names = useAuditNames();
  const translate = useTranslate();
  const format = useFormatters();
  if (!record) return null;
  const lines = changeLines(record, names, translate);
  return (
    <Box sx={{ px: { xs: 1, sm: 2 }, py: 1, minWidth: 0 }}>
      <Typography variant="subtitle2">{translate('shell.audit.detail')}</Typography>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {names.resource(record.resource)}
        {record.description ? ` · ${record.description}` : ''}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="div" sx={{ overflowWrap: 'anywhere' }}>
        {translate('shell.audit.recordId')}: {record.recordId}
      </Typography>
      {record.count > 1 && record.firstAt && (
        <Typography variant="body2" color="text.secondary">
          {translate('shell.audit.reads', { smart_count: record.count })} ·{' '}
          {translate('shell.audit.readsBetween', { first: format.dateTime(record.firstAt), last: format.dateTime(record.at) })}
        </Typography>
      )}
      <Typography variant="subtitle2" sx={{ mt: 1 }}>
        {translate('resources.logs.fields.changes')}
      </Typography>
      {lines.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate('shell.audit.noChanges')}
        </Typography>
      ) : (
        <Box
          component="dl"
          sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(120px, max-content) 1fr' }, columnGap: 2 }}
        >
          {lines.map((line) => (
            <Box key={line.field} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" sx={{ fontWeight: 500 }}>
                {line.label}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, mb: { xs: 0.75, sm: 0.25 }, overflowWrap: 'anywhere' }}>
                {line.text}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}

/** The users who wrote in this complex's log, for the user filter. */
function useLogUsers() {
  const dataProvider = useDataProvider<ShellDataProvider>();
  const [users, setUsers] = useState<{ id: string; name: string }[]>([]);
  useEffect(() => {
    let live = true;
    dataProvider
      .send('logs', 'users')
      .then((list) => live && setUsers(list as { id: string; name: string }[]))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [dataProvider]);
  return users;
}

/** The keys every loaded part names in the messages under `auditLog.<branch>`, as choices in words. */
function useNamedChoices(branch: 'resources' | 'actions') {
  const i18n = useI18nProvider();
  const [locale] = useLocaleState();
  const names = useAuditNames();
  return useMemo(() => {
    const named = (messageTree(i18n, locale).auditLog as Record<string, Record<string, unknown>> | undefined)?.[branch] ?? {};
    return Object.keys(named)
      .map((id) => ({ id, name: branch === 'resources' ? names.resource(id) : names.action(id) }))
      .sort((a, b) => a.name.localeCompare(b.name, locale));
  }, [i18n, locale, names, branch]);
}

function useFilters() {
  const users = useLogUsers();
  const actions = useNamedChoices('actions');
  const resources = useNamedChoices('resources');
  return [
    <SearchInput key="q" source="q" alwaysOn />,
    <SelectInput key="userId" source="userId" choices={users} alwaysOn />,
    <SelectInput key="action" source="action" choices={actions} translateChoice={false} alwaysOn />,
    <SelectInput key="resource" source="resource" choices={resources} translateChoice={false} alwaysOn />,
    <DayInput key="at_gte" source="at_gte" alwaysOn />,
    <DayInput key="at_lte" source="at_lte" alwaysOn />,
  ];
}

export default function AuditLogList() {
  const format = useFormatters();
  const translate = useTranslate();
  const names = useAuditNames();
  const filters = useFilters();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const exporter = useCsvExporter([
    { source: 'at', value: (r) => format.dateTime(r.at) },
    { source: 'userName' },
    { source: 'action', value: (r) => names.action(r.action) },
    { source: 'resource', value: (r) => names.resource(r.resource) },
    { source: 'description', value: (r) => r.description ?? r.recordId },
    {
      source: 'changes',
      value: (r) =>
        changeLines(r as AuditRecord, names, translate)
          .map((line) => `${line.label}: ${line.text}`)
          .join('; '),
    },
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
      <DataTable bulkActionButtons={false} expand={<Detail />} rowClick="expand">
        {phone ? (
          <DataTable.Col source="at" label={translate('shell.menu.logs')} render={() => <SummaryCell />} />
        ) : (
          [
            <DataTable.Col key="at" source="at" render={(r: AuditRecord) => format.dateTime(r.at)} />,
            <DataTable.Col key="userName" source="userName" />,
            <DataTable.Col key="action" source="action" render={(r: AuditRecord) => <ActionChip action={r.action} />} />,
            <DataTable.Col key="resource" source="resource" render={(r: AuditRecord) => names.resource(r.resource)} />,
            <DataTable.Col key="description" source="description" disableSort render={() => <RecordCell />} />,
            <DataTable.Col key="changes" source="changes" disableSort sx={{ maxWidth: 360 }} render={() => <CompactChanges />} />,
          ]
        )}
      </DataTable>
    </List>
  );
}
