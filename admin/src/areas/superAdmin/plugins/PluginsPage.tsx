// Platform: the installed plugins (GET /api/platform/plugins) with a platform-wide on/off toggle
// (PUT /api/platform/plugins/:id { enabled }). Turning one off hides it in every complex.
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useEffect, useState } from 'react';
import { Title, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { apiJson, errorMessage } from '../../../api.ts';
import { announce, PLUGINS_CHANGED, pluginTitle } from '../../../plugins.ts';
import { useCatalogue } from '../../complex/useCatalogue.ts';

interface PlatformPlugin {
  id: string;
  /** The API answers the plugin's title key; the list shows it translated. */
  title: string;
  enabled: boolean;
  moduleSwitch?: string | null;
}

export default function PluginsPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const [plugins, setPlugins] = useState<PlatformPlugin[]>();
  const [failed, setFailed] = useState(false);
  const [saving, setSaving] = useState<string>();
  const [locale] = useLocaleState();
  // The switch by its label ('Rostros de residentes'); its catalogue name ('RostrosResidentes') in the tooltip.
  const labels = new Map(useCatalogue()?.map((m) => [m.name, m.label]));

  useEffect(() => {
    let live = true;
    apiJson<PlatformPlugin[]>('/platform/plugins')
      .then((list) => Promise.all(list.map(async (p) => ({ ...p, title: await pluginTitle(p.id, p.title, locale) }))))
      .then((list) => live && setPlugins(list))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [locale]);

  const toggle = async (plugin: PlatformPlugin, enabled: boolean) => {
    const set = (value: boolean) => setPlugins((list) => list?.map((p) => (p.id === plugin.id ? { ...p, enabled: value } : p)));
    setSaving(plugin.id);
    set(enabled);
    try {
      await apiJson(`/platform/plugins/${encodeURIComponent(plugin.id)}`, { method: 'PUT', body: { enabled } });
      announce(PLUGINS_CHANGED);
      notify(enabled ? 'shell.plugins.enabled' : 'shell.plugins.disabled', {
        type: 'success',
        messageArgs: { name: title(plugin) },
      });
    } catch (error) {
      set(!enabled);
      notify(errorMessage(error), { type: 'error' });
    } finally {
      setSaving(undefined);
    }
  };

  const title = (p: PlatformPlugin) => p.title;

  return (
    <Card sx={{ mt: 2 }}>
      <Title title={translate('shell.menu.plugins')} />
      <Alert severity="info" sx={{ m: 2 }}>
        {translate('shell.plugins.help')}
      </Alert>
      {failed ? (
        <Alert severity="error" sx={{ m: 2 }}>
          {translate('ra.notification.data_provider_error')}
        </Alert>
      ) : !plugins ? (
        <LinearProgress />
      ) : plugins.length === 0 ? (
        <Alert severity="warning" sx={{ m: 2 }}>
          {translate('ra.navigation.no_results')}
        </Alert>
      ) : (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{translate('shell.plugins.name')}</TableCell>
              <TableCell>{translate('shell.plugins.id')}</TableCell>
              <TableCell>{translate('shell.plugins.moduleSwitch')}</TableCell>
              <TableCell align="right">{translate('shell.plugins.state')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {plugins.map((p) => (
              <TableRow key={p.id} hover>
                <TableCell>{title(p)}</TableCell>
                <TableCell>
                  <code>{p.id}</code>
                </TableCell>
                <TableCell>
                  {p.moduleSwitch ? (
                    <Chip
                      size="small"
                      variant="outlined"
                      label={labels.get(p.moduleSwitch) ?? p.moduleSwitch}
                      title={p.moduleSwitch}
                    />
                  ) : (
                    '—'
                  )}
                </TableCell>
                <TableCell align="right">
                  <Switch
                    checked={p.enabled}
                    disabled={saving === p.id}
                    onChange={(e) => toggle(p, e.target.checked)}
                    slotProps={{ input: { 'aria-label': title(p) } }}
                  />
                  {translate(p.enabled ? 'shell.plugins.on' : 'shell.plugins.off')}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Card>
  );
}
