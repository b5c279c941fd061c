// A complex's module switches, grouped by the installed plugin they belong to (a spec switch whose feature this
// build does not install is not offered as if it existed). Real switches: read-only without `onToggle`.
import type { ModuleSwitch, ModuleValues } from '@conjunto/core';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useLocaleState } from 'react-admin';
import { pluginTitle } from '../../plugins.ts';

/** The switches of installed plugins, by plugin, in catalogue order. */
export function groupSwitches(catalogue: readonly ModuleSwitch[]): { plugin: string; switches: ModuleSwitch[] }[] {
  const groups = new Map<string, ModuleSwitch[]>();
  for (const m of catalogue) if (m.plugin) groups.set(m.plugin, [...(groups.get(m.plugin) ?? []), m]);
  return [...groups].map(([plugin, switches]) => ({ plugin, switches }));
}

/** Each group's plugin title, in the chosen language. */
function usePluginTitles(ids: readonly string[]): Record<string, string> {
  const [locale] = useLocaleState();
  const [titles, setTitles] = useState<Record<string, string>>({});
  const key = ids.join(',');
  useEffect(() => {
    let live = true;
    Promise.all(key.split(',').map(async (id) => [id, await pluginTitle(id, undefined, locale)] as const)).then(
      (pairs) => live && setTitles(Object.fromEntries(pairs)),
    );
    return () => {
      live = false;
    };
  }, [key, locale]);
  return titles;
}

export function SwitchGroups({
  catalogue,
  values,
  onToggle,
  saving,
}: {
  catalogue: readonly ModuleSwitch[];
  values: ModuleValues;
  /** Absent: the switches only show their state. */
  onToggle?(m: ModuleSwitch, on: boolean): void;
  /** The switch being saved (disabled meanwhile). */
  saving?: string;
}) {
  const groups = groupSwitches(catalogue);
  const titles = usePluginTitles(groups.map((g) => g.plugin));
  return (
    <Grid container spacing={2}>
      {groups.map(({ plugin, switches }) => (
        <Grid key={plugin} size={{ xs: 12, sm: 6, md: 4 }}>
          <Typography variant="subtitle2" component="h3" color="text.secondary" gutterBottom>
            {titles[plugin] ?? ' '}
          </Typography>
          {switches.map((m) => (
            <FormControlLabel
              key={m.name}
              sx={{ display: 'flex' }}
              control={
                <Switch
                  checked={values[m.name] ?? m.default}
                  disabled={!onToggle || saving === m.name}
                  onChange={(e) => onToggle?.(m, e.target.checked)}
                />
              }
              label={m.label}
            />
          ))}
        </Grid>
      ))}
    </Grid>
  );
}
