// The dashboard's figures: the widgets of the visible plugins (the same gate as the menu: role, module switches,
// canAccess), in a responsive grid (one column on a phone). Each loads lazily, with a skeleton until it is there;
// one that fails says so in its card and leaves the others alone.
import { WidgetEmpty, WidgetSkeleton } from '@conjunto/core/ui';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Component, createElement, type ReactNode, Suspense } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router';
import type { PluginWidget } from '../plugins.ts';
import { useSession } from '../session.ts';
import { areaPath, useArea } from './AreaContext.ts';

const COLUMNS = { small: { sm: 6, md: 3 }, medium: { sm: 12, md: 6 }, large: { sm: 12, md: 12 } } as const;

/** A card's content that failed: its fallback, the other cards untouched (also the panels' boundary). */
export class WidgetBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: unknown) {
    console.error('Widget', error);
  }
  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

function WidgetCard({ widget }: { widget: PluginWidget }) {
  const translate = useTranslate();
  const { area } = useArea();
  const title = translate(widget.titleKey, { _: widget.titleKey });
  return (
    <Card
      variant="outlined"
      sx={{ height: '100%' }}
      data-widget={`${widget.pluginId}.${widget.id}`}
      component="section"
      aria-label={title}
    >
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'baseline', justifyContent: 'space-between', mb: 1.5, gap: 1 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {title}
          </Typography>
          {widget.to ? (
            <Link component={RouterLink} to={areaPath(area, widget.to)} variant="body2" underline="hover">
              {translate('shell.dashboard.open')}
            </Link>
          ) : null}
        </Stack>
        <WidgetBoundary fallback={<WidgetEmpty>{translate('shell.dashboard.widgetError')}</WidgetEmpty>}>
          <Suspense fallback={<WidgetSkeleton />}>{createElement(widget.component)}</Suspense>
        </WidgetBoundary>
      </CardContent>
    </Card>
  );
}

export function Widgets() {
  const { widgets } = useArea();
  const { complex } = useSession();
  const translate = useTranslate();
  if (widgets.length === 0)
    return (
      <Card variant="outlined">
        <WidgetEmpty>{translate('shell.dashboard.noWidgets')}</WidgetEmpty>
      </Card>
    );
  return (
    <Grid container spacing={2}>
      {widgets.map((w) => (
        // Keyed by the complex too: choosing another one mounts the widgets anew, so they read its figures.
        <Grid key={`${complex?.id}.${w.pluginId}.${w.id}`} size={{ xs: 12, ...COLUMNS[w.size ?? 'medium'] }}>
          <WidgetCard widget={w} />
        </Grid>
      ))}
    </Grid>
  );
}
