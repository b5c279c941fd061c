// What the moving screens share: the resource names, the status chip, the window text and the API calls.
import { refusalMessage, shellCalls } from '@conjunto/core';
import Chip from '@mui/material/Chip';
import { useMemo } from 'react';
import { useCreatePath, useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { MovingStatus } from '../../moving.ts';

export const MOVING = 'mudanza';
/** The log of the trucks (moving-requests/entries): a data-provider name only, no screen of its own. */
export const MOVING_LOG = 'mudanzaBitacora';
export const UNITS = 'unidadesHabitacionales';
export const RESIDENTS = 'residente';

export interface MovingRequest {
  id: string;
  unitId: string;
  unitNumber: string | null;
  residentId: string | null;
  residentName: string | null;
  type: 'ingreso' | 'salida';
  date: string;
  startTime: string | null;
  endTime: string | null;
  plate: string;
  notes: string | null;
  status: MovingStatus;
  rejectReason: string | null;
  decidedByName: string | null;
  decidedAt: string | null;
  entryCount: number;
  createdAt: string;
}

export interface MovingEntry {
  id: string;
  requestId: string;
  unitId: string;
  unitNumber: string | null;
  plate: string;
  enteredAt: string;
  exitedAt: string | null;
  registeredByName: string | null;
  notes: string | null;
}

/**
 * Pale chips with dark text: MUI's filled warning and info chips (white on orange or light blue) fail the 4.5:1
 * contrast of small text (axe); these pass it in every theme, since the chip brings its own background.
 */
export const TONES = {
  warning: { bgcolor: '#fff3e0', color: '#7a3d00' },
  success: { bgcolor: '#e8f5e9', color: '#1b5e20' },
  error: { bgcolor: '#ffebee', color: '#b71c1c' },
  info: { bgcolor: '#e3f2fd', color: '#0d47a1' },
  neutral: { bgcolor: '#eeeeee', color: '#424242' },
} as const;
export type Tone = keyof typeof TONES;

export const ToneChip = ({ tone, label }: { tone: Tone; label: string }) => (
  <Chip size="small" label={label} sx={{ ...TONES[tone], fontWeight: 500 }} />
);

const TONE_OF: Record<MovingStatus, Tone> = {
  pendiente: 'warning',
  aprobada: 'success',
  rechazada: 'error',
  completada: 'info',
  cancelada: 'neutral',
};

export function MovingStatusChip({ status }: { status: MovingStatus | undefined }) {
  const translate = useTranslate();
  if (!status) return null;
  return <ToneChip tone={TONE_OF[status]} label={translate(`residents.moving.status.${status}`)} />;
}

export const timeWindow = (r: Pick<MovingRequest, 'startTime' | 'endTime'>) =>
  r.startTime ? `${r.startTime}${r.endTime ? ` – ${r.endTime}` : ''}` : '—';

/** The moving routes beyond react-admin's CRUD (approve, reject, the log), with the server's message on failure. */
export function useMovingApi() {
  const dataProvider = useDataProvider();
  const notify = useNotify();
  return useMemo(() => {
    const calls = shellCalls(dataProvider);
    const send = async <T,>(
      path: string,
      method: 'POST' | 'PUT' | 'DELETE',
      body?: unknown,
      fallback = 'residents.moving.errors.status',
    ) => {
      try {
        return await calls.send<T>(MOVING, path, { method, body });
      } catch (error) {
        notify(refusalMessage(error) ?? fallback, { type: 'error' });
        throw error;
      }
    };
    return { send };
  }, [dataProvider, notify]);
}

/** A path inside the current role area ('bitacoraMudanza/ABC123/unidas/<id>'), from where the area mounts this resource. */
export function useAreaPath() {
  const createPath = useCreatePath();
  const list = createPath({ resource: MOVING, type: 'list' });
  const base = list.slice(0, list.length - MOVING.length - 1);
  return (path: string) => `${base}/${path}`;
}
