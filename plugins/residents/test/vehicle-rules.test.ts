// The pure rules of plates and tags: the import's row checks (spec 002 §5) one by one, and the messages (Spanish
// and English with the same keys, no empty Spanish text).
import { messageLeaves } from '@conjunto/core';
import { describe, expect, it } from 'vitest';
import en from '../messages/en.ts';
import es from '../messages/es.ts';
import { type VehicleRowContext, validatePlateRow, validateTagRow, validateVehicleRows } from '../server/vehicle-rows.ts';

const unit = { id: 'u1', number: 'Casa 12' };
const ctx: VehicleRowContext = {
  units: new Map([['casa 12', unit]]),
  residents: [
    { id: 'r1', name: 'Ana Pérez', email: 'ana@x.ec', unitId: 'u1' },
    { id: 'r2', name: 'Luis Mora', email: 'luis@x.ec', unitId: 'u2' },
  ],
  existing: new Set(['PAA1111', '00000001']),
  earlier: new Map([['PBB2222', 4]]),
};
const errorsOf = (result: ReturnType<typeof validatePlateRow>) => (result.ok ? [] : result.errores);

describe('validatePlateRow / validateTagRow', () => {
  it('accepts a valid row, normalising case, dashes, accents of the unit and the resident by e-mail or name', () => {
    expect(
      validatePlateRow({ fila: 2, value: 'pcc-333', status: 'activa', unit: 'CASA 12', resident: 'ANA PEREZ' }, ctx),
    ).toEqual({
      ok: true,
      row: {
        fila: 2,
        value: 'PCC333',
        status: 'active',
        unitId: 'u1',
        unitNumber: 'Casa 12',
        residentId: 'r1',
        residentName: 'Ana Pérez',
        blockReason: null,
      },
    });
    const tag = validateTagRow({ fila: 3, value: 1234567, unit: 'casa 12', resident: 'ana@x.ec' }, ctx);
    expect(tag.ok && tag.row.value).toBe('01234567');
  });

  it('reports each error kind of spec 002 §5', () => {
    expect(errorsOf(validatePlateRow({ fila: 2, value: 'AB12', unit: 'Casa 12' }, ctx))[0]).toMatch(/formato incorrecto/);
    expect(errorsOf(validatePlateRow({ fila: 2, value: 'PCC333', status: 'Robado', unit: 'Casa 12' }, ctx))[0]).toMatch(
      /estado incorrecto/,
    );
    expect(errorsOf(validatePlateRow({ fila: 2, value: 'PCC333', unit: 'Casa 99' }, ctx))[0]).toMatch(/no existe/);
    expect(errorsOf(validatePlateRow({ fila: 2, value: 'paa1111', unit: 'Casa 12' }, ctx))).toEqual([
      'Ya existe una placa con ese valor.',
    ]);
    expect(errorsOf(validatePlateRow({ fila: 5, value: 'PBB2222', unit: 'Casa 12' }, ctx))[0]).toMatch(/fila 4/);
    // A resident of another unit is not the destination's.
    expect(errorsOf(validatePlateRow({ fila: 2, value: 'PCC333', unit: 'Casa 12', resident: 'luis@x.ec' }, ctx))[0]).toMatch(
      /no es residente/,
    );
    expect(errorsOf(validateTagRow({ fila: 2, value: '00000001', unit: 'Casa 12' }, ctx))).toEqual([
      'Ya existe un tag con ese valor.',
    ]);
    // Blocked needs its observation.
    expect(errorsOf(validatePlateRow({ fila: 2, value: 'PCC333', status: 'Bloqueado', unit: 'Casa 12' }, ctx))[0]).toMatch(
      /motivo del bloqueo/,
    );
  });

  it('checks a file with the values of its earlier valid rows', () => {
    const { rows, rowErrors } = validateVehicleRows(
      'tags',
      [
        { fila: 2, value: '12345678', unit: 'Casa 12' },
        { fila: 3, value: '12345678', unit: 'Casa 12' },
        { fila: 4, value: 'x', unit: 'Casa 12' },
      ],
      ctx,
    );
    expect(rows.map((r) => r.fila)).toEqual([2]);
    expect(rowErrors.map((e) => e.fila)).toEqual([3, 4]);
  });
});

describe('plates and tags messages', () => {
  it('has the same keys in Spanish and English, and no empty Spanish text', () => {
    const esLeaves = messageLeaves(es);
    const enLeaves = messageLeaves(en);
    expect([...enLeaves.keys()].sort()).toEqual([...esLeaves.keys()].sort());
    expect([...esLeaves].filter(([, v]) => typeof v !== 'string' || !v.trim()).map(([k]) => k)).toEqual([]);
    expect(esLeaves.get('residents.plates.create')).toBe('Nueva placa');
    expect(esLeaves.get('residents.tags.create')).toBe('Nuevo tag');
    expect(esLeaves.get('resources.placas.fields.blockReason')).toBe('Observación de bloqueo');
  });
});
