// TypeBox schemas of plates and tags (one shape for both): request/response validation, OpenAPI, the admin's types.
import { CLOSED, Nullable } from '@conjunto/core';
import { type Static, Type } from 'typebox';
import { VEHICLE_LIMITS } from './vehicles.ts';

// The statuses of vehicles.ts, spelled out so that TypeScript keeps their literal types.
const Status = () => Type.Union([Type.Literal('active'), Type.Literal('inactive'), Type.Literal('blocked')]);

export const VehicleSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  /** The plate (ABC1234) or the tag (01234567), as stored. */
  value: Type.String(),
  status: Status(),
  /** The destination unit. */
  unitId: Type.String({ format: 'uuid' }),
  unitNumber: Nullable(Type.String()),
  residentId: Nullable(Type.String({ format: 'uuid' })),
  residentName: Nullable(Type.String()),
  /** The blocking observation (why it is blocked); null when not blocked. */
  blockReason: Nullable(Type.String()),
  blockedAt: Nullable(Type.String({ format: 'date-time' })),
  createdAt: Type.String({ format: 'date-time' }),
});
export type Vehicle = Static<typeof VehicleSchema>;

const EditableStatus = Type.Union([Type.Literal('active'), Type.Literal('inactive')]);

export const VehicleCreateSchema = Type.Object(
  {
    value: Type.String({ minLength: 1, maxLength: 20 }),
    status: Type.Optional(EditableStatus),
    unitId: Type.String({ format: 'uuid' }),
    residentId: Type.Optional(Nullable(Type.String({ format: 'uuid' }))),
  },
  CLOSED,
);
export type VehicleCreate = Static<typeof VehicleCreateSchema>;

export const VehicleUpdateSchema = Type.Partial(VehicleCreateSchema, CLOSED);
export type VehicleUpdate = Static<typeof VehicleUpdateSchema>;

export const VehicleBlockSchema = Type.Object(
  { reason: Type.String({ minLength: 1, maxLength: VEHICLE_LIMITS.blockReason }) },
  CLOSED,
);

export const VehicleReportQuerySchema = Type.Object(
  {
    format: Type.Optional(Type.Union([Type.Literal('csv'), Type.Literal('xlsx')])),
    status: Type.Optional(Status()),
    unitId: Type.Optional(Type.String({ format: 'uuid' })),
  },
  CLOSED,
);
