// The resident's reservations, a section of their area (spec 000 §2.4; 002 §3 Common area): book a free slot, see
// each reservation's state, its QR code once approved, cancel before it starts.
import type { PanelProps } from '@conjunto/core';
import { WidgetEmpty, WidgetSkeleton } from '@conjunto/core/ui';
import AddIcon from '@mui/icons-material/Add';
import QrCode2Icon from '@mui/icons-material/QrCode2';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { useEffect, useState } from 'react';
import { useGetList, useTranslate } from 'react-admin';
import type { PassOptions, Reservation } from '../schemas.ts';
import { BookingDialog } from './BookingDialog.tsx';
import { PassDialog } from './PassDialog.tsx';
import { ReasonDialog } from './ReasonDialog.tsx';
import { k, RESERVATIONS, rangeOf, StatusChip, useShellCalls } from './shared.tsx';

export default function ResidentReservationsPanel({ unitId }: PanelProps) {
  const translate = useTranslate();
  const api = useShellCalls();
  // Residents have no live stream: the office's decision shows when they come back to the app, or within a minute.
  const { data, isPending, error, refetch } = useGetList<Reservation>(
    RESERVATIONS,
    { sort: { field: 'startsAt', order: 'DESC' }, pagination: { page: 1, perPage: 20 } },
    { refetchInterval: 60_000, refetchOnWindowFocus: true },
  );
  const [options, setOptions] = useState<PassOptions>();
  const [booking, setBooking] = useState(false);
  const [pass, setPass] = useState<Reservation>();
  const [cancelling, setCancelling] = useState<Reservation>();
  useEffect(() => {
    void api.send<PassOptions>(RESERVATIONS, 'pass-options').then(setOptions, () => undefined);
  }, [api]);
  if (!unitId) return <WidgetEmpty>{translate('reservations.errors.load')}</WidgetEmpty>;

  return (
    <Stack spacing={1}>
      <Stack direction="row">
        <Button size="small" variant="outlined" startIcon={<AddIcon />} onClick={() => setBooking(true)}>
          {translate(k('resident.add'))}
        </Button>
      </Stack>
      {isPending ? (
        <WidgetSkeleton height={120} />
      ) : error ? (
        <WidgetEmpty>{translate(k('resident.loadError'))}</WidgetEmpty>
      ) : !data?.length ? (
        <WidgetEmpty>{translate(k('resident.empty'))}</WidgetEmpty>
      ) : (
        <List dense disablePadding aria-label={translate(k('resident.title'))}>
          {data.map((r) => {
            const live = (r.status === 'pendiente' || r.status === 'aprobada') && Date.parse(r.startsAt) > Date.now();
            return (
              <ListItem key={r.id} divider disableGutters sx={{ flexWrap: 'wrap', columnGap: 1 }}>
                <ListItemText primary={r.areaName} secondary={rangeOf(r)} sx={{ minWidth: 200 }} />
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', ml: 'auto' }}>
                  <StatusChip status={r.status} />
                  {r.code && (
                    <Tooltip title={translate(k('pass.open'))}>
                      <IconButton aria-label={translate(k('pass.open'))} onClick={() => setPass(r)}>
                        <QrCode2Icon />
                      </IconButton>
                    </Tooltip>
                  )}
                  {live && (
                    <Button size="small" color="error" onClick={() => setCancelling(r)}>
                      {translate(k('action.cancel'))}
                    </Button>
                  )}
                </Stack>
              </ListItem>
            );
          })}
        </List>
      )}
      <BookingDialog
        open={booking}
        onClose={(created) => {
          setBooking(false);
          if (created) void refetch();
        }}
      />
      <PassDialog reservation={pass} options={options} onClose={() => setPass(undefined)} />
      {cancelling && (
        <ReasonDialog
          open
          reservation={cancelling}
          action="cancel"
          resource={RESERVATIONS}
          withReason={false}
          onClose={() => {
            setCancelling(undefined);
            void refetch();
          }}
        />
      )}
    </Stack>
  );
}
