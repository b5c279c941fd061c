// The selected surveys at once: disable them, or delete them (with their answers, after a confirmation).
// There is no bulk enable: one survey is active at a time (enabling one deactivates the other).
import ToggleOffIcon from '@mui/icons-material/ToggleOff';
import { useState } from 'react';
import { BulkDeleteButton, Button, useCanAccess, useListContext, useNotify, useRefresh, useResourceContext } from 'react-admin';
import type { Survey } from '../schemas.ts';
import { useNotifyError, useSurveyApi } from './surveyApi.ts';

function BulkDisableButton() {
  const { data, selectedIds, onUnselectItems } = useListContext<Survey>();
  const api = useSurveyApi();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const active = (data ?? []).filter((s) => selectedIds.includes(s.id) && s.isActive);
  const disable = async () => {
    setBusy(true);
    try {
      for (const survey of active) await api.setActive(survey.id, false);
      notify('surveys.notifications.disabledMany', { type: 'success', messageArgs: { smart_count: active.length } });
      onUnselectItems();
    } catch (error) {
      notifyError(error, 'surveys.errors.status');
    } finally {
      setBusy(false);
      refresh();
    }
  };
  return (
    <Button label="surveys.action.disable" disabled={busy || !active.length} onClick={disable}>
      <ToggleOffIcon />
    </Button>
  );
}

export function SurveyBulkActions() {
  const resource = useResourceContext();
  const { canAccess: canDisable } = useCanAccess({ resource, action: 'disable' });
  const { canAccess: canDelete } = useCanAccess({ resource, action: 'delete' });
  return (
    <>
      {canDisable && <BulkDisableButton />}
      {canDelete && <BulkDeleteButton mutationMode="pessimistic" />}
    </>
  );
}
