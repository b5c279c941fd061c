// A multi-select of devices with checkboxes, its choices shown as chips (the face form and the delete dialog).
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { Device } from './api.ts';
import { MULTI_SELECT_MENU } from './menu.ts';

interface Props {
  label: string;
  devices: readonly Device[];
  value: string[];
  onChange(ids: string[]): void;
  error?: string;
  /** Shown when there is nothing to choose (and no error). */
  emptyText?: string;
  disabled?: boolean;
  /** At least one device must be chosen: the label carries the '*'. */
  required?: boolean;
}

export function DevicesSelect({ label, devices, value, onChange, error, emptyText, disabled, required }: Props) {
  const nameOf = (deviceId: string) => devices.find((d) => d.id === deviceId)?.name ?? deviceId;
  return (
    <TextField
      select
      label={label}
      value={value}
      onChange={(event) => {
        const picked = event.target.value as unknown as string[] | string;
        onChange(typeof picked === 'string' ? picked.split(',') : picked);
      }}
      error={Boolean(error)}
      helperText={error || (devices.length === 0 ? emptyText : undefined)}
      disabled={disabled}
      required={required}
      fullWidth
      slotProps={{
        select: {
          multiple: true,
          MenuProps: MULTI_SELECT_MENU,
          renderValue: (selected) => (
            <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
              {(selected as string[]).map((deviceId) => (
                <Chip key={deviceId} size="small" label={nameOf(deviceId)} />
              ))}
            </Stack>
          ),
        },
      }}
    >
      {devices.map((device) => (
        <MenuItem key={device.id} value={device.id}>
          <Checkbox size="small" checked={value.includes(device.id)} />
          <ListItemText primary={device.name} secondary={[device.location, device.ip].filter(Boolean).join(' · ')} />
        </MenuItem>
      ))}
    </TextField>
  );
}
