// The actions of a survey row: view results, enable/disable (warning first when another survey is active)
// and delete (after a confirmation).
import DeleteIcon from '@mui/icons-material/Delete';
import PollIcon from '@mui/icons-material/Poll';
import ToggleOffIcon from '@mui/icons-material/ToggleOff';
import ToggleOnIcon from '@mui/icons-material/ToggleOn';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { lazy, type MouseEvent, Suspense, useState } from 'react';
import {
  Confirm,
  useCanAccess,
  useDelete,
  useNotify,
  useRecordContext,
  useRefresh,
  useResourceContext,
  useTranslate,
} from 'react-admin';
import type { Survey } from '../schemas.ts';
import { useReplaceConfirm } from './SurveyReplaceConfirm.tsx';
import { SURVEY_RESOURCE, useNotifyError, useSurveyApi } from './surveyApi.ts';

// recharts only loads when someone opens the results.
const SurveyResultsDialog = lazy(() => import('./SurveyResultsDialog.tsx'));

export function SurveyRowActions() {
  const record = useRecordContext<Survey>();
  // What the role may do, from the plugin's access table (authProvider.canAccess): the buttons it may not use hide.
  const resource = useResourceContext();
  const { canAccess: canToggle } = useCanAccess({ resource, action: record?.isActive ? 'disable' : 'enable' });
  const { canAccess: canDelete } = useCanAccess({ resource, action: 'delete' });
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const refresh = useRefresh();
  const api = useSurveyApi();
  const { confirmReplace, dialog: replaceDialog } = useReplaceConfirm();
  const [deleteOne, { isPending: deleting }] = useDelete<Survey>();
  const [toggling, setToggling] = useState(false);
  const [showResults, setShowResults] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);

  if (!record) return null;

  const stop = (handler: () => void) => (event: MouseEvent) => {
    event.stopPropagation();
    handler();
  };

  const toggle = async () => {
    const enable = !record.isActive;
    setToggling(true);
    try {
      if (enable && !(await confirmReplace({ id: record.id, title: record.title }))) return;
      await api.setActive(record.id, enable);
      notify(enable ? 'surveys.notifications.enabled' : 'surveys.notifications.disabled', { type: 'success' });
      // Enabling one survey deactivates another row: reload the page of the list.
      refresh();
    } catch (error) {
      notifyError(error, 'surveys.errors.status');
      refresh();
    } finally {
      setToggling(false);
    }
  };

  const remove = () =>
    deleteOne(
      SURVEY_RESOURCE,
      { id: record.id, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setConfirmDelete(false);
          notify('surveys.notifications.deleted', { type: 'success' });
        },
        onError: (error) => {
          setConfirmDelete(false);
          notifyError(error, 'surveys.errors.delete');
        },
      },
    );

  const toggleLabel = translate(record.isActive ? 'surveys.action.disable' : 'surveys.action.enable');

  return (
    <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
      <Tooltip title={translate('surveys.action.results')}>
        <IconButton
          size="small"
          color="primary"
          aria-label={translate('surveys.action.results')}
          onClick={stop(() => setShowResults(true))}
        >
          <PollIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      {canToggle && (
        <Tooltip title={toggleLabel}>
          <span>
            <IconButton
              size="small"
              color={record.isActive ? 'success' : 'default'}
              aria-label={toggleLabel}
              disabled={toggling}
              onClick={stop(() => void toggle())}
            >
              {record.isActive ? <ToggleOnIcon /> : <ToggleOffIcon />}
            </IconButton>
          </span>
        </Tooltip>
      )}
      {canDelete && (
        <Tooltip title={translate('surveys.action.delete')}>
          <span>
            <IconButton
              size="small"
              color="error"
              aria-label={translate('surveys.action.delete')}
              disabled={deleting}
              onClick={stop(() => setConfirmDelete(true))}
            >
              <DeleteIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      )}
      {replaceDialog}
      <Confirm
        isOpen={confirmDelete}
        loading={deleting}
        title="surveys.delete.title"
        content="surveys.delete.content"
        contentTranslateOptions={{ title: record.title }}
        confirm="surveys.action.delete"
        cancel="surveys.action.cancel"
        confirmColor="warning"
        onConfirm={remove}
        onClose={() => setConfirmDelete(false)}
      />
      {showResults && (
        <Suspense fallback={null}>
          <SurveyResultsDialog survey={record} onClose={() => setShowResults(false)} />
        </Suspense>
      )}
    </Stack>
  );
}
