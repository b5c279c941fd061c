// /api/complexes/:complexId/family-members: a resident's household (spec 002 §2.5 screen 2, §3, §5). The office
// manages every resident's; a resident their own (household-scope.ts).
import {
  ApiError,
  changesOf,
  ERROR_RESPONSES,
  ErrorSchema,
  type HostServices,
  IdParams,
  onUniqueViolation,
  type PluginApp,
} from '@conjunto/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { FastifyRequest } from 'fastify';
import {
  cleanFamilyMember,
  FamilyMemberCreateSchema,
  type FamilyMember as FamilyMemberItem,
  FamilyMemberSchema,
  FamilyMemberUpdateSchema,
} from '../household.schemas.ts';
import { HOUSEHOLD_MESSAGES } from '../household.ts';
import { FamilyMember } from './family-member.entity.ts';
import { householdOf, loadOwn, ownDeleteRoute, ownRows } from './household-scope.ts';

const tags = ['residents'];
const RESOURCE = 'family-members';

export const toFamilyMember = (f: FamilyMember): FamilyMemberItem => ({
  id: f.id,
  residentId: f.residentId,
  residentName: f.residentName ?? null,
  unitId: f.unitId ?? null,
  unitNumber: f.unitNumber ?? null,
  firstName: f.firstName,
  lastName: f.lastName,
  name: `${f.firstName} ${f.lastName}`,
  idNumber: f.idNumber,
  relationship: f.relationship ?? null,
  createdAt: new Date(f.createdAt).toISOString(),
});

const invalid = (errors: Record<string, string>) => new ApiError(400, 'VALIDATION', Object.values(errors)[0], errors);
const duplicateError = () =>
  new ApiError(409, 'FAMILY_MEMBER_DUPLICATE', HOUSEHOLD_MESSAGES.familyDuplicate, {
    idNumber: HOUSEHOLD_MESSAGES.familyDuplicate,
  });
/** Two writes checked at once and each found the cédula free: the unique index answers the second. */
const duplicate = onUniqueViolation('family_members_resident_id_number_unique', duplicateError);

export function familyRoutes(app: PluginApp, host: HostServices) {
  const em = (request: FastifyRequest) => host.em(request) as SqlEntityManager;
  /** The record as the database has it now (formulas: the resident's name and unit). */
  const reload = async (request: FastifyRequest, id: string) =>
    toFamilyMember(await em(request).fork().findOneOrFail(FamilyMember, { id }));
  /** Whether the resident's register already holds this cédula (the unique index decides a race). */
  const taken = async (request: FastifyRequest, residentId: string, idNumber: string, except?: string) =>
    (
      await em(request).execute(
        'select 1 from family_members where complex_id = ? and resident_id = ? and id_number = ? and id <> ?',
        [host.context(request).complexId, residentId, idNumber, except ?? '00000000-0000-0000-0000-000000000000'],
      )
    ).length > 0;

  host.listRoute(app, {
    resource: RESOURCE,
    tags,
    summary: "Family members (a resident sees only their own); filters: residentId, unitId (the resident's unit)",
    entity: FamilyMember,
    filters: { residentId: 'exact', unitId: 'exact', idNumber: 'exact' },
    search: ['firstName', 'lastName', 'idNumber', 'relationship', 'residentName'],
    sortable: ['lastName', 'firstName', 'idNumber', 'relationship', 'residentName', 'unitNumber', 'createdAt'],
    defaultSort: { field: 'lastName', order: 'ASC' },
    where: ownRows(host, { off: 'NoFamilyGuard' }),
    item: FamilyMemberSchema,
    exportColumns: {
      firstName: 'Nombre',
      lastName: 'Apellido',
      idNumber: 'Cédula',
      relationship: 'Parentesco',
      residentName: 'Residente',
      unitNumber: 'U.H.',
    },
    toItem: (row: FamilyMember) => toFamilyMember(row),
  });

  app.get(
    `/${RESOURCE}/:id`,
    { schema: { tags, params: IdParams, response: { 200: FamilyMemberSchema, 404: ErrorSchema } } },
    async (request) => toFamilyMember(await loadOwn<FamilyMember>(host, request, FamilyMember)),
  );

  app.post(
    `/${RESOURCE}`,
    {
      config: { idempotent: true },
      schema: {
        tags,
        summary: "Add a family member ('¡Ya existe esta persona en el registro!' for a cédula already in the register)",
        body: FamilyMemberCreateSchema,
        response: { 201: FamilyMemberSchema, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const { fields, errors } = cleanFamilyMember(request.body, false);
      const residentId = await householdOf(host, request, request.body.residentId);
      if (Object.keys(errors).length) throw invalid(errors);
      const { firstName = '', lastName = '', idNumber = '', relationship = null } = fields;
      if (await taken(request, residentId, idNumber)) throw duplicateError();
      const member = em(request).create(FamilyMember, {
        complexId: host.context(request).complexId,
        residentId,
        firstName,
        lastName,
        idNumber,
        relationship,
      } as never);
      host.audit(request, em(request), {
        resource: RESOURCE,
        recordId: member.id,
        action: 'create',
        changes: { residentId, firstName, lastName, idNumber, relationship },
        description: `${firstName} ${lastName}`,
      });
      await em(request).flush().catch(duplicate);
      return reply.status(201).send(await reload(request, member.id));
    },
  );

  app.put(
    `/${RESOURCE}/:id`,
    {
      schema: {
        tags,
        params: IdParams,
        body: FamilyMemberUpdateSchema,
        response: { 200: FamilyMemberSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const member = await loadOwn<FamilyMember>(host, request, FamilyMember);
      const { fields, errors } = cleanFamilyMember(request.body, true);
      if (Object.keys(errors).length) throw invalid(errors);
      if (fields.idNumber !== undefined && (await taken(request, member.residentId, fields.idNumber, member.id)))
        throw duplicateError();
      const before = toFamilyMember(member);
      if (fields.firstName !== undefined) member.firstName = fields.firstName;
      if (fields.lastName !== undefined) member.lastName = fields.lastName;
      if (fields.idNumber !== undefined) member.idNumber = fields.idNumber;
      if (fields.relationship !== undefined) member.relationship = fields.relationship;
      host.audit(request, em(request), {
        resource: RESOURCE,
        recordId: member.id,
        action: 'update',
        changes: changesOf(before, toFamilyMember(member)),
        description: `${member.firstName} ${member.lastName}`,
      });
      await em(request).flush().catch(duplicate);
      return reload(request, member.id);
    },
  );

  ownDeleteRoute<FamilyMember, ReturnType<typeof toFamilyMember>>(app, host, {
    resource: RESOURCE,
    entity: FamilyMember,
    schema: FamilyMemberSchema,
    toItem: toFamilyMember,
    tags,
  });
}
