// A plate's or tag's status as a coloured chip (Activo, Inactivo, Bloqueado), with the blocking observation as its tooltip.
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import { useRecordContext, useTranslate } from 'react-admin';
import type { Vehicle } from '../../vehicles.schemas.ts';
import { useKind } from './kinds.ts';

const COLORS = { active: 'success', inactive: 'default', blocked: 'error' } as const;

export function VehicleStatusField() {
  const record = useRecordContext<Vehicle>();
  const translate = useTranslate();
  const { t } = useKind();
  if (!record) return null;
  const chip = <Chip size="small" color={COLORS[record.status]} label={translate(t(`status.${record.status}`))} />;
  return record.blockReason ? (
    <Tooltip title={record.blockReason}>
      <span>{chip}</span>
    </Tooltip>
  ) : (
    chip
  );
}
