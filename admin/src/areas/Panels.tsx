// Plugins' sections on a host screen (a resident's family and plates, a unit's statement ...): the panels of the
// visible plugins for one slot, in their order, each in its own card with a skeleton until its chunk is there.
// One that fails says so in its card and leaves the others alone.
import type { PanelProps, PanelSlot } from '@conjunto/core';
import { WidgetEmpty, WidgetSkeleton } from '@conjunto/core/ui';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { createElement, type ReactNode, Suspense } from 'react';
import { useTranslate } from 'react-admin';
import { useSession } from '../session.ts';
import { useArea } from './AreaContext.ts';
import { WidgetBoundary } from './Widgets.tsx';

/** `paymentsOnly`: the resident's property is locked, so only the payments sections show (spec 002 §4). */
export function Panels({ slot, paymentsOnly, ...props }: { slot: PanelSlot; paymentsOnly?: boolean } & PanelProps) {
  const { panels } = useArea();
  const { complex } = useSession();
  const translate = useTranslate();
  const mine = panels.filter((p) => p.slot === slot && (!paymentsOnly || p.payments));
  if (mine.length === 0) return null;
  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      {mine.length >= INDEX_FROM ? <SectionIndex sections={mine.map((p) => [`${p.pluginId}.${p.id}`, p.titleKey])} /> : null}
      {mine.map((p) => {
        const title = translate(p.titleKey, { _: p.titleKey });
        return (
          <PanelCard key={`${complex?.id}.${p.pluginId}.${p.id}`} title={title} id={`${p.pluginId}.${p.id}`}>
            <WidgetBoundary fallback={<WidgetEmpty>{translate('shell.dashboard.widgetError')}</WidgetEmpty>}>
              <Suspense fallback={<WidgetSkeleton />}>{createElement(p.component, props)}</Suspense>
            </WidgetBoundary>
          </PanelCard>
        );
      })}
    </Stack>
  );
}

/** From this many sections a screen opens with their index (a resident's 'Mi hogar' has a dozen, 6,000 px tall). */
const INDEX_FROM = 5;

/** One chip per section, in their order: a tap scrolls to it. A single row that scrolls sideways on a phone. */
function SectionIndex({ sections }: { sections: [id: string, titleKey: string][] }) {
  const translate = useTranslate();
  return (
    <Stack
      component="nav"
      aria-label={translate('shell.panels.index')}
      direction="row"
      spacing={1}
      sx={{ overflowX: 'auto', pb: 0.5 }}
    >
      {sections.map(([id, titleKey]) => (
        <Chip
          key={id}
          label={translate(titleKey, { _: titleKey })}
          variant="outlined"
          onClick={() => document.querySelector(`[data-panel="${id}"]`)?.scrollIntoView({ behavior: 'smooth' })}
        />
      ))}
    </Stack>
  );
}

/** The top bar's items of the visible plugins (slot 'appBar'): drawn as they are; one that fails is left out. */
export function AppBarPanels() {
  const { panels } = useArea();
  return panels
    .filter((p) => p.slot === 'appBar')
    .map((p) => (
      <WidgetBoundary key={`${p.pluginId}.${p.id}`} fallback={null}>
        <Suspense fallback={null}>{createElement(p.component)}</Suspense>
      </WidgetBoundary>
    ));
}

/** One section's card, titled: the plugins' panels and the host's own sections of the same screens. */
export function PanelCard({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-label={title} data-panel={id}>
      <CardContent>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1.5 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}
