// 'Garitas y cámaras' (office): the complex's guard posts, and in each post its cameras (driver, snapshot URL, user
// and a write-only password: the server never answers it, only whether there is one).
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import LockIcon from '@mui/icons-material/Lock';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import {
  Create,
  DataTable,
  Edit,
  maxLength,
  required,
  SimpleForm,
  TextInput,
  useCreate,
  useDelete,
  useGetList,
  useNotify,
  useRecordContext,
  useTranslate,
  useUpdate,
} from 'react-admin';
import type { GateCameraItem } from '../../camera-schemas.ts';
import { CAMERA_DRIVERS, CAMERA_LIMITS, type CameraDriver } from '../../cameras.ts';
import { GATE_LIMITS } from '../../gate.ts';
import type { GatePost } from '../../schemas.ts';
import { GateList, useNotifyError, when } from '../screens/shared.tsx';
import { CAMERAS } from './CameraButton.tsx';

const c = (key: string) => `gateCameras.${key}`;

export function PostList() {
  const translate = useTranslate();
  return (
    <GateList title={translate(c('menu'))} sort={{ field: 'name', order: 'ASC' }} create>
      <DataTable rowClick="edit" bulkActionButtons={false}>
        <DataTable.Col source="name" />
        <DataTable.Col source="createdAt" render={(p: GatePost) => when(p.createdAt)} />
      </DataTable>
    </GateList>
  );
}

const PostForm = () => (
  <SimpleForm>
    <TextInput source="name" validate={[required(), maxLength(GATE_LIMITS.postName)]} />
  </SimpleForm>
);

export function PostCreate() {
  return (
    <Create redirect="edit">
      <PostForm />
    </Create>
  );
}

/** The post's name as the page title (react-admin's default repeats the resource: 'Garita Garita principal'). */
function PostTitle() {
  const post = useRecordContext<GatePost>();
  return <>{post?.name ?? ''}</>;
}

export function PostEdit() {
  return (
    <Edit mutationMode="pessimistic" actions={false} title={<PostTitle />}>
      <PostForm />
      <Cameras />
    </Edit>
  );
}

interface Draft {
  name: string;
  driver: CameraDriver;
  url: string;
  username: string;
  password: string;
  removePassword: boolean;
}
const EMPTY: Draft = { name: '', driver: 'http-snapshot', url: '', username: '', password: '', removePassword: false };

/** The post's cameras: listed, added, changed and deleted in place. */
function Cameras() {
  const post = useRecordContext<GatePost>();
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const { data: cameras, refetch } = useGetList<GateCameraItem>(
    CAMERAS,
    {
      filter: { postId: post?.id },
      sort: { field: 'name', order: 'ASC' },
      pagination: { page: 1, perPage: CAMERA_LIMITS.perPost },
    },
    { enabled: Boolean(post?.id) },
  );
  const [editing, setEditing] = useState<GateCameraItem | 'new' | null>(null);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [create, { isPending: creating }] = useCreate();
  const [update, { isPending: updating }] = useUpdate();
  const [remove] = useDelete();
  if (!post) return null;

  const openFor = (camera: GateCameraItem | 'new') => {
    setEditing(camera);
    setDraft(
      camera === 'new'
        ? EMPTY
        : { ...EMPTY, name: camera.name, driver: camera.driver, url: camera.url ?? '', username: camera.username ?? '' },
    );
  };
  const save = () => {
    const http = draft.driver === 'http-snapshot';
    const data: Record<string, unknown> = {
      postId: post.id,
      name: draft.name,
      driver: draft.driver,
      url: http ? draft.url : null,
      username: http ? draft.username || null : null,
    };
    // Write-only: sent only when typed (or removed on purpose); an edit without it keeps the stored one.
    if (http && draft.password) data.password = draft.password;
    else if (draft.removePassword) data.password = null;
    const done = {
      onSuccess: () => {
        notify(c('saved'), { type: 'success' });
        setEditing(null);
        void refetch();
      },
      onError: (error: unknown) => notifyError(error, c('saveError')),
    };
    if (editing === 'new') create(CAMERAS, { data }, done);
    else if (editing) update(CAMERAS, { id: editing.id, data, previousData: editing }, done);
  };
  const set = (key: keyof Draft) => (event: { target: { value: string } }) => setDraft({ ...draft, [key]: event.target.value });

  return (
    <Card sx={{ mt: 2 }}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
          <Typography variant="h6" sx={{ flex: 1 }}>
            {translate(c('cameras'))}
          </Typography>
          <Button onClick={() => openFor('new')} disabled={(cameras?.length ?? 0) >= CAMERA_LIMITS.perPost}>
            {translate(c('add'))}
          </Button>
        </Box>
        {cameras?.length === 0 && <Typography color="text.secondary">{translate(c('noCameras'))}</Typography>}
        <List dense>
          {cameras?.map((camera) => (
            <ListItem
              key={camera.id}
              secondaryAction={
                <>
                  <IconButton aria-label={`${translate(c('edit'))}: ${camera.name}`} onClick={() => openFor(camera)}>
                    <EditIcon />
                  </IconButton>
                  <IconButton
                    aria-label={`${translate(c('remove'))}: ${camera.name}`}
                    onClick={() =>
                      remove(
                        CAMERAS,
                        { id: camera.id, previousData: camera },
                        {
                          onSuccess: () => {
                            notify(c('removed'), { type: 'info' });
                            void refetch();
                          },
                          onError: (error) => notifyError(error, c('saveError')),
                        },
                      )
                    }
                  >
                    <DeleteIcon />
                  </IconButton>
                </>
              }
            >
              <ListItemText
                primary={
                  <>
                    {camera.name}
                    {camera.hasPassword && (
                      <LockIcon
                        fontSize="inherit"
                        titleAccess={translate(c('hasPassword'))}
                        sx={{ ml: 0.5, verticalAlign: 'middle' }}
                      />
                    )}
                  </>
                }
                secondary={[translate(c(`drivers.${camera.driver}`)), camera.url, camera.username].filter(Boolean).join(' · ')}
              />
            </ListItem>
          ))}
        </List>
      </CardContent>
      <Dialog open={editing !== null} onClose={() => setEditing(null)} fullWidth maxWidth="sm">
        <DialogTitle>{translate(c(editing === 'new' ? 'add' : 'edit'))}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          <TextField
            label={translate(c('fields.name'))}
            value={draft.name}
            onChange={set('name')}
            required
            slotProps={{ htmlInput: { maxLength: CAMERA_LIMITS.name } }}
          />
          <TextField select label={translate(c('fields.driver'))} value={draft.driver} onChange={set('driver')}>
            {CAMERA_DRIVERS.map((d) => (
              <MenuItem key={d} value={d}>
                {translate(c(`drivers.${d}`))}
              </MenuItem>
            ))}
          </TextField>
          {draft.driver === 'http-snapshot' && (
            <>
              <TextField
                label={translate(c('fields.url'))}
                value={draft.url}
                onChange={set('url')}
                required
                type="url"
                placeholder="http://192.168.1.64/ISAPI/Streaming/channels/101/picture"
                slotProps={{ htmlInput: { maxLength: CAMERA_LIMITS.url } }}
              />
              <TextField
                label={translate(c('fields.username'))}
                value={draft.username}
                onChange={set('username')}
                autoComplete="off"
                slotProps={{ htmlInput: { maxLength: CAMERA_LIMITS.username } }}
              />
              <TextField
                label={translate(c('fields.password'))}
                value={draft.password}
                onChange={set('password')}
                type="password"
                autoComplete="new-password"
                helperText={editing !== 'new' && editing?.hasPassword ? translate(c('passwordKept')) : undefined}
                slotProps={{ htmlInput: { maxLength: CAMERA_LIMITS.password } }}
              />
              {editing !== 'new' && editing?.hasPassword && (
                <FormControlLabel
                  control={
                    <Checkbox
                      checked={draft.removePassword}
                      onChange={(event) => setDraft({ ...draft, removePassword: event.target.checked, password: '' })}
                    />
                  }
                  label={translate(c('removePassword'))}
                />
              )}
            </>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setEditing(null)}>{translate(c('cancel'))}</Button>
          <Button variant="contained" onClick={save} disabled={!draft.name.trim() || creating || updating}>
            {translate(c('save'))}
          </Button>
        </DialogActions>
      </Dialog>
    </Card>
  );
}
