// The plates and tags of a resident on the administrator's resident detail (slot 'resident': that resident's),
// and on the resident's own area (slot 'residentArea': their unit's, which the server narrows them to).
import type { PanelProps } from '@conjunto/core';
import { WidgetEmpty, WidgetSkeleton } from '@conjunto/core/ui';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import type { Vehicle } from '../../vehicles.schemas.ts';
import type { VehicleKind } from '../../vehicles.ts';
import { KINDS, useShellCalls } from './kinds.ts';

const COLORS = { active: 'success', inactive: 'default', blocked: 'error' } as const;

function VehiclePanel({ kind, residentId, own }: { kind: VehicleKind; residentId?: string; own: boolean }) {
  const translate = useTranslate();
  const api = useShellCalls();
  const { t } = KINDS[kind];
  const [rows, setRows] = useState<Vehicle[]>();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    const filter = own || !residentId ? {} : { residentId };
    const query = new URLSearchParams({
      filter: JSON.stringify(filter),
      sort: JSON.stringify(['value', 'ASC']),
      range: JSON.stringify([0, 49]),
    });
    // The API resource itself: in the resident's area there is no react-admin resource for it.
    api.send<Vehicle[]>(kind, `?${query}`).then(
      (data) => live && setRows(data),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [api, kind, residentId, own]);
  if (failed) return <WidgetEmpty>{translate(t('errors.retrieve'))}</WidgetEmpty>;
  if (!rows) return <WidgetSkeleton />;
  if (!rows.length) return <WidgetEmpty>{translate(t('none'))}</WidgetEmpty>;
  return (
    <List dense disablePadding>
      {rows.map((v) => (
        <ListItem
          key={v.id}
          disableGutters
          secondaryAction={<Chip size="small" color={COLORS[v.status]} label={translate(t(`status.${v.status}`))} />}
        >
          <ListItemText
            primary={v.value}
            secondary={[v.unitNumber, v.residentName, v.blockReason].filter(Boolean).join(' · ')}
            slotProps={{ primary: { sx: { fontFamily: 'monospace', fontWeight: 600 } } }}
          />
        </ListItem>
      ))}
    </List>
  );
}

export const ResidentPlates = ({ residentId }: PanelProps) => <VehiclePanel kind="plates" residentId={residentId} own={false} />;
export const ResidentTags = ({ residentId }: PanelProps) => <VehiclePanel kind="tags" residentId={residentId} own={false} />;
export const MyPlates = ({ residentId }: PanelProps) => <VehiclePanel kind="plates" residentId={residentId} own />;
export const MyTags = ({ residentId }: PanelProps) => <VehiclePanel kind="tags" residentId={residentId} own />;
