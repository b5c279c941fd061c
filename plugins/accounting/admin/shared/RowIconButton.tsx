// Compact row actions: an icon with a tooltip (the tooltip is also its accessible name), so that tables keep
// room for their data. Clicks do not reach the row (which opens the record).
import EditIcon from '@mui/icons-material/Edit';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { MouseEvent, ReactNode } from 'react';
import { useRecordContext, useRedirect, useResourceContext, useTranslate } from 'react-admin';

export interface RowIconButtonProps {
  label: string;
  icon: ReactNode;
  onClick(): void;
  color?: 'primary' | 'error' | 'default' | 'warning';
  disabled?: boolean;
}

export function RowIconButton({ label, icon, onClick, color = 'primary', disabled }: RowIconButtonProps) {
  const translate = useTranslate();
  const text = translate(label, { _: label });
  return (
    <Tooltip title={text}>
      <span>
        <IconButton
          size="small"
          color={color}
          aria-label={text}
          disabled={disabled}
          onClick={(event: MouseEvent) => {
            event.stopPropagation();
            onClick();
          }}
        >
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
}

/** 'Editar' of the row's record. */
export function EditIconButton() {
  const record = useRecordContext();
  const resource = useResourceContext();
  const redirect = useRedirect();
  if (!record) return null;
  return (
    <RowIconButton
      label="ra.action.edit"
      icon={<EditIcon fontSize="small" />}
      onClick={() => redirect('edit', resource, record.id)}
    />
  );
}
