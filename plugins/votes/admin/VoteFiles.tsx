// 'Archivos' of a vote in its results dialog: the attached files as links; the administrators add files (up to 4
// in all) and remove them while the vote is open (the server refuses both once it has ended).
import { refusalMessage } from '@conjunto/core';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { type ChangeEvent, useCallback, useEffect, useState } from 'react';
import { useCanAccess, useNotify, useTranslate } from 'react-admin';
import { VOTE_FILE_BYTES_MAX, VOTE_FILES_MAX } from '../manifest.ts';
import type { VoteDetail } from '../schemas.ts';
import { useVoteApi } from './votesApi.ts';

export function VoteFiles({ voteId }: { voteId: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const api = useVoteApi();
  // Adding and removing files: the roles the access table lets ('files': the administrators).
  const { canAccess } = useCanAccess({ resource: 'votes', action: 'files' });
  const [detail, setDetail] = useState<VoteDetail>();
  const [busy, setBusy] = useState(false);
  const load = useCallback(() => {
    api.detail(voteId).then(setDetail, () => undefined);
  }, [api, voteId]);
  useEffect(load, [load]);
  if (!detail) return null;
  const manage = Boolean(canAccess) && !detail.finished;
  const run = async (call: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await call();
      notify(done, { type: 'success' });
    } catch (error) {
      notify(refusalMessage(error) ?? 'votes.errors.files', { type: 'error' });
    } finally {
      setBusy(false);
      load();
    }
  };
  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (!picked.length) return;
    if (picked.some((f) => f.size > VOTE_FILE_BYTES_MAX)) {
      notify('votes.validation.fileTooLarge', { type: 'warning' });
      return;
    }
    if (detail.files.length + picked.length > VOTE_FILES_MAX) {
      notify('votes.validation.filesLimit', { type: 'warning' });
      return;
    }
    void run(() => api.upload(voteId, picked), 'votes.notifications.filesAdded');
  };
  return (
    <Box data-testid="vote-files">
      <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
        {translate('votes.files.title', { count: detail.files.length, max: VOTE_FILES_MAX })}
      </Typography>
      {detail.files.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {translate('votes.files.none')}
        </Typography>
      )}
      <Stack spacing={0.5}>
        {detail.files.map((f) => (
          <Stack key={f.id} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Link href={f.url} target="_blank" rel="noopener" variant="body2" sx={{ wordBreak: 'break-all' }}>
              <AttachFileIcon fontSize="inherit" /> {f.filename}
            </Link>
            {manage && (
              <Tooltip title={translate('votes.action.removeFile')}>
                <IconButton
                  size="small"
                  color="error"
                  disabled={busy}
                  aria-label={translate('votes.action.removeFile')}
                  onClick={() => run(() => api.removeFile(voteId, f.id), 'votes.notifications.fileRemoved')}
                >
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
          </Stack>
        ))}
      </Stack>
      {manage && detail.files.length < VOTE_FILES_MAX && (
        <Button component="label" size="small" startIcon={<AttachFileIcon />} disabled={busy} sx={{ mt: 1 }}>
          {translate('votes.action.attach')}
          <input type="file" hidden multiple onChange={pick} />
        </Button>
      )}
    </Box>
  );
}
