// The gate's rules as plain functions: the spec's validity per visit type, the visit-time options, the bell's
// badge and how cédulas and plates are compared.
import { describe, expect, it } from 'vitest';
import { bellBadge, expectedExit, normaliseIdNumber, normalisePlate, noticeOf, VISIT_TYPES, validUntil } from '../gate.ts';

const at = new Date('2026-11-27T15:00:00Z');
const after = (d: Date | null) => (d ? (d.getTime() - at.getTime()) / 60_000 : null);

describe('gate rules', () => {
  it('gives each visit type the validity of spec 002 §3', () => {
    expect(VISIT_TYPES.map((t) => [t.name, after(validUntil(t.name, at))])).toEqual([
      ['Visita', null],
      ['Empleado', 60],
      ['Servicio de entregas', 120],
      ['Servicio de taxi', 15],
      ['Residente', null],
      ['Servicio de emergencia', 120],
      ['Proveedor', 60],
      ['Paciente', null],
      ['Otro', null],
    ]);
    expect(validUntil('Turista', at)).toBeNull();
  });

  it("reads the visit-time options (0.08 is the 5-minute one, 'Indefinido' is 'Sin Tiempo')", () => {
    expect(['0.08', '0.25', '0.5', '1', '2', 'Indefinido', null].map((v) => after(expectedExit(v, at)))).toEqual([
      5,
      15,
      30,
      60,
      120,
      null,
      null,
    ]);
  });

  it("shows the bell's count below 10, else '+9'", () => {
    expect([0, 1, 9, 10, 250].map(bellBadge)).toEqual(['', '1', '9', '+9', '+9']);
  });

  it('compares cédulas trimmed and plates without dashes, in upper case; the black list warns', () => {
    expect(normaliseIdNumber('  0912 345 678 ')).toBe('0912345678');
    expect(normaliseIdNumber(' ab123456 ')).toBe('AB123456');
    expect(normalisePlate('pbx-1234')).toBe('PBX1234');
    expect(normalisePlate('gsz 777')).toBe('GSZ777');
    expect([noticeOf('negra'), noticeOf('blanca'), noticeOf(null)]).toEqual(['warning', 'success', 'other']);
  });
});
