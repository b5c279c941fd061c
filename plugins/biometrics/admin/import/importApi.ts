// The import calls and answers (spec 001 §7, §8): POST rostros/import/ and the import records (face-imports),
// and the summary toast shared by the wizard (201/207) and the progress
// badge (a finished job).
import { shellCalls } from '@conjunto/core';
import { useCallback, useMemo } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import type { FaceData } from '../../rules.ts';
import { SPEC_PATHS } from '../shared/api.ts';

/** The import records' react-admin resource (the spec's paths and the faces are in ../shared/api.ts). */
export const IMPORTS_RESOURCE = 'face-imports';
/** Live events of the import jobs of the current complex. */
export const IMPORT_TOPIC = 'biometrics.import';

/** A row of POST rostros/import/ (spec 001 §7). */
export interface ImportRow extends FaceData {
  dispositivos_biometricos: string[];
}

interface NamedDevice {
  device_id: string;
  device_name: string;
}

/** The 201/207 answer (also an import record's `result` once finished). */
export interface ImportResult {
  success: boolean;
  message?: string;
  resumen_general: { totalRostrosEnviados: number; importExitosas: number; importFallidas: number };
  importaciones_exitosas: {
    fila: number;
    identificacion: string;
    nombre: string;
    dispositivos: NamedDevice[];
    omitidos: NamedDevice[];
    mensaje?: string;
  }[];
  importaciones_fallidas: { fila: number; identificacion: string; nombre: string; error: string }[];
  reporte_conflictos?: {
    conflictos_encontrados: number;
    rostros_completamente_bloqueados: { identificacion: string; nombre: string; mensaje: string }[];
    estadisticas_dispositivos?: Record<string, { device_name: string; exitosos: number; fallidos: number; omitidos: number }>;
  };
  job_id?: string;
}

/** The 202 answer: more than 20 rows go to a background job. */
export interface ImportQueued {
  success: true;
  job_id: string;
  total_rostros: number;
  message?: string;
}

/** The 409 answer: nothing imported, some rows were duplicates. */
export interface ImportConflict {
  message?: string;
  total_rostros: number;
  duplicados_encontrados: number;
  rostros_completamente_bloqueados: { identificacion: string; nombre: string; mensaje: string }[];
  conflictos_reportados: { fila: number; identificacion: string; nombre: string; mensaje: string }[];
}

export type JobStatus = 'pending' | 'processing' | 'completed' | 'failed';

/** A live event of 'biometrics.import', and the counters of an import record. */
export interface JobSummary {
  id: string;
  status: JobStatus;
  total_rostros: number;
  procesados: number;
  exitosos: number;
  fallidos: number;
  /** Why a failed job failed, if known. */
  error?: string | null;
}

export interface ImportJob extends JobSummary {
  rostros: {
    fila?: number;
    identificacion: string;
    nombre: string;
    status: 'processing' | 'completed' | 'failed';
    error: string | null;
  }[];
  result: ImportResult | null;
}

/**
 * Up to this many rows the server runs an import within the request and answers its sender (201/207/409); its
 * live events are not a background import for the badge (the events do not say which kind a job is).
 */
export const SYNC_ROWS = 20;

export const isFinished = (status: JobStatus) => status === 'completed' || status === 'failed';

/**
 * The shell's send() answers the body only, not the HTTP status: a 202 is told by its body (a job_id and no
 * resumen_general).
 */
export const isQueued = (answer: ImportResult | ImportQueued): answer is ImportQueued =>
  !('resumen_general' in answer) && Boolean(answer.job_id);

export function useImportApi() {
  const dataProvider = useDataProvider();
  return useMemo(() => {
    const shell = shellCalls(dataProvider);
    return {
      shell,
      subscribe: shell.subscribe,
      /** POST rostros/import/: the rows and their photos as imagen_<index>. */
      send(rows: ImportRow[], photos: (Blob | undefined)[]) {
        const form = new FormData();
        form.append('rostros', JSON.stringify(rows));
        photos.forEach((photo, index) => {
          if (photo) form.append(`imagen_${index}`, photo, `imagen_${index}.jpg`);
        });
        return shell.send<ImportResult | ImportQueued>(SPEC_PATHS, 'rostros/import/', { method: 'POST', body: form });
      },
      async activeJobs(): Promise<JobSummary[]> {
        const { data } = await dataProvider.getList<JobSummary>(IMPORTS_RESOURCE, {
          filter: { active: true },
          pagination: { page: 1, perPage: 10 },
          sort: { field: 'createdAt', order: 'DESC' },
        });
        return data;
      },
      async job(id: string): Promise<ImportJob> {
        const { data } = await dataProvider.getOne<ImportJob>(IMPORTS_RESOURCE, { id });
        return data;
      },
    };
  }, [dataProvider]);
}

/** Shows an untranslated text (the server's) as a toast. */
export function useNotifyText() {
  const notify = useNotify();
  return useCallback(
    (text: string, type: 'success' | 'info' | 'warning' | 'error', autoHideDuration?: number) =>
      notify(text, { type, messageArgs: { _: text }, autoHideDuration }),
    [notify],
  );
}

/** The summary toast of a finished import: all imported → success, some → warning 'N/M rostros procesados', none → error. */
export function useSummaryToast() {
  const notify = useNotify();
  return useCallback(
    (succeeded: number, total: number) => {
      if (total > 0 && succeeded === total)
        notify('biometrics.import.summary.allImported', { type: 'success', messageArgs: { count: succeeded } });
      else if (succeeded > 0)
        notify('biometrics.import.summary.processed', { type: 'warning', messageArgs: { count: succeeded, total } });
      else notify('biometrics.import.summary.noneImported', { type: 'error' });
    },
    [notify],
  );
}
