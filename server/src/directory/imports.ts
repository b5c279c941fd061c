// Imports of the directory through the host's import mechanism (imports/route.ts): housing units and residents
// for the administrator (/units/import, /residents/import), and the platform's bulk load of a complex (units with
// their residents in one file, spec 000 §2.2 conjuntos/cargardatos). Residents are created by residents.ts's
// createResident, the single create's own function (uniqueness, user limit, unit link, audit, invitation e-mail);
// the checks below only read the database in bulk so that a preview of 10,000 rows answers every row's errors at once.
// The confirm writes the rows in chunks (writeRows: multi-row SQL, createResidents) with the same effects; a chunk
// refused is written again row by row through the single create (writeRow), which names the row.
import {
  ApiError,
  type HostServices,
  type ImportCheck,
  type ImportContext,
  type ImportDeclaration,
  type ImportRowError,
  type ImportSourceRow,
  MESSAGES,
  newId,
  plainText,
} from '@conjunto/core';
import type { SqlEntityManager as EntityManager } from '@mikro-orm/sql';
import type { FastifyInstance } from 'fastify';
import { normalizeEmail } from '../auth/access.ts';
import { queuePasswordLinkMails } from '../auth/password-links.ts';
import {
  type CleanInput,
  cleanInput,
  createResident,
  createResidents,
  type NewResident,
  RESIDENT_MESSAGES,
  type ResidentWrite,
} from './residents.ts';
import { UNIT_MESSAGES } from './routes.ts';
import { normalizeUnitNames } from './rules.ts';
import { ensureAllCatalogued } from './units.ts';

const ADMIN = ['administrador', 'superAdministrador'] as const;
export const IMPORT_DIRECTORY_MESSAGES = {
  aliquot: 'Alícuota: debe ser un número entre 0 y 100 con máximo 4 decimales.',
  relation: 'Relación: use Propietario o Inquilino.',
  maxLength: (header: string, n: number) => `${header}: ${MESSAGES.maxLength(n)}`,
} as const;

type Relation = 'owner' | 'tenant';

interface UnitRow {
  number: string;
  numberSort: string;
  aliquot: string;
  type: string | null;
  subComplex: string | null;
}
interface ResidentRow {
  input: CleanInput;
  /** The unit by its number (resolved to its id when written: it may be created by an earlier row). */
  unitNumber: string | null;
}
interface BulkRow {
  unit: UnitRow;
  resident: ResidentRow | null;
}

/** Collects each row's messages. */
class Errors {
  readonly byRow = new Map<number, string[]>();
  add(fila: number, message: string) {
    const list = this.byRow.get(fila) ?? [];
    if (!list.includes(message)) list.push(message);
    this.byRow.set(fila, list);
  }
  has(fila: number) {
    return this.byRow.has(fila);
  }
  list(): ImportRowError[] {
    return [...this.byRow.entries()].map(([fila, errores]) => ({ fila, errores }));
  }
}

// ------------------------------------------------------------------ units
const UNIT_COLUMNS = [
  { key: 'number', header: 'Número', required: true, example: 'Casa 1' },
  { key: 'aliquot', header: 'Alícuota', example: '1.25' },
  { key: 'type', header: 'Tipo', example: 'CASA' },
  { key: 'subComplex', header: 'Subconjunto', example: 'ETAPA 1' },
] as const;

/** The unit's fields of a row, as the single create stores them (rules.ts normalizeUnitNames). */
function unitOf(values: Record<string, string | null>, fila: number, errors: Errors, numberKey = 'number'): UnitRow {
  // Every key given: the defaults below only satisfy the optional fields of the answer's type.
  const {
    number = '',
    numberSort = '',
    type = null,
    subComplex = null,
  } = normalizeUnitNames({
    number: values[numberKey] ?? '',
    type: values.type ?? null,
    subComplex: values.subComplex ?? null,
  });
  if (number.length > 30) errors.add(fila, IMPORT_DIRECTORY_MESSAGES.maxLength('Número', 30));
  const raw = values.aliquot?.replace(',', '.').replace(/%$/, '').trim() ?? '';
  let aliquot = '0.0000';
  if (raw) {
    const n = Number(raw);
    if (!/^\d+(\.\d{1,4})?$/.test(raw) || !Number.isFinite(n) || n > 100) errors.add(fila, IMPORT_DIRECTORY_MESSAGES.aliquot);
    else aliquot = n.toFixed(4);
  }
  for (const [v, header] of [
    [type, 'Tipo'],
    [subComplex, 'Subconjunto'],
  ] as const)
    if (v && v.length > 50) errors.add(fila, IMPORT_DIRECTORY_MESSAGES.maxLength(header, 50));
  return { number, numberSort, aliquot, type, subComplex };
}

/** The complex's units by their number (case-insensitive, as units_complex_number_unique). */
async function unitsByNumber(em: EntityManager, complexId: string) {
  const rows = await em.execute('select id, number, owner_id, tenant_id from units where complex_id = ?', [complexId]);
  return new Map(
    rows.map((u) => [
      String(u.number).toLowerCase(),
      { id: u.id as string, ownerId: u.owner_id as string | null, tenantId: u.tenant_id as string | null },
    ]),
  );
}

/** The ids of the complex's units named in `numbers` (case-insensitive), by lower-case number: one query. */
async function unitIds(em: EntityManager, complexId: string, numbers: readonly string[]): Promise<Map<string, string>> {
  const keys = [...new Set(numbers.map((n) => n.toLowerCase()))];
  if (!keys.length) return new Map();
  const rows = await em.execute('select id, lower(number) as key from units where complex_id = ? and lower(number) in (?)', [
    complexId,
    keys,
  ]);
  return new Map(rows.map((u) => [u.key as string, u.id as string]));
}

/**
 * The units of valid rows in one insert, as the unit form stores them: their types and sub-complexes join the
 * catalogues, an audit entry each. Answers their ids in order.
 */
async function writeUnits(ctx: ImportContext, units: readonly UnitRow[]): Promise<string[]> {
  if (!units.length) return [];
  const em = ctx.em as EntityManager;
  const ids = units.map(() => newId());
  const createdAt = new Date();
  await em.execute(
    `insert into units (id, complex_id, number, number_sort, aliquot, type, sub_complex, created_at)
     values ${units.map(() => '(?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}`,
    units.flatMap((u, i) => [ids[i], ctx.complexId, u.number, u.numberSort, u.aliquot, u.type, u.subComplex, createdAt]),
  );
  await ensureAllCatalogued(em, ctx.complexId, units);
  for (const [i, unit] of units.entries())
    ctx.audit({
      resource: 'units',
      recordId: ids[i],
      action: 'create',
      changes: { number: unit.number, aliquot: Number(unit.aliquot), type: unit.type, subComplex: unit.subComplex },
      description: unit.number,
    });
  return ids;
}

export const unitImport: ImportDeclaration<UnitRow> = {
  resource: 'units',
  roles: ADMIN,
  name: 'Unidades',
  columns: UNIT_COLUMNS,
  async check(rows, ctx) {
    const errors = new Errors();
    const known = await unitsByNumber(ctx.em, ctx.complexId);
    const seen = new Set<string>();
    const out: ImportCheck<UnitRow>['rows'] = [];
    for (const { fila, values } of rows) {
      const unit = unitOf(values, fila, errors);
      const key = unit.number.toLowerCase();
      if (known.has(key) || seen.has(key)) errors.add(fila, UNIT_MESSAGES.duplicate);
      seen.add(key);
      if (!errors.has(fila)) out.push({ fila, row: unit });
    }
    return { rows: out, errores: errors.list() };
  },
  async writeRow(unit, ctx) {
    await writeUnits(ctx, [unit]);
  },
  async writeRows(units, ctx) {
    await writeUnits(ctx, units);
  },
};

// ------------------------------------------------------------------ residents
const RESIDENT_COLUMNS = [
  { key: 'firstName', header: 'Nombre', required: true, example: 'Juan' },
  { key: 'lastName', header: 'Apellido', required: true, example: 'Pérez' },
  { key: 'email', header: 'Correo', required: true, example: 'juan.perez@ejemplo.com' },
  { key: 'phone', header: 'Teléfono', example: '0991234567' },
  { key: 'idNumber', header: 'Cédula', example: '1712345678' },
  { key: 'unit', header: 'Unidad', example: 'Casa 1' },
  { key: 'relation', header: 'Relación', example: 'Propietario' },
] as const;

const RELATIONS: Record<string, Relation> = {
  propietario: 'owner',
  p: 'owner',
  owner: 'owner',
  inquilino: 'tenant',
  i: 'tenant',
  tenant: 'tenant',
  arrendatario: 'tenant',
};

/**
 * Each resident row's own fields through the single create's cleanInput, then what the database and the other rows
 * of the file already hold: e-mail and C.I. (users are unique over the platform), the unit's owner or tenant, and the
 * complex's user limit (LimiteConfianza) counting the file's new residents in order.
 */
async function checkResidents(
  ctx: ImportContext,
  rows: { fila: number; values: Record<string, string | null>; unitNumber: string | null; newUnits?: Set<string> }[],
  errors: Errors,
  defaultRelation: Relation | null,
): Promise<Map<number, ResidentRow>> {
  const em = ctx.em as EntityManager;
  const units = await unitsByNumber(em, ctx.complexId);
  const parsed = new Map<number, ResidentRow>();
  for (const { fila, values, unitNumber, newUnits } of rows) {
    const relationText = values.relation ? plainText(values.relation) : '';
    const relation = relationText ? RELATIONS[relationText] : unitNumber ? defaultRelation : null;
    if (relationText && !relation) errors.add(fila, IMPORT_DIRECTORY_MESSAGES.relation);
    const known = unitNumber ? units.get(unitNumber.toLowerCase()) : undefined;
    if (unitNumber && !known && !newUnits?.has(unitNumber.toLowerCase())) errors.add(fila, RESIDENT_MESSAGES.unitMissing);
    if (unitNumber && !relation && !relationText) errors.add(fila, `Relación: ${RESIDENT_MESSAGES.required}`);
    const body: Partial<ResidentWrite> = {
      firstName: values.firstName ?? '',
      lastName: values.lastName ?? '',
      email: values.email ?? '',
      phone: values.phone,
      idNumber: values.idNumber,
    };
    try {
      const input = cleanInput(body, true);
      for (const [field, max] of [
        ['firstName', 100],
        ['lastName', 100],
        ['email', 100],
        ['phone', 20],
        ['idNumber', 20],
      ] as const) {
        const v = input.fields[field];
        if (typeof v === 'string' && v.length > max)
          errors.add(fila, IMPORT_DIRECTORY_MESSAGES.maxLength(RESIDENT_COLUMNS.find((c) => c.key === field)!.header, max));
      }
      if (relation) input.relation = relation;
      parsed.set(fila, { input, unitNumber });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      for (const message of Object.values(error.errors ?? { _: error.message })) errors.add(fila, message);
    }
  }
  // What the database holds, read once for the whole file.
  const emails = [...new Set([...parsed.values()].map((r) => r.input.fields.email!).filter(Boolean))];
  const ids = [...new Set([...parsed.values()].map((r) => r.input.fields.idNumber).filter((v): v is string => Boolean(v)))];
  const takenEmails = new Set(
    emails.length ? (await em.execute('select email from users where email in (?)', [emails])).map((r) => String(r.email)) : [],
  );
  const takenIds = new Set(
    ids.length
      ? (await em.execute('select id_number from users where id_number in (?)', [ids])).map((r) => String(r.id_number))
      : [],
  );
  const [limit] = await em.execute(
    `select c.trust_limit, (select count(*)::int from users u where u.residence_complex_id = c.id and u.is_active
        and u.roles @> '["residente"]'::jsonb) as active from complexes c where c.id = ?`,
    [ctx.complexId],
  );
  let places =
    limit?.trust_limit === null || limit?.trust_limit === undefined ? Infinity : Number(limit.trust_limit) - Number(limit.active);
  const fileEmails = new Set<string>();
  const fileIds = new Set<string>();
  const holders = new Map<string, number>();
  for (const [fila, { input, unitNumber }] of parsed) {
    const { email, idNumber } = input.fields;
    if (email && (takenEmails.has(normalizeEmail(email)) || fileEmails.has(email)))
      errors.add(fila, RESIDENT_MESSAGES.emailTaken);
    if (email) fileEmails.add(email);
    if (idNumber && (takenIds.has(idNumber) || fileIds.has(idNumber))) errors.add(fila, RESIDENT_MESSAGES.idNumberTaken);
    if (idNumber) fileIds.add(idNumber);
    if (unitNumber && input.relation) {
      const unit = units.get(unitNumber.toLowerCase());
      const slot = `${unitNumber.toLowerCase()}:${input.relation}`;
      const held = input.relation === 'owner' ? unit?.ownerId : unit?.tenantId;
      if (held || holders.has(slot))
        errors.add(fila, input.relation === 'owner' ? RESIDENT_MESSAGES.unitHasOwner : RESIDENT_MESSAGES.unitHasTenant);
      holders.set(slot, fila);
    }
    if (!errors.has(fila)) {
      if (places <= 0) errors.add(fila, RESIDENT_MESSAGES.userLimit);
      else places--;
    }
  }
  return parsed;
}

/** The invitations of new residents, queued in the import's transaction. */
const invite = (ctx: ImportContext, origin: string) => (userIds: string[]) =>
  queuePasswordLinkMails(ctx.em as EntityManager, {
    mail: { queueMany: (_tx, _actor, messages) => ctx.queueMails(messages) },
    userIds,
    purpose: 'invite',
    complexId: ctx.complexId,
    origin,
    actor: { userId: ctx.userId, userName: ctx.userName },
  });

/** The resident of a valid row, through the single create (its unit looked up by number in the import's transaction). */
async function writeResident(ctx: ImportContext, resident: ResidentRow, origin: string, unitId?: string) {
  const em = ctx.em as EntityManager;
  const input: CleanInput = { ...resident.input, fields: { ...resident.input.fields } };
  if (resident.unitNumber) {
    const id = unitId ?? (await unitIds(em, ctx.complexId, [resident.unitNumber])).get(resident.unitNumber.toLowerCase());
    if (!id) throw new ApiError(400, 'UNIT_NOT_FOUND', RESIDENT_MESSAGES.unitMissing);
    input.unitId = id;
  } else {
    input.unitId = null;
    input.relation = null;
  }
  const inviteAll = invite(ctx, origin);
  await createResident(em, ctx.complexId, input, {
    audit: (entry) => ctx.audit(entry),
    invite: (userId) => inviteAll([userId]),
  });
}

/** The residents of a chunk's valid rows at once (createResidents), their units looked up by number in one query. */
async function writeResidents(ctx: ImportContext, rows: readonly { resident: ResidentRow; unitId?: string }[], origin: string) {
  const em = ctx.em as EntityManager;
  const found = await unitIds(
    em,
    ctx.complexId,
    rows.flatMap((r) => (r.resident.unitNumber && !r.unitId ? [r.resident.unitNumber] : [])),
  );
  const residents = rows.map(({ resident, unitId }): NewResident => {
    if (!resident.unitNumber) return { input: resident.input, unitId: null, relation: null };
    const id = unitId ?? found.get(resident.unitNumber.toLowerCase());
    if (!id) throw new ApiError(400, 'UNIT_NOT_FOUND', RESIDENT_MESSAGES.unitMissing);
    if (!resident.input.relation) throw new ApiError(400, 'VALIDATION', RESIDENT_MESSAGES.required);
    return { input: resident.input, unitId: id, relation: resident.input.relation };
  });
  await createResidents(em, ctx.complexId, residents, { audit: (entry) => ctx.audit(entry), invite: invite(ctx, origin) });
}

export function residentImport(origin: string): ImportDeclaration<ResidentRow> {
  return {
    resource: 'residents',
    roles: ADMIN,
    name: 'Residentes',
    columns: RESIDENT_COLUMNS,
    async check(rows: readonly ImportSourceRow[], ctx) {
      const errors = new Errors();
      const parsed = await checkResidents(
        ctx,
        rows.map((r) => ({ fila: r.fila, values: r.values, unitNumber: r.values.unit?.trim() || null })),
        errors,
        null,
      );
      const out = rows
        .filter((r) => !errors.has(r.fila) && parsed.has(r.fila))
        .map((r) => ({ fila: r.fila, row: parsed.get(r.fila)! }));
      return { rows: out, errores: errors.list() };
    },
    writeRow: (row, ctx) => writeResident(ctx, row, origin),
    writeRows: (rows, ctx) =>
      writeResidents(
        ctx,
        rows.map((resident) => ({ resident })),
        origin,
      ),
  };
}

// ------------------------------------------------------------------ the platform's bulk load (cargardatos)
const BULK_COLUMNS = [
  { key: 'unit', header: 'Unidad', required: true, example: 'Casa 1' },
  { key: 'aliquot', header: 'Alícuota', example: '1.25' },
  { key: 'type', header: 'Tipo', example: 'CASA' },
  { key: 'subComplex', header: 'Subconjunto', example: 'ETAPA 1' },
  { key: 'firstName', header: 'Nombre', example: 'Juan' },
  { key: 'lastName', header: 'Apellido', example: 'Pérez' },
  { key: 'email', header: 'Correo', example: 'juan.perez@ejemplo.com' },
  { key: 'phone', header: 'Teléfono', example: '0991234567' },
  { key: 'idNumber', header: 'Cédula', example: '1712345678' },
  { key: 'relation', header: 'Relación', example: 'Propietario' },
] as const;

const hasResident = (values: Record<string, string | null>) =>
  ['firstName', 'lastName', 'email', 'phone', 'idNumber'].some((k) => values[k]);

/**
 * One row per unit and resident: a unit named on several rows (its owner, its tenant) is created once, from its first
 * row; a unit the complex already has is kept and its residents linked to it. A row without a person loads the unit
 * only. A person's relation defaults to owner.
 */
export function bulkImport(origin: string): ImportDeclaration<BulkRow> {
  return {
    resource: 'bulk-load',
    roles: ['superAdministrador'],
    name: 'Carga de datos',
    columns: BULK_COLUMNS,
    async check(rows, ctx) {
      const errors = new Errors();
      const known = await unitsByNumber(ctx.em, ctx.complexId);
      const newUnits = new Set<string>();
      const units = new Map<number, UnitRow>();
      for (const { fila, values } of rows) {
        const unit = unitOf(values, fila, errors, 'unit');
        units.set(fila, unit);
        if (!known.has(unit.number.toLowerCase())) newUnits.add(unit.number.toLowerCase());
      }
      const people = rows.filter((r) => hasResident(r.values));
      const parsed = await checkResidents(
        ctx,
        people.map((r) => ({ fila: r.fila, values: r.values, unitNumber: units.get(r.fila)!.number, newUnits })),
        errors,
        'owner',
      );
      const out: ImportCheck<BulkRow>['rows'] = [];
      for (const { fila } of rows)
        if (!errors.has(fila)) out.push({ fila, row: { unit: units.get(fila)!, resident: parsed.get(fila) ?? null } });
      return { rows: out, errores: errors.list() };
    },
    async writeRow(row, ctx) {
      const existing = (await unitIds(ctx.em, ctx.complexId, [row.unit.number])).get(row.unit.number.toLowerCase());
      const unitId = existing ?? (await writeUnits(ctx, [row.unit]))[0];
      if (row.resident) await writeResident(ctx, row.resident, origin, unitId);
    },
    async writeRows(rows, ctx) {
      // Each new unit from its first row, then every row's resident linked to its unit.
      const units = await unitIds(
        ctx.em,
        ctx.complexId,
        rows.map((r) => r.unit.number),
      );
      const fresh = new Map<string, UnitRow>();
      for (const { unit } of rows) {
        const key = unit.number.toLowerCase();
        if (!units.has(key) && !fresh.has(key)) fresh.set(key, unit);
      }
      const ids = await writeUnits(ctx, [...fresh.values()]);
      for (const [i, key] of [...fresh.keys()].entries()) units.set(key, ids[i]);
      const people = rows.flatMap((r) =>
        r.resident ? [{ resident: r.resident, unitId: units.get(r.unit.number.toLowerCase()) }] : [],
      );
      await writeResidents(ctx, people, origin);
    },
  };
}

/** Registers the administrator's imports of units and residents (directory routes). */
export function directoryImports(app: FastifyInstance, host: HostServices) {
  host.importRoute(app, unitImport);
  host.importRoute(app, residentImport(app.publicUrl));
}
