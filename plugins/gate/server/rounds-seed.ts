// Demo data of shifts and rounds in Los Álamos: the posts' checkpoints and a month of guardia@demo.test's day shifts
// (07:00–19:00, alternating posts, handed over with an observation), three rounds each, most complete, a few ended
// incomplete. Written with multi-row inserts (a handful of statements for ~400 rows).
import { businessDay, type DemoSeedContext, newId } from '@conjunto/core';

const CHECKPOINTS: Record<string, string[]> = {
  'Garita principal': ['Portón principal', 'Parqueadero de visitas', 'Área comunal', 'Piscina', 'Cuarto de bombas'],
  'Garita posterior': ['Portón posterior', 'Cuarto de basura', 'Cerramiento norte', 'Parque infantil'],
};
const HANDOVERS = [
  'Sin novedades.',
  'Se entrega el turno sin novedades; llaves del salón comunal en garita.',
  'Luminaria del parqueadero de visitas apagada, reportada a la administración.',
  'Paquete pendiente de entrega para la Casa 4, guardado en garita.',
  'Portón posterior con ruido al cerrar; se informó a mantenimiento.',
];
const DAYS = 30;

const at = (day: string, minutes: number) => new Date(Date.parse(`${day}T00:00:00-05:00`) + minutes * 60_000);
const dayBefore = (day: string, n: number) =>
  new Date(Date.parse(`${day}T12:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
const values = (rows: unknown[][]) => rows.map((r) => `(${r.map(() => '?').join(', ')})`).join(', ');

export async function seedRounds(
  ctx: DemoSeedContext,
  complexId: string,
  posts: readonly { id: string; name: string }[],
): Promise<void> {
  const { em, random } = ctx;
  const guard = (await ctx.directory(complexId).staff('supervisor')).find((p) => p.email === 'guardia@demo.test');
  if (!guard || !posts.length) return;
  await em.flush();
  const checkpoints = posts.flatMap((post) =>
    (CHECKPOINTS[post.name] ?? ['Punto 1', 'Punto 2', 'Punto 3']).map((name, i) => ({
      id: newId(),
      post,
      name,
      position: i + 1,
    })),
  );
  await em.execute(
    `insert into gate_checkpoints (id, complex_id, post_id, name, position, code) values ${values(checkpoints.map(() => [1, 2, 3, 4, 5, 6]))}`,
    checkpoints.flatMap((c) => [
      c.id,
      complexId,
      c.post.id,
      c.name,
      c.position,
      `AL-${c.post.name.endsWith('principal') ? 'P' : 'S'}${c.position}`,
    ]),
  );

  const today = businessDay();
  const shifts: unknown[][] = [];
  const rounds: unknown[][] = [];
  const marks: unknown[][] = [];
  for (let d = DAYS; d >= 1; d--) {
    const day = dayBefore(today, d);
    const post = posts[d % posts.length];
    const shiftId = newId();
    shifts.push([
      shiftId,
      complexId,
      guard.id,
      guard.name,
      post.id,
      post.name,
      at(day, 7 * 60 - Math.floor(random() * 10)),
      at(day, 19 * 60 + Math.floor(random() * 15)),
      d === DAYS ? 'Recibo el turno con el inventario completo.' : null,
      HANDOVERS[Math.floor(random() * HANDOVERS.length)],
      guard.id,
    ]);
    const own = checkpoints.filter((c) => c.post.id === post.id);
    for (const startHour of [8, 12, 16]) {
      const id = newId();
      const start = at(day, startHour * 60 + Math.floor(random() * 30));
      // One round in ten is cut short (an entry to attend, rain): ended incomplete with the guard's observation.
      const incomplete = random() < 0.1;
      const done = incomplete ? 1 + Math.floor(random() * (own.length - 1)) : own.length;
      let t = start.getTime();
      own.forEach((c, i) => {
        t += (3 + Math.floor(random() * 5)) * 60_000;
        marks.push([newId(), complexId, id, c.id, c.name, c.position, i < done ? new Date(t) : null]);
      });
      rounds.push([
        id,
        complexId,
        guard.id,
        guard.name,
        post.id,
        post.name,
        shiftId,
        incomplete ? 'incompleta' : 'completa',
        own.length,
        done,
        start,
        new Date(t + 60_000),
        incomplete ? 'Ronda interrumpida para atender un ingreso en garita.' : null,
      ]);
    }
  }
  await em.execute(
    `insert into gate_shifts (id, complex_id, guard_id, guard_name, post_id, post_name, started_at, ended_at, start_observation,
       end_observation, ended_by) values ${values(shifts)}`,
    shifts.flat(),
  );
  await em.execute(
    `insert into gate_rounds (id, complex_id, guard_id, guard_name, post_id, post_name, shift_id, status, checkpoint_count,
       marked_count, started_at, ended_at, observation) values ${values(rounds)}`,
    rounds.flat(),
  );
  await em.execute(
    `insert into gate_round_marks (id, complex_id, round_id, checkpoint_id, checkpoint_name, position, marked_at)
     values ${values(marks)}`,
    marks.flat(),
  );
}
