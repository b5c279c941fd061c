// The demo's timeline: derived from the entries, visits and alerts the gate's seed wrote (without the routes).
import type { DemoSeedContext } from '@conjunto/core';
import { timelineBackfill } from './timeline-sql.ts';

export async function seedTimeline(ctx: DemoSeedContext, complexId: string): Promise<void> {
  await ctx.em.flush();
  for (const sql of timelineBackfill('e.complex_id = ?')) await ctx.em.execute(sql, [complexId]);
}
