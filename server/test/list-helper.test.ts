// The list helper beyond the protocol: estimated totals, keyset paging, exports and strict filters.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listQuery, startTestServer, type TestServer } from './harness.ts';

let t: TestServer;
let complex: string;
let headers: { authorization: string };
beforeAll(async () => {
  t = await startTestServer();
  complex = await t.complexId('alamos');
  headers = await t.login('admin@demo.test');
  // 10,050 audit entries: beyond the exact-count limit. Every tenth shares its timestamp with others (ties on the
  // sort key), the rest differ by microseconds (which a millisecond cursor would lose).
  await t.sql(
    `insert into audit_logs (id, complex_id, user_name, at, resource, record_id, action)
     select gen_random_uuid(), ?, 'Carga ' || i, timestamptz '2026-01-01' + ((i / 10) * interval '1 microsecond'),
            case when i % 2 = 0 then 'bulk' else 'other' end, i::text, 'create'
       from generate_series(1, 10050) i`,
    [complex],
  );
  await t.sql('analyze audit_logs');
});
afterAll(() => t?.close());

const get = (path: string, query: string) =>
  t.app.inject({ method: 'GET', url: `/api/complexes/${complex}/${path}${query}`, headers });

/** The SQL the app sends from now on, until restore(). */
function recordStatements(): { sent: string[]; restore(): void } {
  const connection = t.app.orm.em.getConnection();
  const execute = connection.execute;
  const sent: string[] = [];
  connection.execute = ((sql: string, ...rest: unknown[]) => {
    sent.push(String(sql));
    return (execute as (...args: unknown[]) => unknown).call(connection, sql, ...rest);
  }) as typeof execute;
  const restore = () => {
    connection.execute = execute;
  };
  return { sent, restore };
}

describe('list helper', () => {
  it('counts exactly up to 10,000 rows and answers the planner estimate above it', async () => {
    const all = await get('audit-logs', listQuery({ range: [0, 9] }));
    expect(all.statusCode).toBe(200);
    const total = Number(all.headers['content-range']?.toString().split('/')[1]);
    expect(total).toBeGreaterThan(10_000);
    expect(all.headers['x-total-estimated']).toBe('true');
    // A filtered set below the limit is counted exactly.
    const few = await get('audit-logs', listQuery({ filter: { q: 'Carga 1005' }, range: [0, 9] }));
    expect(few.headers['content-range']).toBe('audit-logs 0-1/2');
    expect(few.headers['x-total-estimated']).toBeUndefined();
  });

  it('keeps an estimated total a while (the next page sends no count), never an exact one', async () => {
    const { sent, restore } = recordStatements();
    const counts = () => sent.filter((sql) => /count\(\*\)|^explain/.test(sql));
    try {
      for (const filter of [{}, { action: 'create' }]) {
        const big = listQuery({ filter, range: [0, 9] });
        const first = await get('audit-logs', big);
        sent.length = 0;
        const again = await get('audit-logs', big);
        expect(again.headers['x-total-estimated']).toBe('true');
        expect(again.headers['content-range']).toBe(first.headers['content-range']);
        expect(counts()).toEqual([]);
      }
      const few = listQuery({ filter: { q: 'Carga 1005' }, range: [0, 9] });
      await get('audit-logs', few);
      sent.length = 0;
      expect((await get('audit-logs', few)).headers['content-range']).toBe('audit-logs 0-1/2');
      expect(counts()).toHaveLength(1);
    } finally {
      restore();
    }
  });

  it('counts with the page in one statement: plainly when the list was small, exactly once when it grew past the limit, then by estimate', async () => {
    const { sent, restore } = recordStatements();
    const count = async () => {
      sent.length = 0;
      const answer = await get('audit-logs', listQuery({ filter: { q: 'Crece' }, range: [0, 9] }));
      const counted = sent.filter((sql) => /count\(\*\)|^explain/.test(sql));
      return {
        range: answer.headers['content-range'],
        estimated: answer.headers['x-total-estimated'],
        counted,
        // The list's statements (the server's own timers may send others meanwhile).
        statements: sent.filter((sql) => sql.includes('"audit_logs"')).length,
      };
    };
    try {
      const bounded = /limit 10001/;
      expect((await count()).counted[0]).toMatch(bounded);
      const small = await count();
      expect(small.range).toBe('audit-logs */0');
      expect(small.counted).toHaveLength(1);
      expect(small.counted[0]).not.toMatch(bounded);
      expect(small.statements).toBe(1);
      await t.sql(
        `insert into audit_logs (id, complex_id, user_name, at, resource, record_id, action)
         select gen_random_uuid(), ?, 'Crece ' || i, now(), 'grown', i::text, 'create' from generate_series(1, 10050) i`,
        [complex],
      );
      const grown = await count();
      expect(grown.range).toBe('audit-logs 0-9/10050');
      expect(grown.estimated).toBeUndefined();
      // The page and its count in one statement: one round trip.
      expect(grown.statements).toBe(1);
      const next = await count();
      expect(next.counted[0]).toMatch(bounded);
      expect(next.estimated).toBe('true');
    } finally {
      restore();
      await t.sql(`delete from audit_logs where resource = 'grown'`);
    }
  });

  it('pages by keyset (after=cursor) in the same order as by offset, ties and NULLs included', async () => {
    for (const [path, sort, filter] of [
      ['audit-logs', ['at', 'DESC'], { resource: 'bulk', q: 'Carga 10' }],
      ['audit-logs', ['at', 'ASC'], { resource: 'bulk', q: 'Carga 10' }],
      ['units', ['type', 'ASC'], {}],
      ['units', ['type', 'DESC'], {}],
      ['units', ['number', 'ASC'], {}],
    ] as const) {
      const whole = (await get(path, listQuery({ sort: [...sort], filter, range: [0, 999] })))
        .json()
        .map((r: { id: string }) => r.id);
      expect(whole.length, path).toBeGreaterThan(20);
      const seen: string[] = [];
      let after = '';
      for (let page = 0; page < 100; page++) {
        const res = await get(path, `${listQuery({ sort: [...sort], filter, range: [0, 6] })}${after && `&after=${after}`}`);
        expect(res.statusCode).toBe(200);
        seen.push(...res.json().map((r: { id: string }) => r.id));
        after = String(res.headers['x-next-cursor'] ?? '');
        if (!after) break;
      }
      expect(seen, `${path} ${sort}`).toEqual(whole);
    }
    expect((await get('units', '?after=bm90LWEtY3Vyc29y')).statusCode).toBe(400);
  });

  it('exports the same query as CSV with text cells that never become formulas', async () => {
    const created: string[] = [];
    for (const number of ['=HYPERLINK("http://x")', '+1', '-2', '@SUM(A1)', 'Casa "grande"']) {
      const res = await t.app.inject({ method: 'POST', url: `/api/complexes/${complex}/units`, headers, payload: { number } });
      expect(res.statusCode, number).toBe(201);
      created.push(res.json().id);
    }
    const res = await get('units/export', `${listQuery({ filter: { id: created }, sort: ['createdAt', 'ASC'] })}&format=csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toContain('units.csv');
    expect(res.body.startsWith('\uFEFF"id","number"')).toBe(true);
    const numbers = res.body
      .trim()
      .split('\r\n')
      .slice(1)
      .map((line) => line.split('","')[1]);
    expect(numbers).toEqual([`'=HYPERLINK(""http://x"")`, "'+1", "'-2", "'@SUM(A1)", 'Casa ""grande""']);
    // Tenancy and roles as the list: a role that may not read units may not export them.
    const guard = await t.login('guardia@demo.test').catch(() => undefined);
    if (guard)
      expect([403, 404]).toContain(
        (await t.app.inject({ method: 'GET', url: `/api/complexes/${complex}/audit-logs/export`, headers: guard })).statusCode,
      );
  });

  it('exports .xlsx with every cell as text', async () => {
    const res = await get('units/export', `${listQuery({ sort: ['number', 'ASC'] })}&format=xlsx`);
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as never);
    const sheet = workbook.worksheets[0];
    expect(sheet.getRow(1).getCell(2).value).toBe('number');
    const values: unknown[] = [];
    sheet.eachRow((row, n) => {
      if (n > 1) row.eachCell((cell) => values.push(cell.value));
    });
    expect(values.length).toBeGreaterThan(36);
    expect(values.every((v) => typeof v === 'string')).toBe(true);
    expect(values).toContain('\'=HYPERLINK("http://x")');
  });

  it('answers 400, never a 500, for bad filters on the list and on the export', async () => {
    for (const query of [
      listQuery({ filter: { secret: 1 } }),
      listQuery({ filter: { constructor: 1 } }),
      listQuery({ filter: { type: { $ne: 'x' } } }),
      listQuery({ filter: { type: [['deep']] } }),
      listQuery({ filter: { type: 'a\u0000b' } }),
      listQuery({ filter: { rented: 'Infinity' } }),
      '?filter={"type":1e999}',
      `?filter=${'['.repeat(5000)}${']'.repeat(5000)}`,
      `?filter={"type":${'['.repeat(100)}1${']'.repeat(100)}}`,
    ]) {
      for (const path of ['units', 'units/export']) {
        const res = await get(path, query);
        expect(res.statusCode, `${path} ${query.slice(0, 60)}`).toBe(400);
        expect(res.json().code, query.slice(0, 60)).toMatch(/INVALID/);
      }
    }
    const unknown = await get('units', listQuery({ filter: { secret: 1 } }));
    expect(unknown.json()).toMatchObject({
      code: 'INVALID_FILTER',
      message: 'Filtro no permitido.',
      errors: { secret: 'Filtro no permitido.' },
    });
  });
});
