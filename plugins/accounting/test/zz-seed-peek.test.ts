import { startTestServer } from '@conjunto/server/testing';
import { it } from 'vitest';
it('peek', async () => {
  const t = await startTestServer();
  const q = async (s: string) => console.log(s.slice(0, 60), '\n', JSON.stringify(await t.sql(s), null, 0).replaceAll('},{', '},\n{'));
  await q(`select c.name, (select count(*) from incomes i where i.complex_id=c.id) inc, (select count(*) from income_lines i where i.complex_id=c.id) lines, (select count(*) from expenses i where i.complex_id=c.id) exp, (select count(*) from transfers i where i.complex_id=c.id) tr, (select count(*) from receivables i where i.complex_id=c.id) rec, c.receipt_number, c.expense_receipt_number, (select count(*) filter (where balance=0)::float/count(*) from receivables r where r.complex_id=c.id and kind='fee') paid_ratio from complexes c`);
  await q(`select c.name, a.name, a.initial_balance, (select sum(amount) from account_movements m where m.account_id=a.id) bal from bank_accounts a join complexes c on c.id=a.complex_id order by 1,2`);
  await q(`select period, count(*) filter (where balance=0) paid, count(*) n from receivables where kind='fee' and complex_id=(select id from complexes where name='Conjunto Los Álamos') group by period order by 1`);
  await q(`select receipt_number, date, description, method, amount, balance, is_advance, payer_name, reconciled from incomes where complex_id=(select id from complexes where name='Conjunto Los Álamos') order by receipt_number desc nulls last limit 12`);
  await q(`select receipt_number, date, description, method, amount, cheque_number, payee_name, reconciled, (select name from suppliers s where s.id=supplier_id) sup from expenses where complex_id=(select id from complexes where name='Conjunto Los Álamos') order by receipt_number desc limit 16`);
  await q(`select date, amount, description from transfers where complex_id=(select id from complexes where name='Conjunto Los Álamos') order by date`);
  await q(`select * from payables where complex_id=(select id from complexes where name='Conjunto Los Álamos')`);
  await q(`select amount, detail, reference, receivable_ids, created_at from pending_transfers`);
  await q(`select until_date, income_count, expense_count, income_total, expense_total, user_name, created_at from reconciliations`);
  await q(`select u.number, count(*) filter (where r.balance>0) open, sum(r.balance) owed from receivables r join units u on u.id=r.unit_id group by u.complex_id, u.number having sum(r.balance) > 200 order by 3 desc`);
  await q(`select description, amount, annulled_at, reconciled from incomes where annulled_at is not null or unit_id is null`);
  await t.close();
}, 60000);
