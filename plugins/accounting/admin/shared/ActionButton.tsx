// Record actions. In tables they are compact: an icon with a tooltip (the tooltip is also its accessible name),
// so that tables keep room for their data; elsewhere a small labelled button (an icon with a tooltip on phones, as react-admin's toolbar buttons). Clicks do not reach the row
// (which opens the record).
import EditIcon from '@mui/icons-material/Edit';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import Tooltip from '@mui/material/Tooltip';
import type { ComponentType, MouseEvent, ReactNode } from 'react';
import { Button, useRecordContext, useRedirect, useResourceContext, useTranslate } from 'react-admin';

type Color = 'primary' | 'success' | 'error' | 'warning' | 'default';

interface RowIconButtonProps {
  label: string;
  icon: ReactNode;
  onClick(): void;
  color?: Color;
  disabled?: boolean;
}

function RowIconButton({ label, icon, onClick, color = 'primary', disabled }: RowIconButtonProps) {
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

/** A record's action: an icon button in table rows (`compact`), a small labelled button on show screens.
 * `label` is a translation key or a text already translated. */
export function ActionButton({
  compact = false,
  label,
  Icon,
  onClick,
  color = 'primary',
  disabled,
}: {
  compact?: boolean;
  label: string;
  Icon: ComponentType<SvgIconProps>;
  onClick(): void;
  color?: Color;
  disabled?: boolean;
}) {
  const translate = useTranslate();
  if (compact)
    return <RowIconButton label={label} icon={<Icon fontSize="small" />} onClick={onClick} color={color} disabled={disabled} />;
  // react-admin's Button, as the toolbar's own (Listar, Editar): same height and icon line, an icon on phones.
  return (
    <Button
      label={translate(label, { _: label })}
      color={color === 'default' ? 'inherit' : color}
      disabled={disabled}
      sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
      onClick={(event: MouseEvent) => {
        event.stopPropagation();
        onClick();
      }}
    >
      <Icon />
    </Button>
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

/** The actions of a table row, at its right end; clicks between them do not open the row's record. */
export function RowActions({ children }: { children: ReactNode }) {
  return (
    <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }} onClick={(e: MouseEvent) => e.stopPropagation()}>
      {children}
    </Stack>
  );
}
