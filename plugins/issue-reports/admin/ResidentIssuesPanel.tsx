// The resident's own reports in their area (slot 'residentArea'): file one (category, detail, photo), follow its
// state and the administrator's observations, and rate it once completed.
import type { PanelProps } from '@conjunto/core';
import { formatDateTime } from '@conjunto/core';
import { WidgetEmpty, WidgetSkeleton } from '@conjunto/core/ui';
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useGetList, useNotify, useTranslate } from 'react-admin';
import IssueCreateDialog from './IssueCreateDialog.tsx';
import { IssuePhoto } from './IssueDetailDialog.tsx';
import { ISSUES, type IssueReport, RatingView, StatusChip, useIssueApi, useNotifyError } from './shared.tsx';

export default function ResidentIssuesPanel({ unitId }: PanelProps) {
  const translate = useTranslate();
  const [creating, setCreating] = useState(false);
  const [rating, setRating] = useState<IssueReport | null>(null);
  const { data, isPending, error, refetch } = useGetList<IssueReport>(
    ISSUES,
    { sort: { field: 'reportedAt', order: 'DESC' }, pagination: { page: 1, perPage: 20 } },
    { enabled: Boolean(unitId) },
  );
  // No live events here: the residents' area has no event stream (it answers 403); the list re-reads when shown.
  if (!unitId) return <WidgetEmpty>{translate('issueReports.panel.empty')}</WidgetEmpty>;
  return (
    <Box>
      <Button variant="contained" size="small" startIcon={<AddIcon />} onClick={() => setCreating(true)} sx={{ mb: 1 }}>
        {translate('issueReports.action.create')}
      </Button>
      {isPending ? (
        <WidgetSkeleton height={120} />
      ) : error ? (
        <WidgetEmpty>{translate('issueReports.errors.load')}</WidgetEmpty>
      ) : !data?.length ? (
        <WidgetEmpty>{translate('issueReports.panel.empty')}</WidgetEmpty>
      ) : (
        <List dense disablePadding>
          {data.map((r) => (
            <ListItem key={r.id} disableGutters divider data-testid="resident-issue" sx={{ display: 'block', py: 1 }}>
              <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
                <Typography variant="body2" sx={{ fontWeight: 500 }}>
                  {translate(`issueReports.category.${r.category}`)} · {formatDateTime(r.reportedAt)}
                </Typography>
                <StatusChip status={r.status} />
              </Stack>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {r.detail}
              </Typography>
              {r.photoUrl && (
                <Box sx={{ maxWidth: 240, mt: 0.5 }}>
                  <IssuePhoto report={r} height={120} />
                </Box>
              )}
              {r.observations && (
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {translate('resources.informeProblemas.fields.observations')}: {r.observations}
                </Typography>
              )}
              {r.status === 2 && (
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 0.5, flexWrap: 'wrap' }}>
                  <Typography variant="caption" color="text.secondary">
                    {translate('issueReports.panel.rateHint')}
                  </Typography>
                  <Button size="small" variant="outlined" onClick={() => setRating(r)}>
                    {translate('issueReports.action.rate')}
                  </Button>
                </Stack>
              )}
              {r.status === 3 && <RatingView rating={r.rating} />}
            </ListItem>
          ))}
        </List>
      )}
      {creating && <IssueCreateDialog onClose={() => setCreating(false)} onDone={() => void refetch()} />}
      {rating && <RateDialog report={rating} onClose={() => setRating(null)} onDone={() => void refetch()} />}
    </Box>
  );
}

function RateDialog({ report, onClose, onDone }: { report: IssueReport; onClose(): void; onDone(): void }) {
  const translate = useTranslate();
  const api = useIssueApi();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const [value, setValue] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (!value) return;
    setBusy(true);
    try {
      await api.rate(report.id, value);
      notify('issueReports.notifications.rated', { type: 'success' });
      onDone();
      onClose();
    } catch (error) {
      notifyError(error, 'issueReports.errors.save');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="issue-rate-title">
      <DialogTitle id="issue-rate-title">{translate('issueReports.rate.title')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
          {translate('issueReports.rate.content', {
            detail: report.detail.length > 80 ? `${report.detail.slice(0, 79)}…` : report.detail,
          })}
        </Typography>
        <Stack spacing={1} sx={{ alignItems: 'center' }}>
          <Rating
            name="issue-rating"
            value={value}
            onChange={(_e, v) => setValue(v)}
            size="large"
            getLabelText={(v) => translate(`issueReports.rating.${v}`)}
          />
          <Typography variant="body2" color="text.secondary">
            {translate(`issueReports.rating.${value ?? 0}`)}
          </Typography>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {translate('issueReports.action.cancel')}
        </Button>
        <Button variant="contained" onClick={submit} disabled={!value} loading={busy}>
          {translate('issueReports.action.rate')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
