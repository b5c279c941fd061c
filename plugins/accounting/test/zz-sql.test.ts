import { startTestServer, listQuery } from '@conjunto/server/testing';
import { it } from 'vitest';
it('sql', async () => {
  const t = await startTestServer();
  const admin = await t.login('admin@demo.test');
  const cid = await t.complexId('alamos');
  const [acc] = await t.sql<{ id: string }>("select id from bank_accounts where complex_id = ? and name like 'Cuenta corriente%'", [cid]);
  const conn = t.db.orm.em.getConnection() as any;
  const orig = conn.execute.bind(conn);
  conn.execute = (q: any, p: any, ...rest: any[]) => { console.log('SQL:', typeof q === 'string' ? q : JSON.stringify(q), JSON.stringify(p)); return orig(q, p, ...rest); };
  const res = await t.app.inject({ method: 'GET', url: `/api/complexes/${cid}/incomes${listQuery({ sort: ['date', 'DESC'], range: [0, 24], filter: { accountId: acc.id } })}`, headers: admin });
  console.log(res.statusCode, res.headers['content-range'], res.body.slice(0, 600));
  const rec = await t.app.inject({ method: 'POST', url: `/api/complexes/${cid}/reconciliations`, headers: admin, payload: { accountId: acc.id, untilDate: '2026-10-31' } });
  console.log(rec.statusCode, rec.body);
  await t.close();
}, 60000);
