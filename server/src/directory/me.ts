// The signed-in resident's own record in a complex (/api/complexes/:complexId/me, issue 12): what the resident's
// area shows under "Mi perfil". Who it is comes from the session, never from the path or the body: the routes take
// no id. The resident changes only their phone and notification e-mails; names, e-mail, C.I. and unit are the
// administrator's (residents.ts), the password their own through /api/auth/me/password.
import {
  CLOSED,
  changesOf,
  ERROR_RESPONSES,
  ErrorSchema,
  type HostServices,
  Nullable,
  notFound,
  type PluginApp,
} from '@conjunto/core';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { cleanInput, readResident } from './residents.ts';
import { RESIDENT_LIMITS, ResidentSchema } from './schemas.ts';
import { User } from './user.entity.ts';

// The resident's own fields, as the administrator's record has them (the office's flags, VIP or groups, stay out).
const { id, firstName, lastName, email, phone, idNumber, unitId, unitNumber, relation, notificationEmails } =
  ResidentSchema.properties;
export const MeSchema = Type.Object({
  id,
  firstName,
  lastName,
  email,
  phone,
  idNumber,
  unitId,
  unitNumber,
  relation,
  notificationEmails,
  /** Their unit is locked (spec 002 §4): the area shows the payments part only, and says why. */
  locked: Type.Boolean(),
});

export const MeWriteSchema = Type.Object(
  {
    phone: Type.Optional(Nullable(Type.String({ maxLength: RESIDENT_LIMITS.phone }))),
    notificationEmails: Type.Optional(
      Type.Array(Type.String({ maxLength: RESIDENT_LIMITS.email }), { maxItems: RESIDENT_LIMITS.notificationEmails }),
    ),
  },
  CLOSED,
);

const ROLES = ['residente'] as const;
const tags = ['residents'];

export async function meRoutes(app: PluginApp, host: HostServices) {
  /** The caller as a resident of the path's complex; 404 when they live elsewhere. */
  const resident = async (request: FastifyRequest) => {
    const { complexId, userId } = host.context(request);
    const found = await readResident(request.em, complexId, userId);
    if (!found) throw notFound();
    return found;
  };
  const me = async (request: FastifyRequest) => {
    const { id, firstName, lastName, email, phone, idNumber, unitId, unitNumber, relation, notificationEmails } =
      await resident(request);
    const unit = unitId ? await host.directory(request).unit(unitId) : undefined;
    const locked = unit?.locked ?? false;
    return { id, firstName, lastName, email, phone, idNumber, unitId, unitNumber, relation, notificationEmails, locked };
  };

  app.get(
    '/me',
    {
      // Who they are stays readable under the property lock: the area needs it to reach the payments part.
      config: { roles: ROLES, payments: true },
      schema: { tags, summary: 'The signed-in resident: profile and unit', response: { 200: MeSchema, 404: ErrorSchema } },
    },
    me,
  );

  app.put(
    '/me',
    {
      config: { roles: ROLES },
      schema: {
        tags,
        summary: 'The signed-in resident changes their own phone and notification e-mails (nothing else)',
        body: MeWriteSchema,
        response: { 200: MeSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const before = await resident(request);
      // Only the two fields the schema lets through reach the record.
      const { fields } = cleanInput({ phone: request.body.phone, notificationEmails: request.body.notificationEmails }, false);
      const { complexId } = host.context(request);
      await request.em.transactional(async (em) => {
        const user = await em.findOneOrFail(User, { id: before.id, residenceComplexId: complexId });
        if (fields.phone !== undefined) user.phone = fields.phone;
        if (fields.notificationEmails !== undefined) user.notificationEmails = fields.notificationEmails;
        await em.flush();
        const after = (await readResident(em, complexId, before.id))!;
        host.audit(request, em, {
          resource: 'residents',
          recordId: before.id,
          action: 'update',
          changes: changesOf(before, after),
          description: `${after.firstName} ${after.lastName}`.trim(),
        });
      });
      return me(request);
    },
  );
}
