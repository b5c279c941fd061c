// Values travel as bound parameters, never inside the SQL text (server/src/bound-queries.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bindQuery } from '../src/bound-queries.ts';
import { startTestServer, type TestServer } from './harness.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

const platform = { quoteIdentifier: (id: string) => `"${id}"`, formatDate: (d: Date) => d.toISOString() };

describe('bound parameters', () => {
  it("keep MikroORM's placeholders: values, identifiers, escaped marks, lists, raw fragments, JSON", () => {
    expect(
      bindQuery(platform as never, 'select ?? from t where a = ? and b in (?) and c = ? and d \\? e and f = ?', [
        'col',
        1,
        [2, 3],
        { k: 'v' },
        null,
      ]),
    ).toEqual({
      text: 'select "col" from t where a = $1 and b in ($2, $3) and c = $4 and d ? e and f = $5',
      values: [1, 2, 3, '{"k":"v"}', null],
    });
    expect(bindQuery(platform as never, 'select ?', [])).toBeUndefined();
  });

  it('sends the statement with $n placeholders: the value is not in the text PostgreSQL receives', async () => {
    const secret = "o'brien; drop table users; --";
    const [row] = await t.sql<{ q: string; v: string }>('select current_query() as q, ?::text as v', [secret]);
    expect(row.v).toBe(secret);
    expect(row.q).toContain('$1');
    expect(row.q).not.toContain('brien');
  });

  it('keeps working for entity reads and writes (dates, JSON, lists)', async () => {
    const units = await t.sql<{ id: string }>('select id from units limit 3');
    const ids = units.map((u) => u.id);
    const found = await t.sql<{ n: number }>('select count(*)::int as n from units where id in (?) and created_at < ?', [
      ids,
      new Date(Date.now() + 60_000),
    ]);
    expect(found).toEqual([{ n: ids.length }]);
  });
});
