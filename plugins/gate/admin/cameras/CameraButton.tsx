// The guard's top-bar 'Ver Cámaras' (spec 002 §2.2, §9): shown only when the guard's post (or, with one post or
// none, the complex) has cameras; opens 'Imágenes de las cámaras' with the date and time, a reload action and the
// pictures in a 2-column grid. A failure: 'Error al obtener las imágenes'.
import { formatDateTime } from '@conjunto/core';
import CloseIcon from '@mui/icons-material/Close';
import RefreshIcon from '@mui/icons-material/Refresh';
import VideocamIcon from '@mui/icons-material/Videocam';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { usePost } from '../home/state.ts';
import { usePhone, useShellCalls } from '../screens/shared.tsx';

/** The API resource of the cameras, as the admin names it (admin/index.tsx). */
export const CAMERAS = 'camaras';
/** Spec 002 §9: the camera grid has 2 columns. */
const COLUMNS = 2;

interface Snapshots {
  takenAt: string;
  items: { cameraId: string; source: string; contentType: string | null; image: string | null; error: string | null }[];
}

export default function CameraButton() {
  const translate = useTranslate();
  const calls = useShellCalls();
  const post = usePost();
  const phone = usePhone();
  const [posts, setPosts] = useState<{ postId: string; cameras: number }[] | undefined>();
  const [open, setOpen] = useState(false);
  const [shots, setShots] = useState<Snapshots | undefined>();
  const [failed, setFailed] = useState(false);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    calls
      .send<{ posts: { postId: string; cameras: number }[] }>(CAMERAS, 'posts')
      .then((answer) => setPosts(answer.posts))
      .catch(() => setPosts([]));
  }, [calls]);

  // The guard's post when chosen; with one post or none (post null), the complex's cameras.
  const postId = post?.id ?? null;
  const has = postId ? posts?.some((p) => p.postId === postId) : (posts?.length ?? 0) > 0;

  const load = useCallback(async () => {
    setLoading(true);
    setFailed(false);
    try {
      setShots(await calls.send<Snapshots>(CAMERAS, `snapshots${postId ? `?postId=${encodeURIComponent(postId)}` : ''}`));
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  }, [calls, postId]);

  if (!has || post === undefined) return null;
  const failedAll = failed || (shots && shots.items.length > 0 && shots.items.every((i) => !i.image));
  const label = translate('gateCameras.open');
  const show = () => {
    setOpen(true);
    void load();
  };
  return (
    <>
      {/* A phone's top bar has no room for the words (they wrapped in two lines): the icon, named for screen readers. */}
      {phone ? (
        <Tooltip title={label}>
          <IconButton color="inherit" aria-label={label} onClick={show}>
            <VideocamIcon />
          </IconButton>
        </Tooltip>
      ) : (
        <Button color="inherit" size="small" startIcon={<VideocamIcon />} onClick={show} sx={{ textTransform: 'none' }}>
          {label}
        </Button>
      )}
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="md" aria-labelledby="gate-cameras-title">
        <DialogTitle id="gate-cameras-title" sx={{ display: 'flex', alignItems: 'center', gap: 1, pr: 1 }}>
          <Box sx={{ flex: 1 }}>{translate('gateCameras.title')}</Box>
          <IconButton aria-label={translate('gateCameras.reload')} onClick={() => void load()} disabled={loading}>
            <RefreshIcon />
          </IconButton>
          <IconButton aria-label={translate('gateCameras.close')} onClick={() => setOpen(false)}>
            <CloseIcon />
          </IconButton>
        </DialogTitle>
        <DialogContent dividers>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {translate('gateCameras.takenAt', { when: formatDateTime(shots?.takenAt ?? new Date().toISOString()) })}
          </Typography>
          {loading && !shots && (
            <Box sx={{ display: 'flex', justifyContent: 'center', p: 3 }}>
              <CircularProgress aria-label={translate('ra.page.loading')} />
            </Box>
          )}
          {failedAll && (
            <Alert severity="error" sx={{ mb: 1 }}>
              {translate('gateCameras.error')}
            </Alert>
          )}
          {shots && !failed && (
            <Box
              data-testid="camera-grid"
              sx={{
                display: 'grid',
                gap: 1,
                gridTemplateColumns: { xs: '1fr', sm: `repeat(${COLUMNS}, 1fr)` },
                opacity: loading ? 0.6 : 1,
              }}
            >
              {shots.items.map((item) => (
                <Box key={item.cameraId} component="figure" sx={{ m: 0 }}>
                  {item.image ? (
                    <Box
                      component="img"
                      src={`data:${item.contentType};base64,${item.image}`}
                      alt={item.source}
                      sx={{ width: '100%', aspectRatio: '16 / 9', objectFit: 'cover', borderRadius: 1, bgcolor: 'grey.900' }}
                    />
                  ) : (
                    <Box
                      sx={{
                        aspectRatio: '16 / 9',
                        display: 'flex',
                        alignItems: 'center',
                        justifyContent: 'center',
                        borderRadius: 1,
                        bgcolor: 'grey.200',
                        color: 'error.main',
                        textAlign: 'center',
                        p: 1,
                      }}
                    >
                      {translate('gateCameras.error')}
                    </Box>
                  )}
                  <Typography component="figcaption" variant="caption">
                    {item.source}
                  </Typography>
                </Box>
              ))}
            </Box>
          )}
          {shots && !failed && shots.items.length === 0 && <Typography>{translate('gateCameras.none')}</Typography>}
        </DialogContent>
      </Dialog>
    </>
  );
}
