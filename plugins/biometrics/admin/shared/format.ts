// Small presentation rules shared by the faces and devices views (spec 001 §2, §4).
import { formatDate } from '@conjunto/core';
import type { ChipProps } from '@mui/material/Chip';
import { deviceStatusGroup } from '../../manifest.ts';

/** DD/MM/YYYY in Guayaquil time (core's formatDate); the message key when it is missing or unreadable. */
export function dateText(value: string | null | undefined): { text: string } | { key: string } {
  if (!value) return { key: 'biometrics.faces.noDate' };
  const text = formatDate(value);
  return text ? { text } : { key: 'biometrics.faces.invalidDate' };
}

export { deviceStatusGroup as statusGroup };

/** Green for active, red for errors, orange for maintenance, grey otherwise. */
export function statusColor(status: string): ChipProps['color'] {
  if (status === 'active') return 'success';
  if (status === 'error' || status === 'connection_error') return 'error';
  if (status === 'mantenimiento') return 'warning';
  return 'default';
}

/** The floor's name key and argument: -2 -> Subsuelo 2, 3 -> Piso 3. */
export const floorLabel = (floor: number) =>
  floor < 0 ? { key: 'biometrics.form.basement', n: -floor } : { key: 'biometrics.form.floor', n: floor };

/**
 * How a device's state reads (spec 001 §4): the chip's text and colour, and the connection label. `state` is the
 * status answer's (the device's state now); a device behind a controller that failed its check reads
 * 'Controlador desconectado'.
 */
export function deviceLabels(state: { status: string; ssh_status?: string }) {
  const group = deviceStatusGroup(state.status);
  return {
    statusKey: `biometrics.devices.status.${group}`,
    color: statusColor(state.status),
    connectionKey: state.ssh_status === 'failed' ? 'biometrics.devices.controllerDown' : `biometrics.devices.connection.${group}`,
  };
}
