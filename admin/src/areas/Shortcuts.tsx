// Dashboard shortcuts: one card per drawer entry of the area (the dashboard itself left out), so the
// plugins that the role and complex allow show up here too.
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { createElement } from 'react';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router';
import { groupEntries } from '../layout/ShellMenu.tsx';
import { areaPath, useArea } from './AreaContext.ts';

interface Props {
  extra?: readonly { to: string; labelKey: string; icon?: React.ComponentType }[];
  /** Entries the dashboard already shows otherwise. */
  omit?: readonly string[];
}

export function Shortcuts({ extra = [], omit = [] }: Props) {
  const { area, menu } = useArea();
  const translate = useTranslate();
  // In the drawer's order (its groups, then each entry's `order`).
  const entries = [...groupEntries(menu).flatMap((g) => g.entries), ...extra].filter(
    (m) => m.to !== 'dashboard' && !omit.includes(m.to),
  );
  if (entries.length === 0) return null;
  return (
    <Grid container spacing={2}>
      {entries.map((entry) => (
        <Grid key={entry.to} size={{ xs: 12, sm: 6, md: 4, lg: 3 }}>
          <Card variant="outlined" sx={{ height: '100%' }}>
            <CardActionArea component={Link} to={areaPath(area, entry.to)} sx={{ height: '100%', p: 2 }}>
              <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
                {entry.icon ? createElement(entry.icon, { color: 'primary', fontSize: 'large' } as object) : null}
                <Typography variant="subtitle1" sx={{ fontWeight: 500 }}>
                  {translate(entry.labelKey)}
                </Typography>
              </Stack>
            </CardActionArea>
          </Card>
        </Grid>
      ))}
    </Grid>
  );
}
