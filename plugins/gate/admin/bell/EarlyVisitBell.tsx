// The guard's early-visits bell in the top bar (spec 002 §2.2, §9): the badge counts today's pending visits (the
// count below 10, else '+9'), the popover lists the last 5 with place, visitor, resident and time, each a link to
// that visit in the guard's 'Visitas anticipadas', and 'ir a visitas' opens the whole list. Live: read again on
// every announcement or change of a visit of the complex, and when the events stream (re)opens (no replay).
import { formatTime, STREAM_OPENED, shellCalls } from '@conjunto/core';
import NotificationsIcon from '@mui/icons-material/Notifications';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Popover from '@mui/material/Popover';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useCreatePath, useDataProvider, useTranslate } from 'react-admin';
import { Link } from 'react-router';
import { GATE_TOPICS } from '../../gate.ts';
import type { EarlyVisit } from '../../schemas.ts';

/** The admin resource of the guard's early visits (its API resource is early-visits). */
const VISITS = 'visitasAnticipadas';
const k = (key: string) => `gate.bell.${key}`;

interface Today {
  count: number;
  badge: string;
  latest: EarlyVisit[];
}

const visitorOf = (v: EarlyVisit) => `${v.firstName} ${v.lastName ?? ''}`.trim();
/** HH:mm in Guayaquil time (today's visits: the date says nothing). */
const timeOf = (v: EarlyVisit) => formatTime(v.expectedArrival);

export default function EarlyVisitBell() {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const dataProvider = useDataProvider();
  const calls = useMemo(() => shellCalls(dataProvider), [dataProvider]);
  const [today, setToday] = useState<Today>();
  const [failed, setFailed] = useState(false);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Answers may come back out of order (two events close together): only the latest request's answer is kept.
  const latestRequest = useRef(0);

  const reload = useCallback(async () => {
    const request = ++latestRequest.current;
    try {
      const answer = await calls.send<Today>(VISITS, 'today');
      if (request !== latestRequest.current) return;
      setToday(answer);
      setFailed(false);
    } catch {
      if (request === latestRequest.current) setFailed(true);
    }
  }, [calls]);

  useEffect(() => {
    void reload();
    const off = [GATE_TOPICS.earlyVisitCreated, GATE_TOPICS.earlyVisitChanged, STREAM_OPENED].map((topic) =>
      calls.subscribe(topic, () => void reload()),
    );
    return () => {
      for (const unsubscribe of off) unsubscribe();
    };
  }, [calls, reload]);

  const list = createPath({ resource: VISITS, type: 'list' });
  // One visit: the guard's list searched by the visitor's name (a search the guard sees and can clear).
  const linkTo = (v: EarlyVisit) => `${list}?filter=${encodeURIComponent(JSON.stringify({ q: visitorOf(v) }))}`;
  const count = today?.count ?? 0;
  const label = translate(k('open'), { count });
  const close = () => setAnchor(null);

  return (
    <>
      <Tooltip title={label}>
        <IconButton
          color="inherit"
          aria-label={label}
          aria-haspopup="dialog"
          aria-expanded={Boolean(anchor)}
          onClick={(e) => {
            setAnchor(e.currentTarget);
            void reload();
          }}
          data-testid="early-visit-bell"
        >
          <Badge badgeContent={today?.badge || undefined} invisible={!count} color="error" data-testid="early-visit-badge">
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
        slotProps={{
          paper: { sx: { width: 'min(360px, calc(100vw - 16px))' }, role: 'dialog', 'aria-label': translate(k('title')) },
        }}
      >
        <Typography variant="subtitle2" sx={{ px: 2, pt: 1.5, pb: 1 }}>
          {translate(k('title'))}
        </Typography>
        <Divider />
        {failed ? (
          <Typography role="alert" color="error" variant="body2" sx={{ px: 2, py: 2 }}>
            {translate(k('error'))}
          </Typography>
        ) : count === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 2 }}>
            {translate(k('empty'))}
          </Typography>
        ) : (
          <List dense disablePadding data-testid="early-visit-list">
            {today?.latest.map((v) => (
              <ListItemButton key={v.id} component={Link} to={linkTo(v)} onClick={close} divider>
                <ListItemText
                  primary={
                    <Box component="span" sx={{ display: 'flex', gap: 1, justifyContent: 'space-between' }}>
                      <Box component="span" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                        {v.unitNumber ?? v.place ?? ''}
                      </Box>
                      <Box component="span" sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>
                        {timeOf(v)}
                      </Box>
                    </Box>
                  }
                  secondary={
                    <>
                      <Box component="span" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
                        {`${translate(k('visitor'))}: ${visitorOf(v)}`}
                      </Box>
                      <Box component="span" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
                        {`${translate(k('resident'))}: ${v.residentName ?? translate(k('noResident'))}`}
                      </Box>
                    </>
                  }
                />
              </ListItemButton>
            ))}
            {count > (today?.latest.length ?? 0) && (
              <Typography variant="caption" color="text.secondary" sx={{ display: 'block', px: 2, pt: 1 }}>
                {translate(k('more'), { count: count - (today?.latest.length ?? 0) })}
              </Typography>
            )}
          </List>
        )}
        <Box sx={{ px: 2, py: 1, textAlign: 'right' }}>
          <Typography component={Link} to={list} onClick={close} variant="body2" color="primary">
            {translate(k('goToVisits'))}
          </Typography>
        </Box>
      </Popover>
    </>
  );
}
