// A plate or a tag read at the complex's gate (POST plates/reads, tags/reads): the reader's integration (a plate
// camera, a tag antenna) reports the value; the residents' registry says whose it is, and announces the read as the
// domain event 'residents.vehicle.read' in the request's transaction. Nothing else is stored: the event is the fact
// (the gate's timeline keeps it when the gate is on). Each resource follows its switch (PlacasResidentes, TagsResidentes).
import { ERROR_RESPONSES, type HostServices, type PluginApp } from '@conjunto/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { Type } from 'typebox';
import { RESIDENTS_EVENTS } from '../manifest.ts';

const tags = ['residents'];

/** Payload of 'residents.vehicle.read'. */
export interface VehicleRead {
  kind: 'plate' | 'tag';
  value: string;
  /** Registered in the complex (any status). */
  known: boolean;
  status: string | null;
  unitId: string | null;
  unitNumber: string | null;
  residentId: string | null;
  /** Where it was read, as the reader names it (a gate, a lane). */
  reader: string | null;
  readAt: string;
}

// A visitor's plate is read too (it is not registered): any 2-10 letters and digits; a tag is its 8 digits.
const ReadSchema = (kind: 'plates' | 'tags') =>
  Type.Object(
    {
      value: Type.String(
        kind === 'plates' ? { minLength: 2, maxLength: 12, pattern: '^[A-Za-z0-9 -]+$' } : { pattern: '^[0-9]{8}$' },
      ),
      reader: Type.Optional(Type.String({ maxLength: 60, pattern: '^[^\\u0000]*$' })),
    },
    { additionalProperties: false },
  );
const ReadResultSchema = Type.Object({
  kind: Type.String(),
  value: Type.String(),
  known: Type.Boolean(),
  status: Type.Union([Type.String(), Type.Null()]),
  unitId: Type.Union([Type.String(), Type.Null()]),
  unitNumber: Type.Union([Type.String(), Type.Null()]),
  readAt: Type.String(),
});

export function vehicleReadRoutes(app: PluginApp, host: HostServices) {
  for (const resource of ['plates', 'tags'] as const) {
    app.post(
      `/${resource}/reads`,
      {
        schema: {
          tags,
          summary: `A ${resource === 'plates' ? 'plate' : 'tag'} read at the gate by its reader: whose it is, announced as 'residents.vehicle.read'`,
          body: ReadSchema(resource),
          response: { 201: ReadResultSchema, ...ERROR_RESPONSES },
        },
      },
      async (request, reply) => {
        const { complexId } = host.context(request);
        const value = request.body.value.replace(/[-\s]/g, '').toUpperCase();
        const em = host.em(request) as SqlEntityManager;
        const read = await em.transactional(async (tx) => {
          // Table names are this plugin's own, chosen from the two literals above.
          const [row] = await tx.execute<
            { status: string; unit_id: string; resident_id: string | null; number: string | null }[]
          >(
            `select v.status, v.unit_id, v.resident_id, u.number from ${resource} v
               left join directory_units u on u.id = v.unit_id where v.complex_id = ? and v.value = ?`,
            [complexId, value],
          );
          const event: VehicleRead = {
            kind: resource === 'plates' ? 'plate' : 'tag',
            value,
            known: Boolean(row),
            status: row?.status ?? null,
            unitId: row?.unit_id ?? null,
            unitNumber: row?.number ?? null,
            residentId: row?.resident_id ?? null,
            reader: request.body.reader?.trim() || null,
            readAt: new Date().toISOString(),
          };
          await host.emit(request, tx, RESIDENTS_EVENTS.vehicleRead, { ...event });
          return event;
        });
        const { residentId: _r, reader: _g, ...answer } = read;
        return reply.status(201).send(answer);
      },
    );
  }
}
