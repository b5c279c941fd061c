// The device rules both halves apply (device-rules.ts) and how the admin reads a device's state (format.ts): a
// device behind a disconnected controller reads 'Controlador desconectado', never 'En línea'.
import { describe, expect, it } from 'vitest';
import { deviceLabels } from '../admin/shared/format.ts';
import { checkDevice, isIpAddress } from '../device-rules.ts';

describe('device rules', () => {
  it('takes dotted IPv4 and IPv6 addresses, nothing else', () => {
    for (const ip of ['192.168.10.101', '10.0.0.1', '0.0.0.0', '255.255.255.255', '::1', 'fe80::1ff:fe23:4567:890a'])
      expect(isIpAddress(ip), ip).toBe(true);
    for (const ip of ['192.168.10.256', '192.168.10', '01.2.3.4', '1', 'lector.local', '1.2.3.4 ', 'fe80::zz', ':::', ''])
      expect(isIpAddress(ip), ip).toBe(false);
  });

  it('trims the fields, blanks optional texts to null, defaults the status and names the broken rules by field', () => {
    expect(checkDevice({ name: '  Piscina ', ip: ' 192.168.10.9 ', brand: ' ', status: 'roto' })).toEqual({
      device: {
        name: 'Piscina',
        ip: '192.168.10.9',
        location: null,
        brand: null,
        status: 'inactive',
        notes: null,
        controllerId: null,
      },
      issues: {},
    });
    expect(checkDevice({ name: ' ', ip: '' }).issues).toEqual({ name: 'nameRequired', ip: 'ipRequired' });
    expect(checkDevice({ name: 'x', ip: '999.1.1.1' }).issues).toEqual({ ip: 'ipInvalid' });
    // One spelling per IPv6 address (the unique index compares text).
    expect(checkDevice({ name: 'x', ip: ' FE80:0000::0:0001 ' }).device.ip).toBe('fe80::1');
    expect(checkDevice({ name: 'x', ip: '192.168.1.10' }).device.ip).toBe('192.168.1.10');
  });
});

describe("a device's labels", () => {
  it("reads a device behind a disconnected controller as off line, 'Controlador desconectado'", () => {
    expect(deviceLabels({ status: 'connection_error', ssh_status: 'failed' })).toEqual({
      statusKey: 'biometrics.devices.status.other',
      color: 'error',
      connectionKey: 'biometrics.devices.controllerDown',
    });
    expect(deviceLabels({ status: 'active', ssh_status: 'connected' })).toEqual({
      statusKey: 'biometrics.devices.status.active',
      color: 'success',
      connectionKey: 'biometrics.devices.connection.active',
    });
    expect(deviceLabels({ status: 'unknown' }).connectionKey).toBe('biometrics.devices.connection.unknown');
  });
});
