import { writeFileSync } from 'node:fs';
import { it } from 'vitest';
import { startLedger, twoCharges } from './api.ts';

it('dumps', async () => {
  const l = await startLedger();
  const units = await l.units();
  const account = await l.bankAccount(0);
  const [a, b] = await twoCharges(l, units[0].id, [45.5, 30]);
  const inc = await l.call('POST', '/incomes', { accountId: account.id, unitId: units[0].id, date: '2026-11-20', description: 'Pago de cuotas extraordinarias de noviembre', method: 'Transferencia', transactionReference: 'TRX-1', discount: 5.5, advance: 10, lines: [
    { receivableId: a.id, description: 'Cuota pintura', category: 'Ingresos Extraordinarios', subcategory: 'Cuota extraordinaria', amount: 45.5 },
    { receivableId: b.id, description: 'Cuota jardines', category: 'Ingresos Extraordinarios', subcategory: 'Cuota extraordinaria', amount: 30 }] });
  const get = async (path: string) => (await l.t.app.inject({ method: 'GET', url: `/api/complexes/${l.complexId}${path}`, headers: await l.t.login('admin@demo.test') })).rawPayload;
  writeFileSync('/tmp/receipt.pdf', await get(`/incomes/${inc.body.id}/receipt.pdf`));
  await l.call('POST', `/incomes/${inc.body.id}/annul`);
  writeFileSync('/tmp/receipt-annulled.pdf', await get(`/incomes/${inc.body.id}/receipt.pdf`));
  for (let i = 0; i < 30; i++) await l.call('POST', '/receivables', { unitIds: [units[0].id], name: `Cuota ${i} con un nombre algo largo para probar el salto de línea en la tabla`, category: 'Ingresos Ordinarios', subcategory: 'Expensa mensual', amount: 10 + i, dueDate: `2026-${String((i % 12) + 1).padStart(2, '0')}-10` });
  writeFileSync('/tmp/statement.pdf', await get(`/units/${units[0].id}/statement.pdf`));
  writeFileSync('/tmp/template.xlsx', await get('/receivables/import-template.xlsx'));
  await l.t.close();
}, 120000);
