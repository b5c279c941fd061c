// The ra-data-simple-rest list protocol, through the units resource.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listQuery, startTestServer, type TestServer } from './harness.ts';

let t: TestServer;
let base: string;
let headers: { authorization: string };
beforeAll(async () => {
  t = await startTestServer();
  base = `/api/complexes/${await t.complexId('alamos')}/units`;
  headers = await t.login('admin@demo.test');
});
afterAll(() => t?.close());

const get = (query: string) => t.app.inject({ method: 'GET', url: base + query, headers });

describe('list protocol', () => {
  it('sorts unit numbers in natural order and pages with Content-Range', async () => {
    const res = await get(listQuery({ sort: ['number', 'ASC'], range: [0, 11] }));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-range']).toBe('units 0-11/36');
    expect(res.json().map((u: { number: string }) => u.number)).toEqual(Array.from({ length: 12 }, (_, i) => `Casa ${i + 1}`));
    const desc = await get(listQuery({ sort: ['number', 'DESC'], range: [0, 2] }));
    expect(desc.json().map((u: { number: string }) => u.number)).toEqual(['Casa 36', 'Casa 35', 'Casa 34']);
    const last = await get(listQuery({ sort: ['number', 'ASC'], range: [30, 39] }));
    expect(last.headers['content-range']).toBe('units 30-35/36');
    const past = await get(listQuery({ range: [100, 109] }));
    expect(past.json()).toEqual([]);
    expect(past.headers['content-range']).toBe('units */36');
  });

  it('filters by exact fields, by q over searchable fields and by id arrays', async () => {
    const dept = await get(listQuery({ filter: { type: 'DEPARTAMENTO' } }));
    expect(dept.json().length).toBe(6);
    expect(dept.json().every((u: { type: string }) => u.type === 'DEPARTAMENTO')).toBe(true);
    // Every word must match, in any searchable field, case-insensitively.
    const q = await get(listQuery({ filter: { q: 'CASA 3' }, sort: ['number', 'ASC'] }));
    expect(q.json().map((u: { number: string }) => u.number)).toEqual([
      'Casa 3',
      'Casa 13',
      'Casa 23',
      'Casa 30',
      'Casa 31',
      'Casa 32',
      'Casa 33',
      'Casa 34',
      'Casa 35',
      'Casa 36',
    ]);
    const etapa = await get(listQuery({ filter: { q: 'departamento etapa 2', subComplex: 'ETAPA 2' } }));
    expect(
      etapa
        .json()
        .map((u: { number: string }) => u.number)
        .sort(),
    ).toEqual(['Casa 24', 'Casa 30', 'Casa 36']);
    const literal = await get(listQuery({ filter: { q: '%' } }));
    expect(literal.json()).toEqual([]);
    const two = (await get(listQuery({ range: [0, 1] }))).json().map((u: { id: string }) => u.id);
    const many = await get(listQuery({ filter: { id: [...two, 'not-a-uuid'] } }));
    expect(
      many
        .json()
        .map((u: { id: string }) => u.id)
        .sort(),
    ).toEqual([...two].sort());
  });

  it('caps the page size', async () => {
    const res = await get(listQuery({ range: [0, 100_000] }));
    expect(res.statusCode).toBe(200);
    expect(res.json().length).toBe(36);
  });

  it('answers 400 with a clear error, never a 500, for bad input', async () => {
    for (const query of [
      '?sort=[nope',
      listQuery({ sort: ['passwordHash', 'ASC'] }),
      listQuery({ sort: ['number', 'SIDEWAYS'] }),
      '?range=[5,1]',
      '?range=[-1,3]',
      '?range={"a":1}',
      listQuery({ filter: { secret: 1 } }),
      listQuery({ filter: { type: { $ne: 'x' } } }),
      '?filter=[1]',
    ]) {
      const res = await get(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toBeTruthy();
      expect(res.json().code, query).toMatch(/INVALID/);
    }
    // A value of the wrong type for a column is bad input too.
    expect((await get(listQuery({ filter: { ownerId: 'abc' } }))).statusCode).toBe(400);
  });

  it('answers 404 for an id that is not a UUID', async () => {
    expect((await t.app.inject({ method: 'GET', url: `${base}/123`, headers })).statusCode).toBe(404);
  });
});
