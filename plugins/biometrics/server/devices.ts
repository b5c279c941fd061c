// The device registry of a complex and its status (spec 001 §3 "Devices status response", §7).
import type { BiometricDriver } from './driver.ts';

type Em = { execute(sql: string, params?: unknown[]): Promise<Record<string, unknown>[]> };

export async function devicesStatus(em: Em, driver: BiometricDriver, complexId: string) {
  const controllers = await em.execute(
    'select id, sequence, ip, port, username from biometric_controllers where complex_id = ? order by sequence',
    [complexId],
  );
  const devices = await em.execute(
    'select id, name, location, status, ip, brand, created_at, controller_id from biometric_devices where complex_id = ? order by created_at desc',
    [complexId],
  );
  // Every controller is checked at once: the slowest one sets the answer's time, not their sum.
  const reachable = new Map(
    await Promise.all(
      controllers.map(
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
  const active = devices.filter((d) => d.status === 'active').length;
  const sshOk = [...reachable.values()].filter(Boolean).length;
  return {
    success: true,
    data: {
      devices_status: devices.map((d) => ({
        rostro_id: d.id as string,
        device_name: d.name as string,
        ubicacion: (d.location as string | null) ?? '',
        status: d.status as string,
        ip: d.ip as string,
        marca: (d.brand as string | null) ?? '',
        timestamp: new Date(d.created_at as string).toISOString(),
        raspberry_id: (d.controller_id as string | null) ?? null,
        ssh_status: d.controller_id ? (reachable.get(d.controller_id as string) ? 'connected' : 'failed') : 'unknown',
      })),
      devices_active: active,
      devices_inactive: devices.length - active,
      devices_configured: devices.length,
      raspberrys_total: controllers.length,
      ssh_success_count: sshOk,
      ssh_failed_count: controllers.length - sshOk,
      // ssh_status per controller is an addition to the spec's shape (its dialog needs it for controllers without devices).
      raspberrys: controllers.map((c) => ({
        raspberry_id: c.id as string,
        ssh_config: { ip: c.ip as string, puerto: c.port as number, usuario: c.username as string },
        ssh_status: reachable.get(c.id as string) ? 'connected' : 'failed',
      })),
    },
  };
}
