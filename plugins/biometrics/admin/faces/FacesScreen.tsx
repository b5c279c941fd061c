// The faces screen (spec 001 §2, /administrador/rostros): header, the faces/devices toggle, 'Importar Masivo' and
// 'Nuevo Rostro', the search box and device filter, then the card grid of people or the devices view, and the
// lawful-use footer. The import wizard is its own chunk, loaded when it is first opened. Creating and importing are
// offered to the roles the plugin's access table lets do them (authProvider.canAccess).
import { isNoComplex } from '@conjunto/core';
import AddIcon from '@mui/icons-material/Add';
import DevicesIcon from '@mui/icons-material/Devices';
import FaceIcon from '@mui/icons-material/Face';
import SearchIcon from '@mui/icons-material/Search';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { CanAccess, Title, useGetList, useNotify, useRefresh, useTranslate } from 'react-admin';
import DevicesView from '../devices/DevicesView.tsx';
import ImportProgress from '../import/ImportProgress.tsx';
import { DEVICES, type Device, FACES, type Face } from '../shared/api.ts';
import FaceDeleteDialog from './FaceDeleteDialog.tsx';
import FaceDetailDialog from './FaceDetailDialog.tsx';
import FaceFormDialog from './FaceFormDialog.tsx';
import FacesGrid from './FacesGrid.tsx';

const ImportWizard = lazy(() => import('../import/ImportWizard.tsx'));

const SEARCH_DELAY_MS = 300;
const ALL = '';

type View = 'faces' | 'devices';
/** Which face dialog is open: the form (face null = new), the details or the deletion. */
type FaceDialog = ({ kind: 'form'; face: Face | null } | { kind: 'detail'; face: Face } | { kind: 'delete'; face: Face }) & {
  /** Closing keeps the face, so that the dialog's content stays during its closing animation. */
  open: boolean;
};

/** The value typed, and the same value once the user stopped typing for a moment. */
function useDebounced(value: string): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

export default function FacesScreen() {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  // 'rostros?vista=dispositivos' (the dashboard's link) opens on the devices.
  const [view, setView] = useState<View>(() => (/[?&]vista=dispositivos\b/.test(window.location.hash) ? 'devices' : 'faces'));
  const [search, setSearch] = useState('');
  const [deviceId, setDeviceId] = useState(ALL);
  const [dialog, setDialog] = useState<FaceDialog>();
  const [importOpen, setImportOpen] = useState(false);
  // Mounted from the first opening on, so that closing it keeps its closing animation.
  const [importMounted, setImportMounted] = useState(false);
  const query = useDebounced(search.trim());

  const devicesQuery = useGetList<Device>(
    DEVICES,
    { pagination: { page: 1, perPage: 1000 }, sort: { field: 'createdAt', order: 'DESC' } },
    { onError: (error) => !isNoComplex(error) && notify('biometrics.errors.deviceLoad', { type: 'error' }) },
  );
  const devices = devicesQuery.data ?? [];
  const devicesById = useMemo(() => new Map(devices.map((d) => [d.id, d])), [devices]);

  const switchView = () => {
    setView((v) => (v === 'faces' ? 'devices' : 'faces'));
    setSearch('');
  };
  const openImport = () => {
    setImportMounted(true);
    setImportOpen(true);
  };
  // Stable: the delete dialog's auto-close timer must not restart on each render of the screen.
  const closeDialog = useCallback(() => setDialog((d) => d && { ...d, open: false }), []);
  // Each opening of the form is a new form (a new key): the values of a previous one do not come back.
  const [formSeq, setFormSeq] = useState(0);
  const openForm = (face: Face | null) => {
    setFormSeq((n) => n + 1);
    setDialog({ kind: 'form', face, open: true });
  };

  if (isNoComplex(devicesQuery.error)) {
    return (
      <Box sx={{ p: 3 }}>
        <Title title="biometrics.title" />
        <Alert severity="info">{translate('biometrics.screen.noComplex')}</Alert>
      </Box>
    );
  }

  return (
    <Box sx={{ py: 2 }}>
      <Title title="biometrics.title" />
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { md: 'center' }, mb: 2 }}
      >
        <Box>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
            {translate('biometrics.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {translate('biometrics.screen.subtitle')}
          </Typography>
        </Box>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button variant="outlined" startIcon={view === 'faces' ? <DevicesIcon /> : <FaceIcon />} onClick={switchView}>
            {translate(view === 'faces' ? 'biometrics.screen.showDevices' : 'biometrics.screen.showFaces')}
          </Button>
          <CanAccess resource={FACES} action="import">
            <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={openImport}>
              {translate('biometrics.screen.import')}
            </Button>
          </CanAccess>
          <CanAccess resource={FACES} action="create">
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => openForm(null)}>
              {translate('biometrics.screen.newFace')}
            </Button>
          </CanAccess>
        </Stack>
      </Stack>

      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { sm: 'flex-end' } }}>
        <TextField
          size="small"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder={translate(view === 'faces' ? 'biometrics.screen.searchFaces' : 'biometrics.screen.searchDevices')}
          // In a column (phones) a flex basis would be a height: it applies from sm on.
          sx={{ flex: { sm: '1 1 320px' }, maxWidth: { sm: 520 } }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
            htmlInput: {
              'aria-label': translate(view === 'faces' ? 'biometrics.screen.searchFaces' : 'biometrics.screen.searchDevices'),
            },
          }}
        />
        {view === 'faces' && (
          <TextField
            select
            size="small"
            label={translate('biometrics.screen.deviceFilter')}
            value={deviceId}
            onChange={(event) => setDeviceId(event.target.value)}
            sx={{ width: { xs: '100%', sm: 300 }, flexShrink: 0 }}
            slotProps={{
              inputLabel: { shrink: true },
              select: {
                displayEmpty: true,
                renderValue: (value) =>
                  value === ALL
                    ? translate('biometrics.screen.allDevices')
                    : (devicesById.get(String(value))?.name ?? String(value)),
              },
            }}
          >
            <MenuItem value={ALL}>{translate('biometrics.screen.allDevices')}</MenuItem>
            {devices.map((d) => (
              <MenuItem key={d.id} value={d.id}>
                {d.name}
              </MenuItem>
            ))}
          </TextField>
        )}
      </Stack>

      {view === 'faces' ? (
        <FacesGrid
          q={query}
          deviceId={deviceId}
          devicesById={devicesById}
          onClearSearch={() => {
            setSearch('');
            setDeviceId(ALL);
          }}
          onView={(face) => setDialog({ kind: 'detail', face, open: true })}
          onEdit={openForm}
          onDelete={(face) => setDialog({ kind: 'delete', face, open: true })}
        />
      ) : (
        <DevicesView devices={devices} loading={devicesQuery.isPending} search={query} onClearSearch={() => setSearch('')} />
      )}

      <Typography variant="caption" component="p" color="text.secondary" sx={{ mt: 3, textAlign: 'center' }}>
        {translate('biometrics.screen.lawfulUse')}
      </Typography>

      <FaceFormDialog
        key={formSeq}
        open={dialog?.kind === 'form' && dialog.open}
        face={dialog?.kind === 'form' ? dialog.face : null}
        devices={devices}
        onClose={closeDialog}
        onSaved={refresh}
      />
      <FaceDetailDialog
        open={dialog?.kind === 'detail' && dialog.open}
        face={dialog?.kind === 'detail' ? dialog.face : undefined}
        devicesById={devicesById}
        onClose={closeDialog}
      />
      <FaceDeleteDialog
        open={dialog?.kind === 'delete' && dialog.open}
        face={dialog?.kind === 'delete' ? dialog.face : undefined}
        devicesById={devicesById}
        onClose={closeDialog}
        onDeleted={refresh}
      />
      {importMounted && (
        <Suspense fallback={null}>
          <ImportWizard open={importOpen} onClose={() => setImportOpen(false)} onImported={refresh} />
        </Suspense>
      )}
      <ImportProgress onFinished={refresh} />
    </Box>
  );
}
