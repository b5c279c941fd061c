// The complex's module switches as labelled toggles, by plugin (catalogue: GET /api/modules/catalogue). Each toggle
// saves at once with the partial object PUT /api/complexes/:id/modules { Name: value }, and tells the
// mounted area so that its menu follows.
import type { ModuleSwitch, ModuleValues } from '@conjunto/core';
import Alert from '@mui/material/Alert';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Divider from '@mui/material/Divider';
import LinearProgress from '@mui/material/LinearProgress';
import { useEffect, useState } from 'react';
import { useNotify, useRecordContext, useTranslate } from 'react-admin';
import { apiJson, errorMessage } from '../../../api.ts';
import { announce, MODULES_CHANGED } from '../../../plugins.ts';
import { SwitchGroups } from '../../complex/SwitchGroups.tsx';
import { useCatalogue } from '../../complex/useCatalogue.ts';

export function ModuleSwitches() {
  const record = useRecordContext<{ id: string }>();
  const translate = useTranslate();
  const notify = useNotify();
  const catalogue = useCatalogue();
  const [values, setValues] = useState<ModuleValues>();
  const [failed, setFailed] = useState(false);
  const [saving, setSaving] = useState<string>();
  const id = record?.id;

  useEffect(() => {
    if (!id) return;
    let live = true;
    apiJson<ModuleValues>(`/complexes/${encodeURIComponent(id)}/modules`)
      .then((v) => live && setValues(v))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [id]);

  const toggle = async (m: ModuleSwitch, on: boolean) => {
    if (!id || !values) return;
    setSaving(m.name);
    setValues({ ...values, [m.name]: on });
    try {
      const saved = await apiJson<ModuleValues>(`/complexes/${encodeURIComponent(id)}/modules`, {
        method: 'PUT',
        body: { [m.name]: on },
      });
      if (saved && typeof saved === 'object') setValues(saved);
      announce(MODULES_CHANGED);
      notify(on ? 'shell.modules.on' : 'shell.modules.off', { type: 'success', messageArgs: { name: m.label } });
    } catch (error) {
      setValues((v) => v && { ...v, [m.name]: !on });
      notify(errorMessage(error, translate('shell.modules.error')), { type: 'error' });
    } finally {
      setSaving(undefined);
    }
  };

  return (
    <>
      <Divider />
      <CardHeader title={translate('shell.modules.title')} subheader={translate('shell.modules.help')} />
      <CardContent>
        {failed ? (
          <Alert severity="error">{translate('ra.notification.data_provider_error')}</Alert>
        ) : !values || !catalogue ? (
          <LinearProgress />
        ) : (
          <SwitchGroups catalogue={catalogue} values={values} onToggle={toggle} saving={saving} />
        )}
      </CardContent>
    </>
  );
}
