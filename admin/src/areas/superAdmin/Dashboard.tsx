// Platform staff dashboard: how many complexes, companies, users and plugins, each a link to its screen.
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { createElement, useEffect, useState } from 'react';
import { Title, useDataProvider, useTranslate } from 'react-admin';
import { Link } from 'react-router';
import { apiJson } from '../../api.ts';
import { areaPath, useArea } from '../AreaContext.ts';
import { Shortcuts } from '../Shortcuts.tsx';
import { Welcome } from '../Welcome.tsx';
import { PLATFORM_MENU } from './menu.ts';

type Counts = Record<string, number | undefined>;

export default function SuperAdminDashboard() {
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const { area } = useArea();
  const [counts, setCounts] = useState<Counts>({});

  useEffect(() => {
    let live = true;
    const total = (resource: string, filter = {}) =>
      dataProvider
        .getList(resource, { pagination: { page: 1, perPage: 1 }, sort: { field: 'id', order: 'ASC' }, filter })
        .then((r) => r.total)
        .catch(() => undefined);
    Promise.all([
      total('conjuntos'),
      total('Company'),
      total('administradores', { staff: true }),
      apiJson<unknown[]>('/platform/plugins')
        .then((l) => l.length)
        .catch(() => undefined),
    ]).then(
      ([conjuntos, Company, administradores, plugins]) => live && setCounts({ conjuntos, Company, administradores, plugins }),
    );
    return () => {
      live = false;
    };
  }, [dataProvider]);

  return (
    <Box sx={{ mt: 2 }}>
      <Title title={translate('shell.menu.dashboard')} />
      <Welcome />
      <Grid container spacing={2} sx={{ mb: 3 }}>
        {PLATFORM_MENU.map((entry) => (
          <Grid key={entry.to} size={{ xs: 12, sm: 6, md: 3 }}>
            <Card>
              <CardActionArea
                component={Link}
                to={areaPath(area, entry.to)}
                sx={{ p: 2, display: 'flex', gap: 2, justifyContent: 'flex-start' }}
              >
                {entry.icon ? createElement(entry.icon, { color: 'primary', sx: { fontSize: 44 } } as object) : null}
                <Box>
                  <Typography variant="h4" component="p">
                    {entry.to in counts ? (counts[entry.to] ?? '—') : <Skeleton width={48} />}
                  </Typography>
                  <Typography color="text.secondary">{translate(entry.labelKey)}</Typography>
                </Box>
              </CardActionArea>
            </Card>
          </Grid>
        ))}
      </Grid>
      <Shortcuts omit={PLATFORM_MENU.map((m) => m.to)} />
    </Box>
  );
}
