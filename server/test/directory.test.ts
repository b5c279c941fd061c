// Housing units, the complex's own settings, roles and the audit log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listQuery, startTestServer, type TestServer } from './harness.ts';

let t: TestServer;
let base: string;
let admin: { authorization: string };
beforeAll(async () => {
  t = await startTestServer();
  base = `/api/complexes/${await t.complexId('colina')}`;
  admin = await t.login('admin2@demo.test');
});
afterAll(() => t?.close());

describe('housing units', () => {
  it('creates, edits and deletes a unit, upper-casing type and sub-complex, and audits each write', async () => {
    const [resident] = await t.sql<{ id: string }>('select id from users where residence_complex_id = ? limit 1', [
      await t.complexId('colina'),
    ]);
    const created = await t.app.inject({
      method: 'POST',
      url: `${base}/units`,
      headers: admin,
      payload: { number: ' Villa 100 ', aliquot: 1.25, type: 'casa esquinera', subComplex: 'etapa 3', ownerId: resident.id },
    });
    expect(created.statusCode).toBe(201);
    const unit = created.json();
    expect(unit).toMatchObject({
      number: 'Villa 100',
      aliquot: 1.25,
      type: 'CASA ESQUINERA',
      subComplex: 'ETAPA 3',
      ownerId: resident.id,
      isActive: true,
    });

    const edited = await t.app.inject({
      method: 'PUT',
      url: `${base}/units/${unit.id}`,
      headers: admin,
      payload: { ...unit, aliquot: 2, isActive: false },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ aliquot: 2, isActive: false, number: 'Villa 100' });

    const deleted = await t.app.inject({ method: 'DELETE', url: `${base}/units/${unit.id}`, headers: admin });
    expect(deleted.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `${base}/units/${unit.id}`, headers: admin })).statusCode).toBe(404);

    const logs = await t.app.inject({
      method: 'GET',
      url: `${base}/audit-logs${listQuery({ filter: { recordId: unit.id }, sort: ['at', 'ASC'] })}`,
      headers: admin,
    });
    const entries = logs.json();
    expect(entries.map((e: { action: string }) => e.action)).toEqual(['create', 'update', 'delete']);
    expect(entries[0]).toMatchObject({ resource: 'units', userName: 'Álvaro Colina' });
    expect(entries[1].changes).toEqual({ aliquot: [1.25, 2], isActive: [true, false] });
  });

  it("refuses a duplicate number with '¡Esta U.H. ya existe!' (case-insensitive) and a resident of another complex", async () => {
    const dup = await t.app.inject({ method: 'POST', url: `${base}/units`, headers: admin, payload: { number: 'villa 1' } });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ message: '¡Esta U.H. ya existe!', errors: { number: '¡Esta U.H. ya existe!' } });
    const [stranger] = await t.sql<{ id: string }>('select id from users where residence_complex_id = ? limit 1', [
      await t.complexId('alamos'),
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: `${base}/units`,
      headers: admin,
      payload: { number: 'Villa 200', tenantId: stranger.id },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ tenantId: 'El residente no existe en este conjunto.' });
  });

  it('validates input with Spanish messages and changes nothing', async () => {
    const before = await t.sql('select count(*)::int as n from units');
    const res = await t.app.inject({
      method: 'POST',
      url: `${base}/units`,
      headers: admin,
      payload: { number: 'x'.repeat(31), aliquot: 150 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Datos inválidos.',
      code: 'VALIDATION',
      errors: { number: 'Límite max. 30 caracter(es).', aliquot: 'Debe ser menor o igual a 100.' },
    });
    expect((await t.app.inject({ method: 'POST', url: `${base}/units`, headers: admin, payload: {} })).json().errors).toEqual({
      number: '¡Este campo es requerido!',
    });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `${base}/units`,
          headers: { ...admin, 'content-type': 'application/json' },
          payload: '{bad json',
        })
      ).statusCode,
    ).toBe(400);
    expect(await t.sql('select count(*)::int as n from units')).toEqual(before);
  });

  it('lets the board read units but not write them (403)', async () => {
    const alamos = `/api/complexes/${await t.complexId('alamos')}`;
    const board = await t.login('directiva@demo.test');
    expect((await t.app.inject({ method: 'GET', url: `${alamos}/units`, headers: board })).statusCode).toBe(200);
    const res = await t.app.inject({ method: 'POST', url: `${alamos}/units`, headers: board, payload: { number: 'Casa 99' } });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('¡No tienes permisos para acceder!');
    expect((await t.app.inject({ method: 'GET', url: `${alamos}/audit-logs`, headers: board })).statusCode).toBe(403);
  });
});

describe('the complex (Editar Conjunto)', () => {
  it('edits its own data and validates the theme colour (3 or 6 digit hex)', async () => {
    for (const color of ['#abc', '#A1B2C3']) {
      const res = await t.app.inject({
        method: 'PUT',
        url: base,
        headers: admin,
        payload: { themeColor: color, contactPhone: '099' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ themeColor: color, contactPhone: '099', name: 'Conjunto La Colina' });
    }
    for (const color of ['#abcd', 'red', '#ggg']) {
      const res = await t.app.inject({ method: 'PUT', url: base, headers: admin, payload: { themeColor: color } });
      expect(res.statusCode, color).toBe(400);
      expect(res.json().message).toBe('invalid hex color format');
    }
  });
});
