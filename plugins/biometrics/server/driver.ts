// Device access goes through a driver: the real fleet (face readers behind controllers reached by SSH) or the
// simulator used by the demo and the tests. Routes never talk to devices directly.

export interface ControllerRef {
  id: string;
  ip: string;
  port: number;
  username: string;
}

export interface DeviceRef {
  id: string;
  ip: string;
  status: string;
  controllerId: string | null;
  /** The controller's address: devices are reached through it (SSH). */
  controllerIp: string | null;
}

export interface FaceRecord {
  identificacion: string;
  nombre: string;
  /** Controller pins of the allowed floors. */
  pins: number[];
  estado: string;
}

/** Why a device could not take the change (spec 001 §7 alerts). */
export class DeviceUnavailableError extends Error {
  readonly reason: 'device_offline' | 'ssh_failed';
  constructor(reason: 'device_offline' | 'ssh_failed', message: string) {
    super(message);
    this.reason = reason;
  }
}

export interface BiometricDriver {
  /** Whether the controller answers over SSH. */
  controllerReachable(controller: ControllerRef): Promise<boolean>;
  enrol(device: DeviceRef, face: FaceRecord, image: Uint8Array): Promise<void>;
  update(device: DeviceRef, face: FaceRecord, image?: Uint8Array): Promise<void>;
  remove(device: DeviceRef, identificacion: string): Promise<void>;
}
