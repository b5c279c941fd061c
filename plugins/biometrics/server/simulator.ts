// A simulated fleet that behaves like a real one: each device answers after its own latency, devices that are
// not 'active' are offline, controllers on 10.255.0.0/16 fail their SSH check (and so do the calls to the
// devices behind them), and tests can inject failures.
import { type BiometricDriver, type ControllerRef, type DeviceRef, DeviceUnavailableError, type FaceRecord } from './driver.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Stable 5..40 ms per device, from its id. */
function latencyOf(id: string, scale: number): number {
  let h = 0;
  for (const c of id) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return Math.round((5 + (h % 36)) * scale);
}

export class BiometricSimulator implements BiometricDriver {
  /** What each device holds: identificacion -> face. */
  readonly enrolled = new Map<string, Map<string, FaceRecord>>();
  private readonly failures = new Map<string, { reason: 'device_offline' | 'ssh_failed'; times: number }>();
  private readonly unreachable = new Set<string>();
  private readonly latencyScale: number;

  constructor(options: { latencyScale?: number } = {}) {
    this.latencyScale = options.latencyScale ?? 1;
  }

  /** The next `times` calls on the device fail (tests). */
  failDevice(
    deviceId: string,
    reason: 'device_offline' | 'ssh_failed' = 'device_offline',
    times = Number.POSITIVE_INFINITY,
  ): void {
    this.failures.set(deviceId, { reason, times });
  }

  /** The controller stops (or starts again) answering its SSH check (tests). */
  setControllerReachable(controllerId: string, reachable: boolean): void {
    if (reachable) this.unreachable.delete(controllerId);
    else this.unreachable.add(controllerId);
  }

  async controllerReachable(controller: ControllerRef): Promise<boolean> {
    await sleep(latencyOf(controller.id, this.latencyScale));
    return this.reachable(controller.id, controller.ip);
  }

  private reachable(controllerId: string, ip: string): boolean {
    return !this.unreachable.has(controllerId) && !ip.startsWith('10.255.');
  }

  private async reach(device: DeviceRef): Promise<Map<string, FaceRecord>> {
    await sleep(latencyOf(device.id, this.latencyScale));
    const failure = this.failures.get(device.id);
    if (failure && failure.times > 0) {
      failure.times--;
      throw new DeviceUnavailableError(
        failure.reason,
        failure.reason === 'ssh_failed' ? 'Error de conexión' : 'Algunos dispositivos no están activos',
      );
    }
    if (device.controllerId && !this.reachable(device.controllerId, device.controllerIp ?? ''))
      throw new DeviceUnavailableError('ssh_failed', 'Error de conexión');
    if (device.status !== 'active') throw new DeviceUnavailableError('device_offline', 'Algunos dispositivos no están activos');
    const faces = this.enrolled.get(device.id) ?? new Map<string, FaceRecord>();
    this.enrolled.set(device.id, faces);
    return faces;
  }

  async enrol(device: DeviceRef, face: FaceRecord): Promise<void> {
    (await this.reach(device)).set(face.identificacion, face);
  }

  async update(device: DeviceRef, face: FaceRecord): Promise<void> {
    (await this.reach(device)).set(face.identificacion, face);
  }

  async remove(device: DeviceRef, identificacion: string): Promise<void> {
    (await this.reach(device)).delete(identificacion);
  }
}
