import { startTestServer } from '@conjunto/server/testing';
import accounting from '@conjunto/plugin-accounting/server';
import surveys from '@conjunto/plugin-surveys/server';
import { expect, it } from 'vitest';

it('times start-up', async () => {
  const seedTimes: number[] = [];
  const detail: string[] = [];
  const timed = { ...accounting, seedDemo: async (ctx: any) => {
    const em = ctx.em;
    const exec = em.execute.bind(em);
    const wrapped = Object.create(em);
    wrapped.execute = async (sql: string, params: unknown[]) => { const s = performance.now(); const r = await exec(sql, params); detail.push(`${sql.trim().slice(0, 30).replace(/\s+/g, ' ')} ${Math.round(performance.now() - s)}`); return r; };
    const s = performance.now(); await accounting.seedDemo!({ ...ctx, em: wrapped }); seedTimes.push(performance.now() - s); } };
  const startups: number[] = [];
  for (let i = 0; i < 4; i++) {
    const s = performance.now();
    const t = await startTestServer({ plugins: [surveys, timed] });
    startups.push(performance.now() - s);
    await t.close();
  }
  console.log('startup ms', startups.map(Math.round), 'accounting seed ms', seedTimes.map(Math.round));
  console.log(detail.slice(-17).join('\n'));
  expect(startups.length).toBe(4);
}, 120_000);
