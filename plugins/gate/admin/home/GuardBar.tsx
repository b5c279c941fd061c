// The guard's top-bar item: the guard post (spec 002 §4 'Guard post selection': with several posts the dialog
// 'CONJUNTO CON MULTIPLES GARITAS' forces a pick, kept per complex for the browser session; with one or none the
// post is null and nothing shows), and the entry notices of every guard screen ('Guard entry prompt').
import { refusalMessage, shellCalls } from '@conjunto/core';
import PlaceIcon from '@mui/icons-material/Place';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useDataProvider, useGetList, useNotify, useTranslate } from 'react-admin';
import { GATE_TOPICS, NOTICE_MS } from '../../gate.ts';
import type { GateEntry, GatePost } from '../../schemas.ts';
import { choosePost, currentPost, hideNotice, showNotice, storedPostId, useNotices, usePost } from './state.ts';

export default function GuardBar() {
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const { data: posts } = useGetList<GatePost>('garitas', {
    sort: { field: 'name', order: 'ASC' },
    pagination: { page: 1, perPage: 100 },
  });
  const post = usePost();
  const [picking, setPicking] = useState(false);

  useEffect(() => {
    if (!posts) return;
    if (posts.length <= 1) return choosePost({ id: null, name: null });
    const stored = posts.find((p) => p.id === storedPostId());
    if (stored) return choosePost({ id: stored.id, name: stored.name });
    // None yet for this complex (or another complex's, after the picker): the pick is mandatory again.
    choosePost({ id: null, name: null });
    setPicking(true);
  }, [posts]);

  // Live entries of the complex (early visits, QR, list hits at other consoles): the notice of those at this post or at none.
  useEffect(() => {
    const calls = shellCalls(dataProvider);
    const announce = async (payload: unknown) => {
      const { id, postId } = (payload ?? {}) as { id?: string; postId?: string | null };
      const mine = currentPost()?.id;
      if (!id || (mine && postId && postId !== mine)) return;
      try {
        const entry = await calls.send<GateEntry>('bitacoraDigital', encodeURIComponent(id));
        // A plain entry typed at a console was toasted there (the event may even beat that console's answer).
        if (entry.notice !== 'other' || entry.source !== 'guardia') showNotice(entry);
      } catch {
        // A VIP's visit (not the guards') or an entry deleted meanwhile: no notice.
      }
    };
    const off = [calls.subscribe(GATE_TOPICS.entryCreated, announce), calls.subscribe(GATE_TOPICS.entryWarning, announce)];
    return () => {
      for (const unsubscribe of off) unsubscribe();
    };
  }, [dataProvider]);

  const several = (posts?.length ?? 0) > 1;
  return (
    <>
      {several && (
        <Button
          color="inherit"
          size="small"
          startIcon={<PlaceIcon />}
          onClick={() => setPicking(true)}
          aria-label={`${translate('gate.home.changePost')}: ${post?.name ?? translate('gate.home.noPost')}`}
          sx={{
            textTransform: 'none',
            minWidth: 0,
            maxWidth: { xs: 120, sm: 220 },
            '& .MuiButton-startIcon': { display: { xs: 'none', sm: 'inherit' } },
          }}
        >
          <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
            {post?.name ?? translate('gate.home.noPost')}
          </Box>
        </Button>
      )}
      <PostDialog
        open={picking && several}
        posts={posts ?? []}
        // Mandatory while no post is chosen: no way out but a pick.
        onClose={post?.id ? () => setPicking(false) : undefined}
        onPick={(p) => {
          choosePost({ id: p.id, name: p.name });
          setPicking(false);
        }}
      />
      <Notices />
    </>
  );
}

function PostDialog({
  open,
  posts,
  onClose,
  onPick,
}: {
  open: boolean;
  posts: GatePost[];
  onClose?: () => void;
  onPick(post: GatePost): void;
}) {
  const translate = useTranslate();
  const chosen = usePost()?.id;
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="gate-post-title">
      <DialogTitle id="gate-post-title">{translate('gate.messages.multiplePosts')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate('gate.home.pickPost')}
        </Typography>
        <List aria-label={translate('gate.home.post')}>
          {posts.map((p) => (
            <ListItemButton key={p.id} selected={p.id === chosen} onClick={() => onPick(p)}>
              <ListItemText primary={p.name} />
            </ListItemButton>
          ))}
        </List>
      </DialogContent>
      {onClose && (
        <DialogActions>
          <Button onClick={onClose}>{translate('gate.messages.close')}</Button>
        </DialogActions>
      )}
    </Dialog>
  );
}

/** The entry notices, newest last, below the top bar (react-admin's own messages are at the bottom). */
function Notices() {
  const notices = useNotices();
  if (!notices.length) return null;
  return (
    <Box
      sx={{
        position: 'fixed',
        zIndex: (theme) => theme.zIndex.snackbar,
        top: { xs: 64, sm: 72 },
        left: '50%',
        transform: 'translateX(-50%)',
        width: 'min(560px, calc(100vw - 16px))',
        display: 'flex',
        flexDirection: 'column',
        gap: 1,
      }}
    >
      {notices.map((entry) => (
        <EntryNotice key={entry.id} entry={entry} />
      ))}
    </Box>
  );
}

/**
 * Red for a black-listed visitor (20 s, 'Aprobar la entrada' or 'Cerrar'), green for the white list and dark for the
 * rest (5 s). The spec's 'closing deletes the record': guards may not delete entries, so 'Cerrar' on a warning
 * refuses the visitor (POST /reject: the entry is closed as rejected, kept among the bitácoras rechazadas). The notice
 * hiding by itself decides nothing: the entry stays with its warning.
 */
function EntryNotice({ entry }: { entry: GateEntry }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider();
  const warning = entry.notice === 'warning';
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => hideNotice(entry.id), warning ? NOTICE_MS.warning : NOTICE_MS.other);
    return () => clearTimeout(timer);
  }, [entry.id, warning]);

  const act = async (action: 'approve' | 'reject') => {
    setBusy(true);
    try {
      await shellCalls(dataProvider).send('bitacoraDigital', `${encodeURIComponent(entry.id)}/${action}`, { method: 'POST' });
      notify(action === 'approve' ? 'gate.home.approved' : 'gate.home.rejected', { type: 'info' });
      hideNotice(entry.id);
    } catch (error) {
      notify(refusalMessage(error) ?? 'gate.home.actionError', { type: 'error' });
      setBusy(false);
    }
  };

  const who = `${entry.firstName} ${entry.lastName}`.trim();
  const where = entry.unitNumber ? `U.H. ${entry.unitNumber}` : (entry.place ?? '');
  const list =
    entry.listHit === 'negra' ? 'gate.messages.blackListed' : entry.listHit === 'blanca' ? 'gate.messages.whiteListed' : null;
  return (
    <Alert
      variant="filled"
      severity={warning ? 'error' : entry.notice === 'success' ? 'success' : 'info'}
      icon={false}
      role={warning ? 'alert' : 'status'}
      data-notice={entry.notice}
      action={
        warning ? undefined : (
          <Button color="inherit" size="small" onClick={() => hideNotice(entry.id)}>
            {translate('gate.messages.close')}
          </Button>
        )
      }
      sx={{ ...(entry.notice === 'other' && { bgcolor: 'grey.900', color: 'common.white' }), '& .MuiAlert-message': { flex: 1 } }}
    >
      {list && <strong>{translate(list)}: </strong>}
      {who} ({entry.idNumber}) → {where} · {entry.visitType}
      {warning && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'flex-end', mt: 1 }}>
          <Button color="inherit" variant="outlined" size="small" disabled={busy} onClick={() => act('approve')}>
            {translate('gate.messages.approveEntry')}
          </Button>
          <Button color="inherit" size="small" disabled={busy} onClick={() => act('reject')}>
            {translate('gate.messages.close')}
          </Button>
        </Box>
      )}
    </Alert>
  );
}
