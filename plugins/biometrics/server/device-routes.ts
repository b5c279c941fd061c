// The administration's writes on the device registry: a device is added and edited (POST/PUT biometric-devices),
// a controller renamed (PUT biometric-controllers/:id). The host has checked tenancy, the RostrosResidentes switch
// and the roles of the manifest's access table; each write is audited in its own transaction.
import {
  ApiError,
  changesOf,
  ERROR_RESPONSES,
  fieldsOf,
  type HostServices,
  IdParams,
  isUuid,
  newId,
  notFound,
  onUniqueViolation,
  type PluginApp,
} from '@conjunto/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { FastifyRequest } from 'fastify';
import { checkDevice, type DeviceFields } from '../device-rules.ts';
import es from '../messages/es.ts';
import { ControllerSchema, ControllerUpdateSchema, DeviceCreateSchema, DeviceSchema, DeviceUpdateSchema } from '../schemas.ts';
import { BiometricDevice } from './device.entity.ts';

const tags = ['biometrics'];
const texts = es.biometrics.deviceForm.errors;

const invalid = (status: number, field: string, message: string) =>
  new ApiError(status, status === 409 ? 'DUPLICATE' : 'VALIDATION', message, { [field]: message });

export const toDevice = (d: BiometricDevice) => ({
  id: d.id,
  controllerId: d.controllerId ?? null,
  name: d.name,
  location: d.location ?? null,
  ip: d.ip,
  brand: d.brand ?? null,
  status: d.status,
  notes: d.notes ?? null,
  createdAt: new Date(d.createdAt).toISOString(),
});

/** The fields after the rules (device-rules.ts): the first broken one answers 400 with its field. */
function checked(raw: Partial<Record<keyof DeviceFields, unknown>>): DeviceFields {
  const { device, issues } = checkDevice(raw);
  const [field, issue] = Object.entries(issues)[0] ?? [];
  if (field && issue) throw invalid(400, field, texts[issue]);
  return device;
}

/** The controller must be one of the complex; two devices on one controller (or on none) never share an IP. */
async function checkPlace(tx: SqlEntityManager, complexId: string, device: DeviceFields, selfId: string | null) {
  if (device.controllerId) {
    const known =
      isUuid(device.controllerId) &&
      (await tx.execute('select 1 from biometric_controllers where complex_id = ? and id = ?', [complexId, device.controllerId]))
        .length > 0;
    if (!known) throw invalid(400, 'controllerId', texts.controllerUnknown);
  }
  const [taken] = await tx.execute(
    'select 1 from biometric_devices where complex_id = ? and ip = ? and controller_id is not distinct from ? and id is distinct from ?',
    [complexId, device.ip, device.controllerId, selfId],
  );
  if (taken) throw invalid(409, 'ip', texts.ipTaken);
}

/** The write that lost a race with another of the same IP: the unique index (biometrics_0005) answers as checkPlace. */
const ipClash = onUniqueViolation('biometric_devices_ip_unique', () => invalid(409, 'ip', texts.ipTaken));

export const deviceRoutes = (app: PluginApp, host: HostServices) => {
  const em = (request: FastifyRequest) => host.em(request) as SqlEntityManager;

  app.post(
    '/biometric-devices',
    {
      schema: {
        tags,
        summary: 'Register a device: name and IP required; location, brand, status (inactive), notes and controller optional',
        body: DeviceCreateSchema,
        response: { 201: DeviceSchema, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const { complexId } = host.context(request);
      const fields = checked(fieldsOf(DeviceCreateSchema, request.body));
      await checkPlace(em(request), complexId, fields, null);
      // The record and its audit entry are written by one flush (one transaction).
      const device = em(request).create(BiometricDevice, { id: newId(), complexId, ...fields });
      host.audit(request, em(request), {
        resource: 'biometric-devices',
        recordId: device.id,
        action: 'create',
        changes: fields,
        description: device.name,
      });
      await em(request).flush().catch(ipClash);
      return reply.status(201).send(toDevice(device));
    },
  );

  app.put(
    '/biometric-devices/:id',
    {
      schema: {
        tags,
        summary: 'Edit a device: the fields sent change, the others stay',
        params: IdParams,
        body: DeviceUpdateSchema,
        response: { 200: DeviceSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { complexId } = host.context(request);
      const device = await host.findOr404<BiometricDevice>(request, BiometricDevice, request.params.id);
      const before = toDevice(device);
      const fields = checked({ ...before, ...fieldsOf(DeviceUpdateSchema, request.body) });
      await checkPlace(em(request), complexId, fields, device.id);
      Object.assign(device, fields);
      const after = toDevice(device);
      host.audit(request, em(request), {
        resource: 'biometric-devices',
        recordId: device.id,
        action: 'update',
        changes: changesOf(before, after),
        description: after.name,
      });
      await em(request).flush().catch(ipClash);
      return after;
    },
  );

  app.put(
    '/biometric-controllers/:id',
    {
      schema: {
        tags,
        summary: 'Rename a controller (its name is unique in the complex, whatever its case)',
        params: IdParams,
        body: ControllerUpdateSchema,
        response: { 200: ControllerSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { complexId } = host.context(request);
      const name = request.body.name.trim();
      if (!name) throw invalid(400, 'name', es.biometrics.controllers.nameRequired);
      if (!isUuid(request.params.id)) throw notFound();
      return em(request).transactional(async (tx) => {
        const [row] = await tx.execute(
          'select id, name, sequence, ip, port, username from biometric_controllers where complex_id = ? and id = ? for update',
          [complexId, request.params.id],
        );
        if (!row) throw notFound();
        const [taken] = await tx.execute(
          'select 1 from biometric_controllers where complex_id = ? and lower(name) = lower(?) and id <> ?',
          [complexId, name, row.id],
        );
        if (taken) throw invalid(409, 'name', es.biometrics.controllers.nameTaken);
        // A rename of another controller to this name committed since the check: the index refuses it, answered as the check.
        await tx
          .execute('update biometric_controllers set name = ? where id = ?', [name, row.id])
          .catch(
            onUniqueViolation('biometric_controllers_name_idx', () => invalid(409, 'name', es.biometrics.controllers.nameTaken)),
          );
        host.audit(request, tx, {
          resource: 'biometric-controllers',
          recordId: row.id as string,
          action: 'update',
          changes: { name: [row.name, name] },
          description: name,
        });
        return {
          id: row.id as string,
          name,
          sequence: row.sequence as number,
          ip: row.ip as string,
          port: row.port as number,
          username: row.username as string,
        };
      });
    },
  );
};
