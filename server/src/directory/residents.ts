// Residents of a complex (spec 002 §2.5 items 1-3 and 10, §3 "Resident settings", §4 "App access", §5 "Residents
// and units"): the administrator lists, creates and edits them, links each to a housing unit as its owner or
// tenant, switches their app access and ends their sessions. Residents are users (roles ['residente']) whose
// residence_complex_id is the complex; users have no complex_id, so every query here filters on that column.
import {
  ApiError,
  type AuditEntry,
  CLOSED,
  changesOf,
  EMAIL,
  ERROR_RESPONSES,
  ErrorSchema,
  fieldsOf,
  type HostServices,
  IdParams,
  isUuid,
  newId,
  notFound,
  onUniqueViolation,
  type PluginApp,
} from '@conjunto/core';
import type { SqlEntityManager as EntityManager } from '@mikro-orm/sql';
import type { FastifyRequest } from 'fastify';
import { type Static, Type } from 'typebox';
import { normalizeEmail } from '../auth/access.ts';
import { queuePasswordLinkMail } from '../auth/password-links.ts';
import { endAllSessions } from '../auth/tokens.ts';
import {
  PasswordLinkSentSchema,
  ResidentAccessSchema,
  ResidentSchema,
  ResidentWriteSchema,
  SessionSchema,
  SessionsClearedSchema,
} from './schemas.ts';
import { User } from './user.entity.ts';

/** Spec 002 §5 and §8 texts verbatim; the unit conflicts and the unknown unit in the same tone. */
export const RESIDENT_MESSAGES = {
  required: '¡Se requiere este campo!',
  emailInvalid: '¡Correo inválido!',
  emailTaken: '¡Correo ya registrado!',
  idNumberTaken: '¡C.I. o RUC ya registrado!',
  idNumberFormat: '¡Solo se permiten números, + y /!',
  unitRequired: '¡Seleccione una U.H.!',
  unitMissing: '¡La U.H. no existe en este conjunto!',
  unitHasOwner: '¡Esta U.H. ya tiene un propietario registrado!',
  unitHasTenant: '¡Esta U.H. ya tiene un inquilino registrado!',
  userLimit: 'Ha alcanzado el límite de usuarios permitidos',
} as const;

const ADMIN = ['administrador', 'superAdministrador'] as const;
const READERS = [...ADMIN, 'directiva', 'supervisor'] as const;
const tags = ['residents'];
const NO_ID = '00000000-0000-0000-0000-000000000000';

type Relation = 'owner' | 'tenant';
export type ResidentWrite = Static<typeof ResidentWriteSchema>;
export type ResidentItem = Static<typeof ResidentSchema>;

/**
 * A resident with their unit: the unit's number (and its natural-order key) and how they hold it, read from
 * units.owner_id / tenant_id. The join keeps to the same complex, so a stray link never shows another's unit.
 */
const RESIDENTS_SQL = `(select u.id, u.first_name, u.last_name, u.email, u.phone, u.id_number, u.unit_id, u.vip,
    u.payment_agreement, u.prepaid_guarantee, u.notification_emails, u.groups, u.is_active, u.residence_complex_id,
    u.created_at, un.number as unit_number, un.number_sort as unit_number_sort, coalesce(un.locked, false) as unit_locked,
    case when un.owner_id = u.id then 'owner' when un.tenant_id = u.id then 'tenant' end as relation
  from users u left join units un on un.id = u.unit_id and un.complex_id = u.residence_complex_id)`;

const COLUMNS = {
  id: 't.id',
  firstName: 't.first_name',
  lastName: 't.last_name',
  email: 't.email',
  phone: 't.phone',
  idNumber: 't.id_number',
  unitId: 't.unit_id',
  unitNumber: 't.unit_number',
  unitNumberSort: 't.unit_number_sort',
  relation: 't.relation',
  unitLocked: 't.unit_locked',
  vip: 't.vip',
  paymentAgreement: 't.payment_agreement',
  prepaidGuarantee: 't.prepaid_guarantee',
  notificationEmails: 't.notification_emails',
  groups: 't.groups',
  isActive: 't.is_active',
  residenceComplexId: 't.residence_complex_id',
  createdAt: 't.created_at',
};

type Row = Record<keyof typeof COLUMNS, unknown>;

const list = (value: unknown): string[] =>
  Array.isArray(value) ? value.map(String) : typeof value === 'string' ? (JSON.parse(value) as string[]) : [];

export const toResident = (r: Row): ResidentItem => ({
  id: r.id as string,
  firstName: r.firstName as string,
  lastName: r.lastName as string,
  email: r.email as string,
  phone: (r.phone as string | null) ?? null,
  idNumber: (r.idNumber as string | null) ?? null,
  unitId: (r.unitId as string | null) ?? null,
  unitNumber: (r.unitNumber as string | null) ?? null,
  relation: (r.relation as Relation | null) ?? null,
  unitLocked: Boolean(r.unitLocked),
  vip: Boolean(r.vip),
  paymentAgreement: Boolean(r.paymentAgreement),
  prepaidGuarantee: Boolean(r.prepaidGuarantee),
  notificationEmails: list(r.notificationEmails),
  groups: list(r.groups),
  isActive: Boolean(r.isActive),
});

/** One resident of the complex, as the list shows it; undefined when there is none (or it lives elsewhere). */
export async function readResident(em: EntityManager, complexId: string, id: string): Promise<ResidentItem | undefined> {
  if (!isUuid(id)) return undefined;
  const [item] = await readResidents(em, complexId, [id]);
  return item;
}

/** Residents of the complex by id, as the list shows them, in one query (a bulk import's audit); any order. */
async function readResidents(em: EntityManager, complexId: string, ids: readonly string[]): Promise<ResidentItem[]> {
  const select = Object.entries(COLUMNS)
    .map(([field, sql]) => `${sql} as "${field}"`)
    .join(', ');
  // The complex compared as text: kept out of the units' join, whose plan (on statistics older than a bulk import's
  // rows) would otherwise scan every unit of the complex for each resident, each chunk slower than the last.
  const rows = await em.execute(
    `select ${select} from ${RESIDENTS_SQL} t where t.id in (?) and t.residence_complex_id::text = ?`,
    [ids, complexId],
  );
  return rows.map((row) => toResident(row as Row));
}

const badFilter = (field: string) =>
  new ApiError(400, 'INVALID_FILTER', 'Filtro no permitido.', { [field]: 'Filtro no permitido.' });

const booleanFilter = (field: string) => (value: unknown) => {
  if (value === true || value === 'true') return { [field]: true };
  if (value === false || value === 'false') return { [field]: false };
  throw badFilter(field);
};

const yesNo = (field: 'vip' | 'isActive' | 'paymentAgreement' | 'prepaidGuarantee') => (item: ResidentItem) =>
  item[field] ? 'Sí' : 'No';
const RELATION_LABELS: Record<Relation, string> = { owner: 'Propietario', tenant: 'Inquilino' };

// ------------------------------------------------------------------ input
const invalid = (status: number, code: string, field: string, message: string) =>
  new ApiError(status, code, message, { [field]: message });

export interface CleanInput {
  fields: Partial<{
    firstName: string;
    lastName: string;
    email: string;
    phone: string | null;
    idNumber: string | null;
    vip: boolean;
    paymentAgreement: boolean;
    prepaidGuarantee: boolean;
    notificationEmails: string[];
    groups: string[];
    isActive: boolean;
  }>;
  /** Present when the body speaks of the unit (unitId or relation). */
  unitId?: string | null;
  relation?: Relation | null;
}

/**
 * The body as stored: text trimmed, blanks as null, e-mails normalised, lists without blanks or repeats; every
 * field's problem answered at once in `errors` (400). On create the names and the e-mail are required.
 */
export function cleanInput(body: Partial<ResidentWrite>, creating: boolean): CleanInput {
  const errors: Record<string, string> = {};
  const fields: CleanInput['fields'] = {};
  for (const key of ['firstName', 'lastName', 'email'] as const) {
    if (body[key] === undefined && !creating) continue;
    const value = body[key]?.trim() ?? '';
    if (!value) errors[key] = RESIDENT_MESSAGES.required;
    else fields[key] = value;
  }
  if (fields.email !== undefined) {
    if (!EMAIL.test(fields.email)) errors.email = RESIDENT_MESSAGES.emailInvalid;
    else fields.email = normalizeEmail(fields.email);
  }
  if (body.phone !== undefined) fields.phone = body.phone?.trim() || null;
  if (body.idNumber !== undefined) {
    const idNumber = body.idNumber?.trim() || null;
    if (idNumber && !/^[0-9+/]+$/.test(idNumber)) errors.idNumber = RESIDENT_MESSAGES.idNumberFormat;
    fields.idNumber = idNumber;
  }
  for (const key of ['vip', 'paymentAgreement', 'prepaidGuarantee', 'isActive'] as const)
    if (body[key] !== undefined) fields[key] = body[key];
  if (body.notificationEmails !== undefined) {
    const emails = body.notificationEmails.map((e) => e.trim()).filter(Boolean);
    if (emails.some((e) => !EMAIL.test(e))) errors.notificationEmails = RESIDENT_MESSAGES.emailInvalid;
    fields.notificationEmails = [...new Set(emails.map(normalizeEmail))];
  }
  if (body.groups !== undefined) fields.groups = [...new Set(body.groups.map((g) => g.trim()).filter(Boolean))];
  const input: CleanInput = { fields };
  if (body.unitId !== undefined) {
    input.unitId = body.unitId?.trim() || null;
    if (input.unitId && !isUuid(input.unitId)) errors.unitId = RESIDENT_MESSAGES.unitMissing;
  }
  if (body.relation !== undefined) input.relation = body.relation;
  if (Object.keys(errors).length) throw new ApiError(400, 'VALIDATION', Object.values(errors)[0], errors);
  return input;
}

// ------------------------------------------------------------------ rules
/** E-mail unique across users; C.I. unique too (users_id_number_unique), so also within the complex. */
async function checkUnique(em: EntityManager, fields: CleanInput['fields'], id: string) {
  if (fields.email && (await em.execute('select 1 from users where email = ? and id <> ?', [fields.email, id])).length)
    throw invalid(409, 'EMAIL_TAKEN', 'email', RESIDENT_MESSAGES.emailTaken);
  if (fields.idNumber && (await em.execute('select 1 from users where id_number = ? and id <> ?', [fields.idNumber, id])).length)
    throw invalid(409, 'ID_NUMBER_TAKEN', 'idNumber', RESIDENT_MESSAGES.idNumberTaken);
}

/** Two writes that each found the value free: the unique indexes answer as checkUnique does. */
const emailClash = onUniqueViolation('users_email_unique', () =>
  invalid(409, 'EMAIL_TAKEN', 'email', RESIDENT_MESSAGES.emailTaken),
);
const idNumberClash = onUniqueViolation('users_id_number_unique', () =>
  invalid(409, 'ID_NUMBER_TAKEN', 'idNumber', RESIDENT_MESSAGES.idNumberTaken),
);
const uniqueClash = (error: unknown): never => {
  try {
    idNumberClash(error);
  } catch (answer) {
    if (answer instanceof ApiError) throw answer;
  }
  return emailClash(error);
};

/**
 * LimiteConfianza (complexes.trust_limit): the most residents of the complex with app access; null = no limit.
 * The complex's row is locked first, so two administrators granting the last place at once cannot both get it.
 * `adding`: the residents given access by this write (a bulk import's chunk), besides `userId`'s place.
 */
async function checkUserLimit(em: EntityManager, complexId: string, userId: string, adding = 1) {
  const [complex] = await em.execute('select trust_limit from complexes where id = ? for update', [complexId]);
  if (complex?.trust_limit === null || complex?.trust_limit === undefined) return;
  const [{ n }] = await em.execute(
    `select count(*)::int as n from users
      where residence_complex_id = ? and is_active and roles @> '["residente"]'::jsonb and id <> ?`,
    [complexId, userId],
  );
  if (Number(n) + adding > Number(complex.trust_limit)) throw new ApiError(409, 'USER_LIMIT', RESIDENT_MESSAGES.userLimit);
}

/**
 * Links the resident to `unitId` as `relation` (spec 002 §3 IdPropietario / IdInquilino, Rentada): an owner
 * takes units.owner_id; a tenant takes units.tenant_id and marks the unit rented. A unit that already has another
 * owner (or tenant) is refused: the administrator frees it first. Any other unit the resident held is freed.
 */
async function linkUnit(
  em: EntityManager,
  complexId: string,
  user: User,
  unitId: string | null,
  relation: Relation | null,
): Promise<void> {
  if (unitId) {
    const [unit] = await em.execute('select owner_id, tenant_id from units where id = ? and complex_id = ? for update', [
      unitId,
      complexId,
    ]);
    if (!unit) throw invalid(400, 'UNIT_NOT_FOUND', 'unitId', RESIDENT_MESSAGES.unitMissing);
    if (relation === 'owner' && unit.owner_id && unit.owner_id !== user.id)
      throw invalid(409, 'UNIT_HAS_OWNER', 'unitId', RESIDENT_MESSAGES.unitHasOwner);
    if (relation === 'tenant' && unit.tenant_id && unit.tenant_id !== user.id)
      throw invalid(409, 'UNIT_HAS_TENANT', 'unitId', RESIDENT_MESSAGES.unitHasTenant);
  }
  // One statement sees the old row: a unit whose tenant leaves is no longer rented.
  await em.execute(
    `update units set owner_id = case when owner_id = ? then null else owner_id end,
            rented = case when tenant_id = ? then false else rented end,
            tenant_id = case when tenant_id = ? then null else tenant_id end
      where complex_id = ? and (owner_id = ? or tenant_id = ?)`,
    [user.id, user.id, user.id, complexId, user.id, user.id],
  );
  if (unitId && relation === 'owner') await em.execute('update units set owner_id = ? where id = ?', [user.id, unitId]);
  if (unitId && relation === 'tenant')
    await em.execute('update units set tenant_id = ?, rented = true where id = ?', [user.id, unitId]);
  user.unitId = unitId;
}

/** The unit and relation after the write: the body's, else the resident's own; a relation needs a unit and back. */
function unitAfter(input: CleanInput, current: Pick<ResidentItem, 'unitId' | 'relation'>) {
  // An edit that does not speak of the unit leaves the link as it is (even one the units screen left half-made).
  if (input.unitId === undefined && input.relation === undefined) return { ...current, changed: false };
  const unitId = input.unitId !== undefined ? input.unitId : current.unitId;
  const relation = input.relation !== undefined ? input.relation : input.unitId === null ? null : current.relation;
  if (!unitId && relation) throw invalid(400, 'VALIDATION', 'unitId', RESIDENT_MESSAGES.unitRequired);
  if (unitId && !relation) throw invalid(400, 'VALIDATION', 'relation', RESIDENT_MESSAGES.required);
  const changed = unitId !== current.unitId || relation !== current.relation;
  return { unitId, relation: relation ?? null, changed };
}

const describe = (r: Pick<ResidentItem, 'firstName' | 'lastName'>) => `${r.firstName} ${r.lastName}`;

/** What a create writes besides the resident: its audit entry and the invitation, in the caller's transaction. */
export interface ResidentCreateEffects {
  audit(entry: AuditEntry): void;
  invite(userId: string): Promise<unknown>;
}

/**
 * Creates a resident in the caller's transaction `em` (the administrator's form and the imports): uniqueness, the
 * user limit, the unit link (owner/tenant conflicts), the audit entry and the invitation e-mail with its link to
 * set a password (72 h): no administrator ever knows it. Answers the new id.
 */
export async function createResident(
  em: EntityManager,
  complexId: string,
  input: CleanInput,
  effects: ResidentCreateEffects,
): Promise<string> {
  const unit = unitAfter(input, { unitId: null, relation: null });
  await checkUnique(em, input.fields, NO_ID);
  const user = em.create(User, {
    ...input.fields,
    roles: ['residente'],
    residenceComplexId: complexId,
    isActive: input.fields.isActive ?? true,
  } as never);
  if (user.isActive) await checkUserLimit(em, complexId, user.id);
  await em.flush().catch(uniqueClash);
  await linkUnit(em, complexId, user, unit.unitId, unit.relation);
  await em.flush();
  const created = (await readResident(em, complexId, user.id))!;
  effects.audit({ resource: 'residents', recordId: user.id, action: 'create', changes: created, description: describe(created) });
  await effects.invite(user.id);
  return user.id;
}

/** A new resident of a bulk create: the clean input, and the unit (of the complex) they hold, if any. */
export interface NewResident {
  input: CleanInput;
  unitId: string | null;
  relation: Relation | null;
}

/** What a bulk create writes besides the residents: an audit entry each, and their invitations at once. */
export interface ResidentsCreateEffects {
  audit(entry: AuditEntry): void;
  invite(userIds: string[]): Promise<unknown>;
}

/**
 * createResident for many residents at once (a bulk import's chunk), with multi-row SQL and the same result: the
 * same stored fields and unit links, the user limit once for all, an audit entry each with the resident as read
 * back, and their invitations. A refusal (a unique index, a unit already held or missing, the limit) throws
 * without naming the resident: the import writes the chunk again one by one with createResident to name it.
 * Answers the new ids in order.
 */
export async function createResidents(
  em: EntityManager,
  complexId: string,
  residents: readonly NewResident[],
  effects: ResidentsCreateEffects,
): Promise<string[]> {
  if (!residents.length) return [];
  const active = residents.filter((r) => r.input.fields.isActive ?? true).length;
  if (active) await checkUserLimit(em, complexId, NO_ID, active);
  const createdAt = new Date();
  const rows = residents.map((r) => {
    const f = r.input.fields;
    // The columns createResident's entity writes, its defaults included; the unit is set at once (linkUnit's user.unitId).
    return [
      newId(),
      f.firstName,
      f.lastName,
      f.email,
      f.phone ?? null,
      f.idNumber ?? null,
      JSON.stringify(['residente']),
      f.isActive ?? true,
      complexId,
      r.unitId,
      f.vip ?? false,
      f.paymentAgreement ?? false,
      f.prepaidGuarantee ?? false,
      JSON.stringify(f.notificationEmails ?? []),
      JSON.stringify(f.groups ?? []),
      createdAt,
    ];
  });
  await em.execute(
    `insert into users (id, first_name, last_name, email, phone, id_number, roles, is_active, residence_complex_id, unit_id,
        vip, payment_agreement, prepaid_guarantee, notification_emails, groups, created_at)
     values ${rows.map(() => '(?, ?, ?, ?, ?, ?, ?::jsonb, ?, ?, ?, ?, ?, ?, ?::jsonb, ?::jsonb, ?)').join(', ')}`,
    rows.flat(),
  );
  const ids = rows.map((r) => r[0] as string);
  // The links as linkUnit makes them: an owner takes owner_id, a tenant tenant_id and marks the unit rented; a unit
  // another holds (or of another complex) is not updated, and the count tells.
  for (const relation of ['owner', 'tenant'] as const) {
    const links = residents.flatMap((r, i) => (r.unitId && r.relation === relation ? [[r.unitId, ids[i]]] : []));
    if (!links.length) continue;
    const column = relation === 'owner' ? 'owner_id' : 'tenant_id';
    const updated = await em.execute(
      `update units un set ${column} = x.user_id::uuid${relation === 'tenant' ? ', rented = true' : ''}
         from (values ${links.map(() => '(?, ?)').join(', ')}) as x(unit_id, user_id)
        where un.id = x.unit_id::uuid and un.complex_id = ? and un.${column} is null
        returning un.id`,
      [...links.flat(), complexId],
    );
    if (updated.length !== links.length)
      throw relation === 'owner'
        ? invalid(409, 'UNIT_HAS_OWNER', 'unitId', RESIDENT_MESSAGES.unitHasOwner)
        : invalid(409, 'UNIT_HAS_TENANT', 'unitId', RESIDENT_MESSAGES.unitHasTenant);
  }
  const created = new Map((await readResidents(em, complexId, ids)).map((r) => [r.id, r]));
  for (const id of ids) {
    const item = created.get(id)!;
    effects.audit({ resource: 'residents', recordId: id, action: 'create', changes: item, description: describe(item) });
  }
  await effects.invite(ids);
  return ids;
}

// ------------------------------------------------------------------ routes

export async function residentRoutes(app: PluginApp, host: HostServices) {
  const complexOf = (request: FastifyRequest) => host.context(request).complexId;
  /** The password e-mail of a resident (an invitation or a reset), queued in the caller's transaction. */
  const passwordMail = (request: FastifyRequest, em: EntityManager, userId: string, purpose: 'invite' | 'reset') =>
    queuePasswordLinkMail(em, {
      mail: request.server.mail,
      userId,
      purpose,
      complexId: complexOf(request),
      origin: request.server.publicUrl,
      actor: host.context(request),
    });
  const found = async (request: FastifyRequest, id: string) => {
    const item = await readResident(request.em, complexOf(request), id);
    if (!item) throw notFound();
    return item;
  };

  /**
   * Writes an edit (the form's, or the access switch's) in one transaction: uniqueness, the user limit when access
   * comes back, the unit link, the end of every session when access goes, and the audit of what changed.
   */
  const update = async (request: FastifyRequest, before: ResidentItem, input: CleanInput) => {
    const complexId = complexOf(request);
    const unit = unitAfter(input, before);
    await request.em.transactional(async (em) => {
      const user = await em.findOneOrFail(User, { id: before.id, residenceComplexId: complexId });
      await checkUnique(em, input.fields, user.id);
      if (input.fields.isActive && !before.isActive) await checkUserLimit(em, complexId, user.id);
      em.assign(user, input.fields as never);
      await em.flush().catch(uniqueClash);
      if (unit.changed) await linkUnit(em, complexId, user, unit.unitId, unit.relation);
      // Taking the app access away ends every sign-in of the resident at once.
      if (before.isActive && input.fields.isActive === false) await endAllSessions(em, user.id);
      await em.flush();
      const after = (await readResident(em, complexId, user.id))!;
      host.audit(request, em, {
        resource: 'residents',
        recordId: user.id,
        action: 'update',
        changes: changesOf(before, after),
        description: describe(after),
      });
    });
    return found(request, before.id);
  };

  host.listRoute(app, {
    resource: 'residents',
    roles: READERS,
    tags,
    table: RESIDENTS_SQL,
    columns: COLUMNS,
    // Residents belong to the complex they live in (users have no complex_id of their own).
    tenant: false,
    where: (request) => ({ residenceComplexId: complexOf(request) }),
    filters: {
      unitId: (value) => {
        const ids = Array.isArray(value) ? value : [value];
        if (!ids.length || ids.length > 100 || !ids.every(isUuid)) throw badFilter('unitId');
        return { unitId: { $in: ids } };
      },
      relation: (value) => {
        if (value !== 'owner' && value !== 'tenant') throw badFilter('relation');
        return { relation: value };
      },
      isActive: booleanFilter('isActive'),
      vip: booleanFilter('vip'),
      // Spec 002 §2.5 item 1: the residents without a unit.
      unassigned: (value) => {
        const { unassigned } = booleanFilter('unassigned')(value);
        return unassigned ? { unitId: null } : { unitId: { $ne: null } };
      },
    },
    search: ['firstName', 'lastName', 'email', 'idNumber'],
    sortable: ['lastName', 'firstName', 'email', 'unitNumber'],
    sortAliases: { unitNumber: 'unitNumberSort' },
    defaultSort: { field: 'lastName', order: 'ASC' },
    item: ResidentSchema,
    exportColumns: {
      lastName: 'Apellido',
      firstName: 'Nombre',
      email: 'Correo',
      phone: 'Teléfono',
      idNumber: 'Cédula',
      unitNumber: 'Unidad',
      relation: { header: 'Relación', value: (r) => (r.relation ? RELATION_LABELS[r.relation] : '') },
      vip: { header: 'VIP', value: yesNo('vip') },
      isActive: { header: 'Acceso a la app', value: yesNo('isActive') },
      // The rest of the resident's record (spec 002 §2.5 item 6, the residents report).
      groups: { header: 'Grupos', value: (r) => r.groups.join(', ') },
      paymentAgreement: { header: 'Convenio de pago', value: yesNo('paymentAgreement') },
      prepaidGuarantee: { header: 'Garantía prepagada', value: yesNo('prepaidGuarantee') },
      notificationEmails: { header: 'Correos adicionales', value: (r) => r.notificationEmails.join(', ') },
    },
    toItem: (row: Row) => toResident(row),
  });

  app.get(
    '/residents/:id',
    {
      config: { roles: READERS },
      schema: { tags, params: IdParams, response: { 200: ResidentSchema, 404: ErrorSchema } },
    },
    async (request) => found(request, request.params.id),
  );

  app.post(
    '/residents',
    {
      config: { roles: ADMIN, idempotent: true },
      schema: {
        tags,
        summary: 'New resident (roles residente, no password: they set it from an e-mailed link)',
        body: ResidentWriteSchema,
        response: { 201: ResidentSchema, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const complexId = complexOf(request);
      const input = cleanInput(fieldsOf(ResidentWriteSchema, request.body), true);
      const id = await request.em.transactional((em) =>
        createResident(em, complexId, input, {
          audit: (entry) => host.audit(request, em, entry),
          invite: (userId) => passwordMail(request, em, userId, 'invite'),
        }),
      );
      return reply.status(201).send(await found(request, id));
    },
  );

  app.put(
    '/residents/:id',
    {
      config: { roles: ADMIN },
      schema: {
        tags,
        params: IdParams,
        body: Type.Partial(ResidentWriteSchema, CLOSED),
        response: { 200: ResidentSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const before = await found(request, request.params.id);
      return update(request, before, cleanInput(fieldsOf(ResidentWriteSchema, request.body), false));
    },
  );

  app.put(
    '/residents/:id/access',
    {
      config: { roles: ADMIN },
      schema: {
        tags,
        summary: "Enable or disable the resident's app access (disabling ends their sessions at once)",
        params: IdParams,
        body: ResidentAccessSchema,
        response: { 200: ResidentSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const before = await found(request, request.params.id);
      const { isActive } = request.body;
      return isActive === before.isActive ? before : update(request, before, { fields: { isActive } });
    },
  );

  app.post(
    '/residents/:id/password-link',
    {
      config: { roles: ADMIN, idempotent: true },
      schema: {
        tags,
        summary: "Reset the resident's password: e-mails a single-use link (2 h) to set a new one",
        params: IdParams,
        response: { 202: PasswordLinkSentSchema, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const resident = await found(request, request.params.id);
      const expiresAt = await request.em.transactional(async (em) => {
        const sent = await passwordMail(request, em, resident.id, 'reset');
        host.audit(request, em, {
          resource: 'residents',
          recordId: resident.id,
          action: 'update',
          changes: { passwordLinkSent: true },
          description: describe(resident),
        });
        return sent.expiresAt;
      });
      return reply.status(202).send({ email: resident.email, expiresAt: expiresAt.toISOString() });
    },
  );

  app.post(
    '/residents/:id/sessions/clear',
    {
      config: { roles: ADMIN },
      schema: {
        tags,
        summary: 'End every session of the resident (their refresh tokens, and access tokens at the next request)',
        params: IdParams,
        response: { 200: SessionsClearedSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const resident = await found(request, request.params.id);
      return request.em.transactional(async (em) => {
        // The sign-ins ended: refresh families that still had a usable token.
        const [{ n }] = await em.execute(
          `select count(distinct family_id)::int as n from refresh_tokens
            where user_id = ? and revoked_at is null and used_at is null and expires_at > now()`,
          [resident.id],
        );
        await endAllSessions(em, resident.id);
        host.audit(request, em, {
          resource: 'residents',
          recordId: resident.id,
          action: 'update',
          changes: { sessionsRevoked: Number(n) },
          description: describe(resident),
        });
        return { revoked: Number(n) };
      });
    },
  );

  app.get(
    '/residents/:id/sessions',
    {
      config: { roles: ADMIN },
      schema: {
        tags,
        summary: "The resident's open sessions: each sign-in (refresh family) still usable, first and last use",
        params: IdParams,
        response: { 200: Type.Array(SessionSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const resident = await found(request, request.params.id);
      // Every refresh rotates the token: the family's newest token is its last use.
      const rows = await request.em.execute(
        `select family_id as id, min(created_at) as created_at, max(created_at) as last_used_at, max(expires_at) as expires_at
           from refresh_tokens where user_id = ?
          group by family_id
         having bool_or(revoked_at is null and used_at is null and expires_at > now())
          order by max(created_at) desc limit 100`,
        [resident.id],
      );
      return rows.map((r) => ({
        id: r.id as string,
        createdAt: new Date(r.created_at).toISOString(),
        lastUsedAt: new Date(r.last_used_at).toISOString(),
        expiresAt: new Date(r.expires_at).toISOString(),
      }));
    },
  );

  /**
   * Delete a resident (spec 002 §2.5 item 2 "delete user"): the person leaves the complex, their history stays.
   * Their unit is freed, their sessions end, and a resident who is nothing else is anonymised (names, e-mail,
   * phone, C.I., extra e-mails, groups) and can no longer sign in; the rows that name them (payments, charges,
   * the audit log) keep their id and the name they were written with. Someone who also works for a complex keeps
   * their account and loses the residente role only.
   */
  app.delete(
    '/residents/:id',
    {
      config: { roles: ADMIN },
      schema: {
        tags,
        summary: 'Delete a resident (frees the unit, ends sessions, anonymises)',
        params: IdParams,
        response: { 200: ResidentSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const complexId = complexOf(request);
      const before = await found(request, request.params.id);
      await request.em.transactional(async (em) => {
        const user = await em.findOneOrFail(User, { id: before.id, residenceComplexId: complexId });
        await linkUnit(em, complexId, user, null, null);
        await endAllSessions(em, user.id);
        const roles = user.roles.filter((r) => r !== 'residente');
        user.roles = roles;
        user.residenceComplexId = null;
        user.unitId = null;
        if (!roles.length)
          em.assign(user, {
            firstName: 'Residente',
            lastName: 'eliminado',
            email: `eliminado.${user.id}@conjunto.invalid`,
            phone: null,
            idNumber: null,
            notificationEmails: [],
            groups: [],
            vip: false,
            paymentAgreement: false,
            prepaidGuarantee: false,
            passwordHash: null,
            isActive: false,
          } as never);
        host.audit(request, em, {
          resource: 'residents',
          recordId: user.id,
          action: 'delete',
          changes: before,
          description: describe(before),
        });
        await em.flush();
      });
      return before;
    },
  );
}
