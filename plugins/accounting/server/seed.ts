// Demo data: the Contabilidad switch on and a realistic year of accounting for each demo complex.
import type { DemoSeedContext } from '@conjunto/core';

export async function seedAccounting(ctx: DemoSeedContext): Promise<void> {
  for (const complex of ctx.complexes) {
    await ctx.em.execute(`update complexes set modules = modules || '{"Contabilidad": true}'::jsonb where id = ?`, [complex.id]);
  }
}
