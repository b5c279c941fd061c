import type { DemoSeedContext } from '@conjunto/core';
import { newId } from '@conjunto/core';
import { aliquotUnits } from './votes.ts';

const DAY = 86_400_000;

const OPEN = {
  title: 'Asamblea ordinaria 2027',
  questions: [
    { text: '¿Aprueba el presupuesto anual 2027?', options: ['Sí', 'No', 'Me abstengo'] },
    {
      text: '¿Qué obra prefiere para el próximo semestre?',
      options: ['Pintura de fachadas', 'Cámaras de seguridad', 'Juegos infantiles'],
    },
  ],
};
const FINISHED = {
  title: 'Elección de directiva 2026',
  questions: [
    { text: '¿Quién preside la directiva?', options: ['Lista A', 'Lista B'] },
    { text: '¿Aprueba la cuota extraordinaria para la piscina?', options: ['Sí', 'No'] },
  ],
};

/**
 * Per complex: one open weighted vote with ballots from about half of the units (not the demo resident's Casa 1 nor
 * the tenant's Casa 4 of Los Álamos, who vote in the demo) and two units present without a ballot, and one finished
 * weighted vote with most units' ballots.
 */
export async function seedVotes({ em, complexes, random, directory }: DemoSeedContext) {
  for (const complex of complexes) {
    const units = await directory(complex.id).units();
    for (const [vote, endsAt, share, createdAgo] of [
      [OPEN, new Date(Date.now() + 7 * DAY), 0.5, 3],
      [FINISHED, new Date(Date.now() - 10 * DAY), 0.8, 40],
    ] as const) {
      const voteId = newId();
      await em.execute(
        `insert into votes (id, complex_id, title, questions, ends_at, finished, weighted, created_at)
         values (?, ?, ?, ?::jsonb, ?, ?, true, ?)`,
        [
          voteId,
          complex.id,
          vote.title,
          JSON.stringify(vote.questions),
          endsAt,
          endsAt.getTime() < Date.now(),
          new Date(Date.now() - createdAgo * DAY),
        ],
      );
      const absent: string[] = [];
      for (const [i, unit] of units.entries()) {
        if (vote === OPEN && (i === 0 || unit.number === 'Casa 4')) continue;
        if (random() >= share || !unit.holderId) {
          absent.push(unit.id);
          continue;
        }
        const answers = vote.questions.map((q) => Math.floor(random() * q.options.length));
        await em.execute(
          `insert into vote_ballots (id, complex_id, vote_id, unit_id, answers, weight, cast_by, cast_at, updated_at)
           values (?, ?, ?, ?, ?::smallint[], ?, ?, ?, ?)`,
          [
            newId(),
            complex.id,
            voteId,
            unit.id,
            `{${answers.join(',')}}`,
            aliquotUnits(unit.aliquot),
            unit.holderId,
            new Date(endsAt.getTime() - (vote === OPEN ? 9 : 2) * DAY),
            new Date(endsAt.getTime() - (vote === OPEN ? 9 : 2) * DAY),
          ],
        );
      }
      // Two units the office recorded as present at the open assembly without voting (yet).
      for (const unitId of vote === OPEN ? absent.slice(0, 2) : [])
        await em.execute('insert into vote_attendance (id, complex_id, vote_id, unit_id) values (?, ?, ?, ?)', [
          newId(),
          complex.id,
          voteId,
          unitId,
        ]);
    }
  }
}
