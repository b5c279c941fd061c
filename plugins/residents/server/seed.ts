// Demo data: family members and approvers for most demo residents (deterministic: ctx.random), so that a resident's
// detail and the resident's own area show a household. The first resident of each complex (in Los Álamos
// residente@demo.test) always has both.
import type { DemoSeedContext } from '@conjunto/core';
import { Approver } from './approver.entity.ts';
import { FamilyMember } from './family-member.entity.ts';

const FIRST = ['María', 'José', 'Ana', 'Luis', 'Carmen', 'Jorge', 'Lucía', 'Andrés', 'Sofía', 'Diego', 'Valeria', 'Mateo'];
const LAST = ['Andrade', 'Cevallos', 'Guerrero', 'Mora', 'Paredes', 'Salazar', 'Vega', 'Zambrano', 'Ortiz', 'Toapanta'];
const RELATIONSHIPS = ['Cónyuge', 'Hijo', 'Hija', 'Padre', 'Madre', 'Hermano', 'Hermana'];

export async function seedHousehold(ctx: DemoSeedContext): Promise<void> {
  const pick = <T>(list: readonly T[]) => list[Math.floor(ctx.random() * list.length)];
  let idSeq = 1_712_000_000;
  // The guard's 'Lista de Aprobadores' shows while this is on (spec 002 §6).
  await ctx.switchOn(
    ctx.complexes.map((c) => c.id),
    'Aprobadores',
  );
  for (const complex of ctx.complexes) {
    (ctx.residents[complex.id] ?? []).forEach((resident, n) => {
      const surname = resident.name.split(' ').slice(-1)[0] || pick(LAST);
      const family = n === 0 ? 3 : ctx.random() < 0.75 ? 1 + Math.floor(ctx.random() * 4) : 0;
      for (let i = 0; i < family; i++)
        ctx.em.create(FamilyMember, {
          complexId: complex.id,
          residentId: resident.id,
          firstName: pick(FIRST),
          lastName: i === 0 ? pick(LAST) : surname,
          idNumber: String(idSeq++),
          relationship: i === 0 ? 'Cónyuge' : pick(RELATIONSHIPS.slice(1)),
        } as never);
      const approvers = n === 0 ? 2 : ctx.random() < 0.6 ? 1 + Math.floor(ctx.random() * 3) : 0;
      const names = new Set<string>();
      for (let position = 1; position <= approvers; position++) {
        const firstName = pick(FIRST);
        const lastName = pick(LAST);
        if (names.has(`${firstName} ${lastName}`)) continue;
        names.add(`${firstName} ${lastName}`);
        ctx.em.create(Approver, { complexId: complex.id, residentId: resident.id, position, firstName, lastName } as never);
      }
    });
  }
  await ctx.em.flush();
}
