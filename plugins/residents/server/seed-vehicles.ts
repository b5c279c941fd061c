// Demo plates and tags: most residents of the demo complexes have a car (some two) and a tag, a few blocked, so
// the screens, the resident detail and the resident's area show them; PlacasResidentes and TagsResidentes on.
import type { DemoSeedContext } from '@conjunto/core';
import { Plate } from './plate.entity.ts';
import { Tag } from './tag.entity.ts';

const LETTERS = 'ABCDEFGHIJKLMNOPRSTUVWXYZ';
const BLOCK_REASONS = [
  'Vehículo vendido',
  'Deuda pendiente de expensas',
  'Tag reportado como perdido',
  'Solicitud del propietario',
];

export async function seedVehicles(ctx: DemoSeedContext) {
  const { em, complexes, random } = ctx;
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  for (const complex of complexes) {
    const residents = (await ctx.directory(complex.id).residents()).filter((r) => r.unitId);
    const plates = new Set<string>();
    const tags = new Set<string>();
    // Pichincha plates: P, two letters, four digits (the older AAA123 form now and then).
    const plate = () => {
      for (;;) {
        const letters = `P${pick([...LETTERS])}${pick([...LETTERS])}`;
        const digits = random() < 0.85 ? 4 : 3;
        const value = letters + String(Math.floor(random() * 10 ** digits)).padStart(digits, '0');
        if (!plates.has(value)) return plates.add(value) && value;
      }
    };
    const tag = () => {
      for (;;) {
        const value = String(Math.floor(random() * 1e8)).padStart(8, '0');
        if (!tags.has(value)) return tags.add(value) && value;
      }
    };
    // Every twelfth record blocked and another inactive: each complex shows a few, however the dice fall.
    let made = 0;
    const status = () => {
      made++;
      return made % 12 === 5 ? 'blocked' : made % 12 === 9 ? 'inactive' : 'active';
    };
    const row = (value: string) => {
      const s = status();
      return {
        complexId: complex.id,
        value,
        status: s,
        blockReason: s === 'blocked' ? pick(BLOCK_REASONS) : null,
        blockedAt: s === 'blocked' ? new Date(Date.now() - Math.floor(random() * 60) * 86_400_000) : null,
      };
    };
    for (const resident of residents) {
      const owner = { unitId: resident.unitId!, residentId: resident.id };
      const cars = random() < 0.2 ? 0 : random() < 0.75 ? 1 : 2;
      for (let i = 0; i < cars; i++) em.create(Plate, { ...row(plate()), ...owner } as never);
      if (random() < 0.8) em.create(Tag, { ...row(tag()), ...owner } as never);
    }
  }
  const ids = complexes.map((c) => c.id);
  await ctx.switchOn(ids, 'PlacasResidentes');
  await ctx.switchOn(ids, 'TagsResidentes');
}
