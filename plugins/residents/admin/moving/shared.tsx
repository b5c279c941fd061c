// What the moving screens share: the resource names, the status chip, the window text and the API calls.
import { refusalMessage, shellCalls } from '@conjunto/core';
import Chip from '@mui/material/Chip';
import { useMemo } from 'react';
import { useCreatePath, useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { MovingStatus } from '../../moving-schemas.ts';

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

const COLORS: Record<MovingStatus, 'default' | 'warning' | 'success' | 'error' | 'info'> = {
  pendiente: 'warning',
  aprobada: 'success',
  rechazada: 'error',
  completada: 'info',
  cancelada: 'default',
};

export function MovingStatusChip({ status }: { status: MovingStatus | undefined }) {
  const translate = useTranslate();
  if (!status) return null;
  return <Chip size="small" color={COLORS[status]} label={translate(`residents.moving.status.${status}`)} />;
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
