// Programados: the complex's scheduled e-mails, their next and last run, and 'Enviar ahora' (a background job whose
// progress shows above the list, also after a reload).
import { formatDateTime, refusalMessage } from '@conjunto/core';
import { ExportButton, isFinished, JobProgress, useJobOf } from '@conjunto/core/ui';
import SendIcon from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useEffect, useState } from 'react';
import {
  CreateButton,
  DataTable,
  List,
  SearchInput,
  SelectInput,
  TopToolbar,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { AUDIENCES, RECURRENCES } from '../manifest.ts';
import type { Mailing } from '../schemas.ts';
import { SEND_JOB_NAME, useMailingOptions, useMailingsApi } from './shared.ts';

const STATUS_COLORS = { active: 'success', inactive: 'default', finished: 'default', paused: 'warning' } as const;

function SendNowButton({ onStarted }: { onStarted(jobId: string): void }) {
  const record = useRecordContext<Mailing>();
  const api = useMailingsApi();
  const notify = useNotify();
  const translate = useTranslate();
  const [busy, setBusy] = useState(false);
  if (!record) return null;
  return (
    <Tooltip title={translate('mailings.action.sendNow')}>
      <span>
        <IconButton
          aria-label={translate('mailings.action.sendNow')}
          size="small"
          disabled={busy}
          onClick={async (event) => {
            event.stopPropagation();
            setBusy(true);
            try {
              onStarted((await api.send(record.id)).jobId);
            } catch (error) {
              notify(refusalMessage(error) ?? 'mailings.errors.send', { type: 'error' });
            } finally {
              setBusy(false);
            }
          }}
        >
          <SendIcon fontSize="small" />
        </IconButton>
      </span>
    </Tooltip>
  );
}

export default function MailingList() {
  const translate = useTranslate();
  const refresh = useRefresh();
  const options = useMailingOptions();
  const job = useJobOf(SEND_JOB_NAME);
  const done = isFinished(job.job);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once a send ends, its last run shows
  useEffect(() => {
    if (done) refresh();
  }, [done]);
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('mailings.search')} />,
    <SelectInput key="audience" source="audience" choices={AUDIENCES.map((id) => ({ id, name: `mailings.audience.${id}` }))} />,
    <SelectInput
      key="recurrence"
      source="recurrence"
      choices={RECURRENCES.map((id) => ({ id, name: `mailings.recurrence.${id}` }))}
    />,
    <SelectInput
      key="isActive"
      source="isActive"
      choices={[
        { id: 'true', name: 'mailings.filters.active' },
        { id: 'false', name: 'mailings.filters.inactive' },
      ]}
    />,
  ];
  return (
    <Box>
      {options?.paused && (
        <Alert severity="warning" sx={{ mt: 2 }}>
          {translate('mailings.pausedBanner')}
        </Alert>
      )}
      {job.job && (
        <Box sx={{ mt: 2 }}>
          <JobProgress
            job={job.job}
            loadError={job.loadError}
            title={translate('mailings.sendJob')}
            result={(output) =>
              output.duplicate
                ? translate('mailings.sendDuplicate')
                : output.skipped
                  ? translate('mailings.sendSkipped')
                  : translate('mailings.sendResult', { smart_count: Number(output.sent ?? 0) })
            }
            onClose={job.dismiss}
          />
        </Box>
      )}
      <List
        filters={filters}
        sort={{ field: 'createdAt', order: 'DESC' }}
        actions={
          <TopToolbar>
            <CreateButton />
            <ExportButton />
            <ExportButton format="xlsx" />
          </TopToolbar>
        }
        empty={false}
      >
        <DataTable<Mailing> rowClick="edit" bulkActionButtons={false}>
          <DataTable.Col source="subject" />
          <DataTable.Col source="audience" render={(r) => translate(`mailings.audience.${r.audience}`)} />
          <DataTable.Col source="recurrence" render={(r) => translate(`mailings.recurrence.${r.recurrence}`)} />
          <DataTable.Col source="nextRunAt" disableSort render={(r) => (r.nextRunAt ? formatDateTime(r.nextRunAt) : '—')} />
          <DataTable.Col source="lastRunAt" render={(r) => (r.lastRunAt ? formatDateTime(r.lastRunAt) : '—')} />
          <DataTable.Col source="lastRunCount" disableSort align="right" render={(r) => r.lastRunCount ?? '—'} />
          <DataTable.Col
            source="status"
            disableSort
            render={(r) => (
              <Chip
                size="small"
                color={STATUS_COLORS[r.status as Mailing['status']]}
                label={translate(`mailings.status.${r.status}`)}
              />
            )}
          />
          <DataTable.Col label="mailings.columns.actions" disableSort>
            <SendNowButton onStarted={job.start} />
          </DataTable.Col>
        </DataTable>
      </List>
    </Box>
  );
}
