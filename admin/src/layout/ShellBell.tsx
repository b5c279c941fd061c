// The office's bell in the top bar (spec 000 §2.9): the visible plugins' groups of pending things (maintenance, damage
// reports, transfers, reservations ...), each read as the first BELL_GROUP_LAST rows of one of their lists (its total
// is the group's count) and read again on the group's live topics, when the stream (re)opens and every minute. The
// badge adds the groups up (the count below 10, else '+9'); each item and each group lead to the group's list. A group
// whose pending things no list filter selects (maintenance dates computed from rules) answers from its own `path`.
import { BELL_GROUP_LAST, type BellAnswer, formatDate, formatDateTime, STREAM_OPENED, shellCalls } from '@conjunto/core';
import NotificationsIcon from '@mui/icons-material/Notifications';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Popover from '@mui/material/Popover';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { Fragment, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useCreatePath, useDataProvider, useTranslate } from 'react-admin';
import { Link } from 'react-router';
import { useArea } from '../areas/AreaContext.ts';
import type { PluginBellGroup } from '../plugins.ts';
import { useSession } from '../session.ts';

const BADGE_MAX = 9;
const REREAD_MS = 60_000;
const FIRST_READ_MS = 2_000;

interface GroupState {
  total: number;
  items: { id: string; title: string; at?: string | null }[];
}

/** The badge (spec 002 §9): the count below 10, else '+9'; nothing at 0. */
const bellBadge = (count: number) => (count <= 0 ? '' : count > BADGE_MAX ? `+${BADGE_MAX}` : String(count));

/** An item's moment: a day (a maintenance date) as a day, an instant with its time. */
const when = (at: string | null | undefined) =>
  at ? (/^\d{4}-\d{2}-\d{2}$/.test(at) ? formatDate(at) : formatDateTime(at)) : undefined;

export function ShellBell() {
  const { bell } = useArea();
  const { complex } = useSession();
  // One bell per complex: another complex's counts never show, even for a moment.
  return bell.length ? <Bell key={complex?.id} groups={bell} /> : null;
}

function Bell({ groups }: { groups: readonly PluginBellGroup[] }) {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const dataProvider = useDataProvider();
  const calls = useMemo(() => shellCalls(dataProvider), [dataProvider]);
  const [state, setState] = useState<Record<string, GroupState>>({});
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Answers may come back out of order: each group keeps its latest request's answer only.
  const latest = useRef<Record<string, number>>({});

  const read = useCallback(
    async (group: PluginBellGroup) => {
      const key = `${group.pluginId}.${group.id}`;
      const request = (latest.current[key] ?? 0) + 1;
      latest.current[key] = request;
      try {
        let answer: GroupState;
        if (group.path) {
          const { count, latest: items } = await calls.send<BellAnswer>(group.resource, group.path);
          answer = { total: count, items: items.slice(0, BELL_GROUP_LAST) };
        } else {
          const { data, total } = await dataProvider.getList(group.resource, {
            filter: group.filter ?? {},
            sort: group.sort ?? { field: 'id', order: 'DESC' },
            pagination: { page: 1, perPage: BELL_GROUP_LAST },
          });
          const items = data.map((record) => ({
            id: String(record.id),
            ...(group.describe?.(record) ?? { title: String(record.id) }),
          }));
          answer = { total: total ?? items.length, items };
        }
        if (request !== latest.current[key]) return;
        setState((s) => ({ ...s, [key]: answer }));
      } catch {
        // A group that cannot be read is left out (not shown with an old answer); the others still show.
        if (request === latest.current[key]) setState(({ [key]: _gone, ...rest }) => rest);
      }
    },
    [dataProvider, calls],
  );

  useEffect(() => {
    let started = false;
    const readAll = () => {
      started = true;
      for (const g of groups) void read(g);
    };
    // The first read waits for the screen's own first load (the badge is not what the user came for); a reopened
    // stream reads again (events are not replayed), its first opening does not add a read of its own.
    const first = setTimeout(readAll, FIRST_READ_MS);
    const timer = setInterval(readAll, REREAD_MS);
    const off = [
      calls.subscribe(STREAM_OPENED, () => started && readAll()),
      ...groups.flatMap((g) => (g.topics ?? []).map((topic) => calls.subscribe(topic, () => void read(g)))),
    ];
    return () => {
      clearTimeout(first);
      clearInterval(timer);
      for (const unsubscribe of off) unsubscribe();
    };
  }, [groups, calls, read]);

  const total = groups.reduce((sum, g) => sum + (state[`${g.pluginId}.${g.id}`]?.total ?? 0), 0);
  // The name holds the badge's text as shown ('+9'): what is seen is what a screen reader says (axe: label-content-name-mismatch).
  const label = translate('shell.bell.open', { count: bellBadge(total) || 0 });
  const close = () => setAnchor(null);
  const listOf = (g: PluginBellGroup) => createPath({ resource: g.resource, type: 'list' });

  return (
    <>
      <Tooltip title={label}>
        <IconButton color="inherit" aria-label={label} onClick={(e) => setAnchor(e.currentTarget)}>
          <Badge badgeContent={bellBadge(total)} color="error" invisible={total === 0}>
            <NotificationsIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { width: 360, maxWidth: 'calc(100vw - 16px)', maxHeight: '70vh' } } }}
      >
        <Box sx={{ px: 2, pt: 1.5, pb: 1 }}>
          <Typography variant="subtitle1" component="h2">
            {translate('shell.bell.title')}
          </Typography>
        </Box>
        <Divider />
        {total === 0 ? (
          <Typography color="text.secondary" sx={{ p: 2 }}>
            {translate('shell.bell.empty')}
          </Typography>
        ) : (
          <List dense disablePadding aria-label={translate('shell.bell.title')}>
            {groups.map((g) => {
              const s = state[`${g.pluginId}.${g.id}`];
              if (!s?.total) return null;
              return (
                <Fragment key={`${g.pluginId}.${g.id}`}>
                  <ListSubheader disableSticky sx={{ lineHeight: 2.5 }}>
                    {translate(g.titleKey)} ({s.total})
                  </ListSubheader>
                  {s.items.map((item) => (
                    <ListItemButton key={item.id} component={Link} to={listOf(g)} onClick={close}>
                      <ListItemText primary={item.title} secondary={when(item.at)} />
                    </ListItemButton>
                  ))}
                  {s.total > s.items.length && (
                    <ListItemButton component={Link} to={listOf(g)} onClick={close}>
                      <ListItemText
                        primary={translate('shell.bell.more', { count: s.total })}
                        slotProps={{ primary: { color: 'primary' } }}
                      />
                    </ListItemButton>
                  )}
                  <Divider />
                </Fragment>
              );
            })}
          </List>
        )}
      </Popover>
    </>
  );
}
