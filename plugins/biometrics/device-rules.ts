// The rules of a device's fields, shared by the device dialog (which checks before sending) and the server (which
// checks again whatever it is sent). Isomorphic and tiny. A broken rule is a key of biometrics.deviceForm.errors.

/** Spec 001 §3: the status values a device takes; 'inactive' is the default. */
export const DEVICE_STATUSES = ['active', 'unknown', 'inactive', 'error', 'connection_error', 'mantenimiento'] as const;
export type DeviceStatus = (typeof DEVICE_STATUSES)[number];

/** The columns' lengths (biometric_devices, biometric_controllers). */
export const DEVICE_LIMITS = { name: 100, location: 150, ip: 45, brand: 50, notes: 500, controllerName: 100 } as const;

export interface DeviceFields {
  name: string;
  ip: string;
  location: string | null;
  brand: string | null;
  status: DeviceStatus;
  notes: string | null;
  controllerId: string | null;
}

export type DeviceIssue = 'nameRequired' | 'ipRequired' | 'ipInvalid';

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/** A dotted IPv4 address, or an IPv6 one (as a URL host: the parser both halves have). */
export function isIpAddress(value: string): boolean {
  if (IPV4.test(value)) return true;
  if (!value.includes(':') || !/^[0-9a-fA-F:.]+$/.test(value)) return false;
  try {
    new URL(`http://[${value}]/`);
    return true;
  } catch {
    return false;
  }
}

/**
 * One spelling per address, so that the one-IP-per-controller rule (and its unique index) sees 'FE80::1',
 * 'fe80:0:0:0:0:0:0:1' and 'fe80::0001' as the same device: an IPv6 address in its URL host form (lower case,
 * zeros compressed); IPv4 as written (the pattern admits no leading zeros).
 */
export function canonicalIp(value: string): string {
  if (IPV4.test(value) || !isIpAddress(value)) return value;
  return new URL(`http://[${value}]/`).hostname.slice(1, -1);
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** The fields trimmed (blank optional texts are null) and the rules they break, by field. */
export function checkDevice(raw: Partial<Record<keyof DeviceFields, unknown>>): {
  device: DeviceFields;
  issues: Partial<Record<keyof DeviceFields, DeviceIssue>>;
} {
  const device: DeviceFields = {
    name: text(raw.name),
    ip: text(raw.ip),
    location: text(raw.location) || null,
    brand: text(raw.brand) || null,
    status: (DEVICE_STATUSES as readonly unknown[]).includes(raw.status) ? (raw.status as DeviceStatus) : 'inactive',
    notes: text(raw.notes) || null,
    controllerId: text(raw.controllerId) || null,
  };
  const issues: Partial<Record<keyof DeviceFields, DeviceIssue>> = {};
  if (!device.name) issues.name = 'nameRequired';
  if (!device.ip) issues.ip = 'ipRequired';
  else if (!isIpAddress(device.ip)) issues.ip = 'ipInvalid';
  else device.ip = canonicalIp(device.ip);
  return { device, issues };
}
