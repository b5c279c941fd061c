// Small presentation rules shared by the faces and devices views (spec 001 §2, §4).
import type { ChipProps } from '@mui/material/Chip';

/** DD/MM/YYYY of an ISO date; the message key when it is missing or unreadable. */
export function formatDate(value: string | null | undefined): { text: string } | { key: string } {
  if (!value) return { key: 'biometrics.faces.noDate' };
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return { key: 'biometrics.faces.invalidDate' };
  const two = (n: number) => String(n).padStart(2, '0');
  return { text: `${two(date.getDate())}/${two(date.getMonth() + 1)}/${date.getFullYear()}` };
}

/** Spec 001 §4: active / unknown / anything else, for the status chip and the connection label. */
export const statusGroup = (status: string) => (status === 'active' ? 'active' : status === 'unknown' ? 'unknown' : 'other');

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
