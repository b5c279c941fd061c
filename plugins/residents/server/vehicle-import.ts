// Bulk import of plates or tags (spec 002 §2.5 screens 11-12, §5) through the host's one import mechanism
// (host.importRoute: template, preview with each row's errors, all-or-nothing confirm, .xlsx or .csv). The rows are
// checked by the pure rules of vehicle-rows.ts against the complex's units, residents and stored values, read once
// for the whole file; each valid row is written as the single create stores it, with its audit entry.
import { ApiError, type ImportDeclaration, newId, onUniqueViolation, plainText } from '@conjunto/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { STATUS_LABELS, VEHICLE_LIMITS, VEHICLE_MESSAGES, type VehicleKind } from '../vehicles.ts';
import { type RowResident, type RowUnit, type VehicleRowValue, validateVehicleRows } from './vehicle-rows.ts';

export const duplicateOf = (kind: VehicleKind) => () =>
  new ApiError(409, 'DUPLICATE', VEHICLE_MESSAGES[kind].duplicate, { value: VEHICLE_MESSAGES[kind].duplicate });

/** A tag typed in Excel as a number lost its leading zeros ('1234567'): handed to the rules as the number it was. */
const tagCell = (value: string | null) => (value && /^\d{1,7}$/.test(value) ? Number(value) : value);

export function vehicleImport(kind: VehicleKind): ImportDeclaration<VehicleRowValue> {
  const plates = kind === 'plates';
  return {
    resource: kind,
    name: plates ? 'Placas' : 'Tags',
    maxRows: VEHICLE_LIMITS.importRows,
    columns: [
      { key: 'value', header: VEHICLE_MESSAGES[kind].column, required: true, example: plates ? 'ABC1234' : '01234567' },
      { key: 'status', header: 'Estado', example: STATUS_LABELS.active },
      { key: 'unit', header: 'Destino', required: true, example: '101' },
      { key: 'resident', header: 'Residente', example: '' },
      { key: 'observation', header: 'Observación', example: '' },
    ],
    async check(rows, ctx) {
      const em = ctx.em as SqlEntityManager;
      const [units, residents, stored] = await Promise.all([
        em.execute('select id, number from directory_units where complex_id = ?', [ctx.complexId]),
        em.execute('select id, name, email, unit_id from directory_people where residence_complex_id = ? and is_resident', [
          ctx.complexId,
        ]),
        em.execute(`select value from ${kind} where complex_id = ?`, [ctx.complexId]),
      ]);
      const { rows: valid, rowErrors } = validateVehicleRows(
        kind,
        rows.map(({ fila, values }) => ({
          fila,
          value: plates ? values.value : tagCell(values.value),
          status: values.status,
          unit: values.unit,
          resident: values.resident,
          observation: values.observation,
        })),
        {
          units: new Map(units.map((u) => [plainText(u.number as string), { id: u.id, number: u.number } as RowUnit])),
          residents: residents.map(
            (r) => ({ id: r.id, name: r.name ?? '', email: r.email ?? '', unitId: r.unit_id ?? null }) as RowResident,
          ),
          existing: new Set(stored.map((r) => r.value as string)),
        },
      );
      return { rows: valid.map((row) => ({ fila: row.fila, row })), errores: rowErrors };
    },
    async writeRow(r, ctx) {
      const em = ctx.em as SqlEntityManager;
      const id = newId();
      // A value another request took since the check: the unique index refuses it and the whole file rolls back.
      await em
        .execute(
          `insert into ${kind} (id, complex_id, value, status, unit_id, resident_id, block_reason, blocked_at)
             values (?, ?, ?, ?, ?, ?, ?, ${r.status === 'blocked' ? 'now()' : 'null'})`,
          [id, ctx.complexId, r.value, r.status, r.unitId, r.residentId, r.blockReason],
        )
        .catch(onUniqueViolation(`${kind}_complex_value_unique`, duplicateOf(kind)));
      ctx.audit({
        resource: kind,
        recordId: id,
        action: 'create',
        changes: { value: r.value, status: r.status, unitId: r.unitId, residentId: r.residentId, blockReason: r.blockReason },
        description: r.value,
      });
    },
  };
}
