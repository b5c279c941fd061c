// The biometrics calls of the admin screens. Lists (faces, devices, units) go through react-admin's dataProvider;
// the spec's own paths (status, create/edit/delete a face) through the shell's `send` on the 'biometricos'
// resource, which the shell maps to /api/biometrics/conjuntos/<current complex>.
import { serverMessage, shellCalls } from '@conjunto/core';
import { useCallback, useMemo } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import type { Static } from 'typebox';
import type { DeviceFields } from '../../device-rules.ts';
import type { ControllerSchema, DeviceSchema, DevicesStatusSchema, FaceSchema } from '../../schemas.ts';

/** react-admin resources: the faces grid (API 'faces'), the device registry and the spec's paths. */
export const FACES = 'rostros';
export const DEVICES = 'biometric-devices';
export const CONTROLLERS = 'biometric-controllers';
export const SPEC_PATHS = 'biometricos';
export const UNITS = 'units';

export type Face = Static<typeof FaceSchema>;
export type Device = Static<typeof DeviceSchema>;
export type DevicesStatus = Static<typeof DevicesStatusSchema>['data'];
/** A device as the status answer gives it: its state now (off line when its controller is) and its controller's name. */
export type DeviceState = DevicesStatus['devices_status'][number];
/** A controller with its name and its SSH check. */
export type ControllerState = DevicesStatus['raspberrys'][number];
export type Controller = Static<typeof ControllerSchema>;

export type AlertType = 'device_offline' | 'ssh_failed';
export interface DeviceAlert {
  type: AlertType;
  message: string;
  severity?: string;
  device_id?: string;
}

export interface CreateAnswer {
  success: boolean;
  rostro: { id: string; identificacion: string; nombre: string; dispositivos_biometricos: string[] };
  alerts: DeviceAlert[];
}

export interface EditAnswer {
  success: boolean;
  message?: string;
  data: {
    identificacion_original: string;
    alerts: DeviceAlert[];
    devices_added: { success: boolean; rostro_id: string; device_id: string }[];
  };
}

export interface DeleteAnswer {
  success: boolean;
  data: { successful_count: number; failed_count: number; skipped_count: number; successful_devices: { biometric_id: string }[] };
}

export function useBiometricsApi() {
  const dataProvider = useDataProvider();
  return useMemo(() => {
    const send = <T>(path: string, options?: Parameters<ReturnType<typeof shellCalls>['send']>[2]) =>
      shellCalls(dataProvider).send<T>(SPEC_PATHS, path, options);
    const facePath = (identificacion: string, action: 'edit' | 'delete') =>
      `rostros/${encodeURIComponent(identificacion)}/${action}/`;
    return {
      /** Devices and controllers with the controllers' SSH check (spec 001 §7). */
      status: async () => (await send<{ success: boolean; data: DevicesStatus }>('biometricos/status')).data,
      createFace: (body: FormData) => send<CreateAnswer>('rostros/', { method: 'POST', body }),
      editFace: (identificacion: string, body: FormData) =>
        send<EditAnswer>(facePath(identificacion, 'edit'), { method: 'PUT', body }),
      deleteFace: (identificacion: string, deviceIds: string[]) =>
        send<DeleteAnswer>(facePath(identificacion, 'delete'), {
          method: 'DELETE',
          body: { dispositivos_biometricos: deviceIds },
        }),
      /** POST biometric-devices (the device dialog). */
      createDevice: async (data: DeviceFields) => (await dataProvider.create<Device>(DEVICES, { data })).data,
      /** PUT biometric-devices/:id. */
      updateDevice: async (previous: Device, data: DeviceFields) =>
        (await dataProvider.update<Device>(DEVICES, { id: previous.id, data, previousData: previous })).data,
      /** PUT biometric-controllers/:id with its new name. */
      renameController: async (id: string, name: string) =>
        (
          await dataProvider.update<Controller>(CONTROLLERS, {
            id,
            data: { name },
            previousData: { id } as Controller,
          })
        ).data,
    };
  }, [dataProvider]);
}

/** A warning with names stays 8 seconds (spec 001 §9). */
export const LONG_TOAST_MS = 8000;

/**
 * The text of a failed call (spec 001 §8): the server's message, else 'Error del servidor: {status}'; no answer
 * at all (the shell gives status 0) -> the `connection` text ('Error de conexión. Verifique su internet.', or
 * the import's 'Error de conexión durante la importación').
 */
export function useFailureMessage(connection = 'biometrics.errors.connection') {
  const translate = useTranslate();
  return useCallback(
    (error: unknown): string => {
      const status = (error as { status?: unknown } | null)?.status;
      if (typeof status !== 'number') {
        const message = error instanceof Error ? error.message : '';
        return message ? translate('biometrics.errors.unexpected', { message }) : translate('biometrics.errors.request');
      }
      if (status === 0) return translate(connection);
      return serverMessage(error) ?? translate('biometrics.errors.server', { status });
    },
    [translate, connection],
  );
}

/** The alerts of a 207 as one warning: the spec's label of each kind, with the devices it concerns. */
export function useAlertsText() {
  const translate = useTranslate();
  return useCallback(
    (alerts: readonly DeviceAlert[], deviceName: (id: string) => string): string => {
      const byType = new Map<string, string[]>();
      for (const alert of alerts) {
        const names = byType.get(alert.type) ?? [];
        if (alert.device_id) names.push(deviceName(alert.device_id));
        byType.set(alert.type, names);
      }
      return [...byType]
        .map(([type, names]) => {
          const label = translate(`biometrics.alerts.${type}`);
          return names.length ? `${label}: ${names.join(', ')}` : label;
        })
        .join('. ');
    },
    [translate],
  );
}
