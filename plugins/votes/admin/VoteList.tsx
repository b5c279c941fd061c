// Spec 002 §2.5 screen 14, /administrador/votacion (and /directiva/votacion, read-only): the votes with Finalizada,
// end and participation; 'Nueva votación'; per row the results (live), the report (PDF, Excel) and delete.
import { formatDateTime, formatPercentage, refusalMessage } from '@conjunto/core';
import { ExportButton } from '@conjunto/core/ui';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import DescriptionIcon from '@mui/icons-material/Description';
import InsightsIcon from '@mui/icons-material/Insights';
import TableViewIcon from '@mui/icons-material/TableView';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import type { Theme } from '@mui/material/styles';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { lazy, type MouseEvent, Suspense, useState } from 'react';
import {
  CanAccess,
  Confirm,
  DataTable,
  List,
  Pagination,
  SearchInput,
  TopToolbar,
  useCanAccess,
  useDelete,
  useLocaleState,
  useNotify,
  useRecordContext,
  useRefresh,
  useResourceContext,
  useTranslate,
} from 'react-admin';
import type { Vote } from '../schemas.ts';
import { VoteFiles } from './VoteFiles.tsx';
import { VoteResultsView } from './VoteResultsView.tsx';
import { useLiveVote, useVoteApi } from './votesApi.ts';

const VoteCreateDialog = lazy(() => import('./VoteCreateDialog.tsx'));

function CreateVoteButton() {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="contained" size="small" startIcon={<AddIcon />} onClick={() => setOpen(true)}>
        {translate('votes.action.create')}
      </Button>
      {open && (
        <Suspense>
          <VoteCreateDialog open onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

function ListActions() {
  return (
    <TopToolbar>
      <CanAccess action="create">
        <CreateVoteButton />
      </CanAccess>
      <ExportButton />
      <ExportButton format="xlsx" />
    </TopToolbar>
  );
}

function FinishedField() {
  const record = useRecordContext<Vote>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Chip
      size="small"
      color={record.finished ? 'default' : 'success'}
      label={translate(record.finished ? 'votes.status.finished' : 'votes.status.open')}
    />
  );
}

function EndsField() {
  const record = useRecordContext<Vote>();
  return record ? <span>{formatDateTime(record.endsAt)}</span> : null;
}

function ParticipationField() {
  const record = useRecordContext<Vote>();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (!record) return null;
  return (
    <span>
      {translate('votes.columns.participation', {
        voted: record.ballotCount,
        eligible: record.eligibleUnits,
        percentage: formatPercentage(record.participation, locale),
      })}
    </span>
  );
}

function VoteResultsDialog({ vote, onClose }: { vote: Vote; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const api = useVoteApi();
  const resource = useResourceContext();
  const { canAccess: canReport } = useCanAccess({ resource, action: 'report' });
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const report = (format: 'pdf' | 'xlsx') =>
    api.report(vote.id, format).catch((error) => notify(refusalMessage(error) ?? 'votes.errors.report', { type: 'error' }));
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" fullScreen={fullScreen} aria-labelledby="vote-results-title">
      <DialogTitle id="vote-results-title">{translate('votes.results.title', { title: vote.title })}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <VoteFiles voteId={vote.id} />
          <VoteResultsView voteId={vote.id} />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {canReport && (
          <>
            <Button startIcon={<DescriptionIcon />} onClick={() => report('pdf')}>
              {translate('votes.action.pdf')}
            </Button>
            <Button startIcon={<TableViewIcon />} onClick={() => report('xlsx')}>
              {translate('votes.action.xlsx')}
            </Button>
          </>
        )}
        <Button onClick={onClose}>{translate('votes.action.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

function RowActions() {
  const record = useRecordContext<Vote>();
  const resource = useResourceContext();
  const { canAccess: canDelete } = useCanAccess({ resource, action: 'delete' });
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [deleteOne, { isPending }] = useDelete<Vote>();
  const [showResults, setShowResults] = useState(false);
  const [confirm, setConfirm] = useState(false);
  if (!record) return null;
  const stop = (handler: () => void) => (event: MouseEvent) => {
    event.stopPropagation();
    handler();
  };
  return (
    <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
      <Tooltip title={translate('votes.action.results')}>
        <IconButton size="small" aria-label={translate('votes.action.results')} onClick={stop(() => setShowResults(true))}>
          <InsightsIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      {canDelete && (
        <Tooltip title={translate('votes.action.delete')}>
          <IconButton
            size="small"
            color="error"
            aria-label={translate('votes.action.delete')}
            onClick={stop(() => setConfirm(true))}
          >
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {showResults && <VoteResultsDialog vote={record} onClose={() => setShowResults(false)} />}
      <Confirm
        isOpen={confirm}
        loading={isPending}
        title="votes.delete.title"
        content="votes.delete.content"
        translateOptions={{ title: record.title }}
        onConfirm={() =>
          deleteOne(
            resource ?? 'votacion',
            { id: record.id, previousData: record },
            {
              mutationMode: 'pessimistic',
              onSuccess: () => {
                setConfirm(false);
                notify('votes.notifications.deleted', { type: 'success' });
                refresh();
              },
              onError: (error) => notify(refusalMessage(error) ?? 'votes.errors.delete', { type: 'error' }),
            },
          )
        }
        onClose={() => setConfirm(false)}
      />
    </Stack>
  );
}

/** Reloads the page of the list on each ballot of the complex (the participation column moves live). */
function LiveList() {
  const refresh = useRefresh();
  useLiveVote('*', refresh);
  return null;
}

function Empty() {
  const translate = useTranslate();
  return (
    <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
      {translate('votes.empty')}
    </Typography>
  );
}

export default function VoteList() {
  const translate = useTranslate();
  const filters = [<SearchInput key="q" source="q" alwaysOn placeholder={translate('votes.search')} />];
  return (
    <>
      <CanAccess action="create">
        <Alert severity="info" sx={{ mt: 2 }}>
          {translate('votes.limits')}
        </Alert>
      </CanAccess>
      <List
        title="votes.title"
        sort={{ field: 'createdAt', order: 'DESC' }}
        perPage={10}
        pagination={<Pagination rowsPerPageOptions={[5, 10, 25]} />}
        filters={filters}
        actions={<ListActions />}
        exporter={false}
        empty={false}
      >
        <LiveList />
        <DataTable bulkActionButtons={false} rowClick={false} empty={<Empty />}>
          <DataTable.Col source="title" />
          <DataTable.Col source="finished" field={FinishedField} disableSort />
          <DataTable.Col source="endsAt" field={EndsField} />
          <DataTable.Col
            source="weighted"
            disableSort
            render={(v: Vote) => translate(v.weighted ? 'votes.status.yes' : 'votes.status.no')}
          />
          <DataTable.Col source="participation" field={ParticipationField} disableSort />
          <DataTable.Col label="votes.columns.actions" align="right">
            <RowActions />
          </DataTable.Col>
        </DataTable>
      </List>
    </>
  );
}
