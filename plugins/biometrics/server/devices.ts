// The device registry of a complex and its status (spec 001 §3 "Devices status response", §7), and the one rule
// of what state a device is really in: a device is reached through its controller, so a controller that does not
// answer takes its devices off line, whatever they last reported.
import { ApiError } from '@conjunto/core';
import { deviceStatusGroup } from '../manifest.ts';
import es from '../messages/es.ts';
import type { BiometricDriver } from './driver.ts';

type Em = { execute(sql: string, params?: unknown[]): Promise<Record<string, unknown>[]> };

/** What a device behind a controller that does not answer is: it cannot be reached (spec 001's connection_error). */
export const UNREACHABLE = 'connection_error';

/**
 * The state a device is in: its own status, unless its controller failed its check (`controllerConnected`
 * false; null when it hangs from none). The status answer (cards, counters, the wizard's choices) and the
 * import's refusal both go through here.
 */
export const effectiveStatus = (status: string, controllerConnected: boolean | null): string =>
  controllerConnected === false ? UNREACHABLE : status;

/** Whether faces can be put on a device in that state now. */
export const isAvailable = (effective: string) => effective === 'active';

/** Every controller of `rows` checked at once: the slowest one sets the time, not their sum. */
async function checkControllers(driver: BiometricDriver, rows: Record<string, unknown>[]): Promise<Map<string, boolean>> {
  return new Map(
    await Promise.all(
      rows.map(
        async (c) =>
          [
            c.id as string,
            await driver.controllerReachable({
              id: c.id as string,
              ip: c.ip as string,
              port: c.port as number,
              username: c.username as string,
            }),
          ] as const,
      ),
    ),
  );
}

const connectedOf = (reachable: Map<string, boolean>, controllerId: unknown) =>
  controllerId ? (reachable.get(controllerId as string) ?? false) : null;

export async function devicesStatus(em: Em, driver: BiometricDriver, complexId: string) {
  const controllers = await em.execute(
    'select id, sequence, name, ip, port, username from biometric_controllers where complex_id = ? order by sequence',
    [complexId],
  );
  const devices = await em.execute(
    'select id, name, location, status, ip, brand, created_at, controller_id from biometric_devices where complex_id = ? order by created_at desc',
    [complexId],
  );
  const reachable = await checkControllers(driver, controllers);
  const names = new Map(controllers.map((c) => [c.id as string, c.name as string]));
  const states = devices.map((d) => effectiveStatus(d.status as string, connectedOf(reachable, d.controller_id)));
  const active = states.filter(isAvailable).length;
  const sshOk = [...reachable.values()].filter(Boolean).length;
  return {
    success: true,
    data: {
      devices_status: devices.map((d, i) => ({
        rostro_id: d.id as string,
        device_name: d.name as string,
        ubicacion: (d.location as string | null) ?? '',
        status: states[i],
        ip: d.ip as string,
        marca: (d.brand as string | null) ?? '',
        timestamp: new Date(d.created_at as string).toISOString(),
        raspberry_id: (d.controller_id as string | null) ?? null,
        ssh_status: d.controller_id ? (reachable.get(d.controller_id as string) ? 'connected' : 'failed') : 'unknown',
        // Additions to the spec's shape: what the device itself last reported, and its controller's name.
        device_status: d.status as string,
        raspberry_name: d.controller_id ? (names.get(d.controller_id as string) ?? null) : null,
      })),
      devices_active: active,
      devices_inactive: devices.length - active,
      devices_configured: devices.length,
      raspberrys_total: controllers.length,
      ssh_success_count: sshOk,
      ssh_failed_count: controllers.length - sshOk,
      // name, sequence and ssh_status per controller are additions to the spec's shape (its dialog shows them,
      // also for controllers without devices).
      raspberrys: controllers.map((c) => ({
        raspberry_id: c.id as string,
        name: c.name as string,
        sequence: c.sequence as number,
        ssh_config: { ip: c.ip as string, puerto: c.port as number, usuario: c.username as string },
        ssh_status: reachable.get(c.id as string) ? 'connected' : 'failed',
      })),
    },
  };
}

/** The refusal of an import to devices that cannot take faces now (the wizard does not offer them). */
export const unavailableMessage = (devices: string[]) =>
  `Los siguientes dispositivos no están disponibles: ${devices.join(', ')}. Elija dispositivos activos.`;

/**
 * 422 when a device of `ids` (devices of the complex) is not available now: not active, or behind a
 * controller that does not answer. The message names each one and why.
 */
export async function requireAvailable(em: Em, driver: BiometricDriver, complexId: string, ids: string[]): Promise<void> {
  if (!ids.length) return;
  const devices = await em.execute(
    'select id, name, status, controller_id from biometric_devices where complex_id = ? and id in (?) order by name',
    [complexId, ids],
  );
  const controllerIds = [...new Set(devices.flatMap((d) => (d.controller_id ? [d.controller_id as string] : [])))];
  const controllers = controllerIds.length
    ? await em.execute('select id, name, ip, port, username from biometric_controllers where complex_id = ? and id in (?)', [
        complexId,
        controllerIds,
      ])
    : [];
  const reachable = await checkControllers(driver, controllers);
  const names = new Map(controllers.map((c) => [c.id as string, c.name as string]));
  const refused = devices.flatMap((d) => {
    const connected = connectedOf(reachable, d.controller_id);
    if (isAvailable(effectiveStatus(d.status as string, connected))) return [];
    const why =
      connected === false
        ? `${es.biometrics.devices.controllerDown}: ${names.get(d.controller_id as string)}`
        : es.biometrics.devices.status[deviceStatusGroup(d.status as string)];
    return [`${d.name} (${why})`];
  });
  if (refused.length) {
    const message = unavailableMessage(refused);
    throw new ApiError(422, 'DEVICES_UNAVAILABLE', message, { dispositivos_biometricos: message });
  }
}
