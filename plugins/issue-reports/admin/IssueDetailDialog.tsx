// A report's detail for the office: the photo (the spec's Imagen), the resident's detail, the state with its
// forward-only moves (Pendiente -> En progreso -> Completado) and the administrator's observations.
import { formatDateTime } from '@conjunto/core';
import ImageNotSupportedIcon from '@mui/icons-material/ImageNotSupported';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import type { Theme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { useCanAccess, useNotify, useRefresh, useTranslate } from 'react-admin';
import { OBSERVATIONS_MAX } from '../manifest.ts';
import { ISSUES, type IssueReport, NONE, RatingView, StatusChip, useIssueApi, useNotifyError } from './shared.tsx';

export function IssuePhoto({ report, height = 260 }: { report: IssueReport; height?: number }) {
  const translate = useTranslate();
  if (!report.photoUrl)
    return (
      <Stack
        sx={{
          height: height / 2,
          alignItems: 'center',
          justifyContent: 'center',
          bgcolor: 'action.hover',
          borderRadius: 1,
          color: 'text.secondary',
        }}
      >
        <ImageNotSupportedIcon />
        <Typography variant="caption">{translate('issueReports.detail.noPhoto')}</Typography>
      </Stack>
    );
  return (
    <Box
      component="img"
      src={report.photoUrl}
      alt={translate('resources.informeProblemas.fields.photo')}
      sx={{ width: '100%', maxHeight: height, objectFit: 'contain', borderRadius: 1, bgcolor: 'action.hover' }}
    />
  );
}

export default function IssueDetailDialog({ report, onClose }: { report: IssueReport | null; onClose(): void }) {
  const translate = useTranslate();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const api = useIssueApi();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const refresh = useRefresh();
  const { canAccess: canMove } = useCanAccess({ resource: ISSUES, action: 'status' });
  const [current, setCurrent] = useState<IssueReport | null>(report);
  const [observations, setObservations] = useState(report?.observations ?? '');
  const [busy, setBusy] = useState(false);
  if (report && current?.id !== report.id) {
    setCurrent(report);
    setObservations(report.observations ?? '');
  }
  if (!report || !current) return null;
  const r = current;
  const run = async (call: () => Promise<IssueReport>, done: string) => {
    setBusy(true);
    try {
      const next = await call();
      setCurrent(next);
      setObservations(next.observations ?? '');
      notify(done, { type: 'success' });
      refresh();
    } catch (error) {
      notifyError(error, 'issueReports.errors.save');
    } finally {
      setBusy(false);
    }
  };
  const text = observations.trim() || null;
  const fields: [string, React.ReactNode][] = [
    ['resources.informeProblemas.fields.reportedAt', formatDateTime(r.reportedAt)],
    ['resources.informeProblemas.fields.unitNumber', r.unitNumber ?? NONE],
    ['resources.informeProblemas.fields.residentName', r.residentName ?? NONE],
    ['resources.informeProblemas.fields.category', translate(`issueReports.category.${r.category}`)],
    ['resources.informeProblemas.fields.rating', <RatingView key="rating" rating={r.rating} />],
  ];
  const history = [
    ['issueReports.detail.started', r.startedAt],
    ['issueReports.detail.completed', r.completedAt],
    ['issueReports.detail.rated', r.ratedAt],
  ].filter(([, at]) => at) as [string, string][];
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" fullScreen={phone} aria-labelledby="issue-detail-title">
      <DialogTitle id="issue-detail-title">
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <span>{translate('issueReports.detail.title')}</span>
          <StatusChip status={r.status} />
        </Stack>
      </DialogTitle>
      <DialogContent dividers>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={3}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <IssuePhoto report={r} />
          </Box>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: '120px 1fr', columnGap: 2, rowGap: 0.75, m: 0 }}>
              {fields.map(([label, value]) => (
                <Box key={label} sx={{ display: 'contents' }}>
                  <Typography component="dt" variant="body2" color="text.secondary">
                    {translate(label)}
                  </Typography>
                  <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                    {value}
                  </Typography>
                </Box>
              ))}
            </Box>
            <Typography variant="subtitle2" sx={{ mt: 2 }}>
              {translate('resources.informeProblemas.fields.detail')}
            </Typography>
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {r.detail}
            </Typography>
            {history.length > 0 && (
              <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
                {history.map(([key, at]) => translate(key, { at: formatDateTime(at) })).join(' · ')}
              </Typography>
            )}
          </Box>
        </Stack>
        <TextField
          label={translate('resources.informeProblemas.fields.observations')}
          value={observations}
          onChange={(e) => setObservations(e.target.value.slice(0, OBSERVATIONS_MAX))}
          helperText={translate('issueReports.detail.observationsHelper')}
          multiline
          minRows={2}
          fullWidth
          disabled={!canMove || busy}
          sx={{ mt: 3 }}
          slotProps={{ htmlInput: { 'data-testid': 'issue-observations' } }}
        />
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose}>{translate('issueReports.action.close')}</Button>
        {canMove && (
          <>
            <Button
              disabled={busy || text === (r.observations ?? null)}
              onClick={() => run(() => api.observations(r.id, text), 'issueReports.notifications.observations')}
            >
              {translate('issueReports.action.saveObservations')}
            </Button>
            {r.status === 0 && (
              <Button
                variant="outlined"
                disabled={busy}
                onClick={() => run(() => api.status(r.id, 1, text), 'issueReports.notifications.status')}
              >
                {translate('issueReports.action.start')}
              </Button>
            )}
            {r.status < 2 && (
              <Button
                variant="contained"
                disabled={busy}
                onClick={() => run(() => api.status(r.id, 2, text), 'issueReports.notifications.status')}
              >
                {translate('issueReports.action.complete')}
              </Button>
            )}
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
