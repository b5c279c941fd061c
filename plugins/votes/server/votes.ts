// The vote rules: texts and limits of a new vote (spec 002 §5), one ballot per unit changed in place until the end,
// proxies, the arrears exclusion, and the results (one unit one vote beside aliquot-weighted, with the quorum),
// summed in integers: an aliquot is a percentage with 4 decimals, held as ten-thousandths (2.7778 -> 27778).
import { ApiError, MESSAGES, newId } from '@conjunto/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { VOTE_MESSAGES, VOTE_OPEN_MAX } from '../manifest.ts';
import { checkVoteDraft, type VoteProblem } from '../rules.ts';
import type { VoteCreate, VoteResults } from '../schemas.ts';
import type { Vote, VoteQuestion } from './vote.entity.ts';

type Em = SqlEntityManager;

const invalid = (errors: Record<string, string>, code = 'VALIDATION') =>
  new ApiError(400, code, Object.values(errors)[0] ?? MESSAGES.invalidInput, errors);

// ---------------------------------------------------------------- exact aliquots

/** '2.7778' (a percentage with up to 4 decimals) -> 27778 ten-thousandths. */
export function aliquotUnits(text: string | number | null | undefined): number {
  const s = String(text ?? '0').trim();
  const m = /^(\d+)(?:\.(\d{0,4})\d*)?$/.exec(s);
  if (!m) return 0;
  return Number(m[1]) * 10_000 + Number((m[2] ?? '').padEnd(4, '0'));
}

/** 27778 -> '2.7778'. */
export const aliquotText = (units: number) => `${Math.floor(units / 10_000)}.${String(units % 10_000).padStart(4, '0')}`;

/** part of whole as a percentage with two decimals, rounded half-up, from integers only. */
export function percent(part: number, whole: number): number {
  if (whole <= 0) return 0;
  return Math.floor((part * 20_000 + whole) / (2 * whole)) / 100;
}

// ---------------------------------------------------------------- a new vote

const problemMessage = (problem: VoteProblem) => (problem === 'required' ? MESSAGES.required : VOTE_MESSAGES[problem]);

/** The vote's texts checked (../rules.ts, shared with the admin) and trimmed; 400 with every problem by field. */
export function checkVoteInput(input: VoteCreate, now = new Date()): { title: string; questions: VoteQuestion[]; endsAt: Date } {
  const { title, questions, endsAt, problems } = checkVoteDraft(input, now);
  // Too many questions: the spec's own text alone (the rest is not worth reading).
  if (problems.questions === 'questionLimit') throw invalid({ questions: VOTE_MESSAGES.questionLimit }, 'VOTE_QUESTION_LIMIT');
  const errors = Object.fromEntries(Object.entries(problems).map(([field, problem]) => [field, problemMessage(problem)]));
  if (Object.keys(errors).length) throw invalid(errors);
  return { title, questions, endsAt };
}

/** Serialises the vote writes of one complex until the transaction ends (an advisory lock: no host table). */
export async function lockComplex(em: Em, complexId: string) {
  await em.execute("select pg_advisory_xact_lock(hashtextextended('votes:' || ?, 0))", [complexId]);
}

/** 'No se puede crear más votaciones' once VOTE_OPEN_MAX votes are open (call under lockComplex). */
export async function assertRoomForVote(em: Em, complexId: string) {
  const [row] = await em.execute('select count(*)::int as n from votes where complex_id = ? and ends_at > now()', [complexId]);
  if (Number(row.n) >= VOTE_OPEN_MAX) throw new ApiError(409, 'VOTE_LIMIT', VOTE_MESSAGES.voteLimit);
}

/** Spec 002 §4: Finalizada turns true once the end has passed, checked when listing. */
export async function markFinished(em: Em, complexId: string) {
  await em.execute('update votes set finished = true where complex_id = ? and not finished and ends_at <= now()', [complexId]);
}

export const isOpen = (vote: Pick<Vote, 'endsAt'>, now = Date.now()) => new Date(vote.endsAt).getTime() > now;

// ---------------------------------------------------------------- ballots

/** The answers checked against the questions: one valid option index per question. */
export function checkAnswers(vote: Pick<Vote, 'questions'>, answers: readonly number[]) {
  const ok =
    answers.length === vote.questions.length &&
    answers.every((a, i) => Number.isInteger(a) && a >= 0 && a < vote.questions[i].options.length);
  if (!ok) throw invalid({ answers: VOTE_MESSAGES.answers });
}

interface BallotWrite {
  vote: Vote;
  unitId: string;
  /** The unit's aliquot as the directory gives it. */
  aliquot: string;
  answers: number[];
  castBy: string;
  viaProxy: boolean;
}

/**
 * Casts or replaces the unit's ballot in one statement (one row per unit and vote, also under concurrent casts),
 * only while the vote is open (checked again in the statement: a ballot a moment after the end is refused).
 */
export async function castBallot(em: Em, w: BallotWrite) {
  const [row] = await em.execute(
    `insert into vote_ballots as b (id, complex_id, vote_id, unit_id, answers, weight, cast_by, via_proxy)
     select ?, v.complex_id, v.id, ?, ?::smallint[], ?, ?, ? from votes v where v.id = ? and v.ends_at > now()
     on conflict on constraint vote_ballots_one_per_unit do update
        set answers = excluded.answers, weight = excluded.weight, cast_by = excluded.cast_by,
            via_proxy = excluded.via_proxy, updated_at = now()
      where exists (select 1 from votes v where v.id = b.vote_id and v.ends_at > now())
     returning id, cast_at, updated_at, (xmax <> 0) as changed`,
    [newId(), w.unitId, `{${w.answers.join(',')}}`, aliquotUnits(w.aliquot), w.castBy, w.viaProxy, w.vote.id],
  );
  if (!row) throw new ApiError(422, 'VOTE_FINISHED', VOTE_MESSAGES.finished);
  return {
    id: row.id as string,
    castAt: new Date(row.cast_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
    changed: Boolean(row.changed),
  };
}

// ---------------------------------------------------------------- results

interface TallyRow {
  question: number;
  option: number;
  count: number;
  weight: number;
}

/**
 * The whole aggregate in two statements: per (question, option) the ballots and their weight, and the quorum (the
 * units that voted and their aliquot over the active units not excluded).
 */
export async function tally(em: Em, complexId: string, voteId: string) {
  // Two statements at once (each takes its own pooled connection; PGlite's one connection runs them in turn).
  const [rows, [q]] = await Promise.all([
    em.execute<{ q: number; o: number; n: number; w: string }[]>(
      `select a.q::int as q, a.o::int as o, count(*)::int as n, sum(b.weight)::bigint::text as w
       from vote_ballots b cross join lateral unnest(b.answers) with ordinality as a(o, q)
      where b.complex_id = ? and b.vote_id = ?
      group by a.q, a.o`,
      [complexId, voteId],
    ),
    // The eligible units once (active, not excluded); the voted side sums only the ballots of those units, so a
    // ballot of a unit deactivated or excluded since it was cast never lifts the quorum above 100 %.
    em.execute<Record<string, string | number>[]>(
      `with eligible as (
       select u.id, round(u.aliquot * 10000)::bigint as w
         from directory_units u
        where u.complex_id = ? and u.is_active
          and not exists (select 1 from vote_exclusions e where e.vote_id = ? and e.unit_id = u.id)),
     voted as (
       select count(*)::int as ballots, count(el.id)::int as units,
              coalesce(sum(b.weight) filter (where el.id is not null), 0)::bigint::text as weight
         from vote_ballots b left join eligible el on el.id = b.unit_id
        where b.complex_id = ? and b.vote_id = ?),
     -- Eligible units recorded as present that have not voted (a ballot already counts its unit).
     present as (
       select count(*)::int as units, coalesce(sum(el.w), 0)::bigint::text as weight
         from vote_attendance a join eligible el on el.id = a.unit_id
        where a.vote_id = ? and not exists (select 1 from vote_ballots b where b.vote_id = ? and b.unit_id = a.unit_id))
     select v.ballots, v.units as voted, v.weight as voted_weight, p.units as present, p.weight as present_weight,
            (select count(*)::int from eligible) as eligible,
            (select coalesce(sum(w), 0)::bigint::text from eligible) as eligible_weight,
            (select count(*)::int from vote_exclusions e where e.vote_id = ?) as excluded
       from voted v, present p`,
      [complexId, voteId, complexId, voteId, voteId, voteId, voteId],
    ),
  ]);
  const tallies: TallyRow[] = rows.map((r) => ({ question: r.q - 1, option: r.o, count: r.n, weight: Number(r.w) }));
  return {
    tallies,
    ballots: Number(q.ballots),
    votedUnits: Number(q.voted),
    votedWeight: Number(q.voted_weight),
    presentUnits: Number(q.voted) + Number(q.present),
    presentWeight: Number(q.voted_weight) + Number(q.present_weight),
    eligibleUnits: Number(q.eligible),
    eligibleWeight: Number(q.eligible_weight),
    excluded: Number(q.excluded),
  };
}

export async function voteResults(em: Em, vote: Vote): Promise<VoteResults> {
  return resultsOf(vote, await tally(em, vote.complexId, vote.id));
}

/**
 * The results of the complex's vote `voteId`, or null when it has none: the vote's row is read beside the tally's
 * statements, not before them (the results screen reloads on every ballot).
 */
export async function resultsById(em: Em, complexId: string, voteId: string): Promise<VoteResults | null> {
  const [[vote], t] = await Promise.all([
    em.execute<{ id: string; title: string; questions: VoteQuestion[]; ends_at: Date; weighted: boolean }[]>(
      'select id, title, questions, ends_at, weighted from votes where id = ? and complex_id = ?',
      [voteId, complexId],
    ),
    tally(em, complexId, voteId),
  ]);
  return vote ? resultsOf({ ...vote, endsAt: vote.ends_at }, t) : null;
}

export type Tally = Awaited<ReturnType<typeof tally>>;

/** The results of `vote` from its tally: plain arithmetic on integers (the bench's baseline shares it). */
export function resultsOf(
  vote: Pick<Vote, 'id' | 'title' | 'questions' | 'weighted' | 'endsAt'>,
  t: Tally,
  now = Date.now(),
): VoteResults {
  const questions = vote.questions.map((question, qi) => {
    const mine = t.tallies.filter((r) => r.question === qi);
    const count = mine.reduce((s, r) => s + r.count, 0);
    const weight = mine.reduce((s, r) => s + r.weight, 0);
    const options = question.options.map((label, oi) => {
      const r = mine.find((x) => x.option === oi);
      return {
        index: oi,
        label,
        count: r?.count ?? 0,
        percentage: percent(r?.count ?? 0, count),
        aliquot: aliquotText(r?.weight ?? 0),
        weightedPercentage: percent(r?.weight ?? 0, weight),
      };
    });
    const measure = (o: { index: number }) => {
      const r = mine.find((x) => x.option === o.index);
      return vote.weighted ? (r?.weight ?? 0) : (r?.count ?? 0);
    };
    const best = Math.max(0, ...options.map(measure));
    const leaders = options.filter((o) => measure(o) === best);
    return { index: qi, text: question.text, options, winner: best > 0 && leaders.length === 1 ? leaders[0].index : null };
  });
  return {
    voteId: vote.id,
    title: vote.title,
    finished: !isOpen(vote, now),
    weighted: vote.weighted,
    endsAt: new Date(vote.endsAt).toISOString(),
    ballots: t.ballots,
    quorum: {
      votedUnits: t.votedUnits,
      presentUnits: t.presentUnits,
      eligibleUnits: t.eligibleUnits,
      votedAliquot: aliquotText(t.votedWeight),
      presentAliquot: aliquotText(t.presentWeight),
      eligibleAliquot: aliquotText(t.eligibleWeight),
      percentage: percent(t.presentWeight, t.eligibleWeight),
      unitPercentage: percent(t.presentUnits, t.eligibleUnits),
    },
    excludedUnits: t.excluded,
    questions,
  };
}

/** Who voted and who did not (office roles): units in their natural order, with the names the directory gives. */
export async function voterLists(em: Em, vote: Pick<Vote, 'id' | 'complexId'>) {
  const voters: {
    unit_id: string;
    number: string;
    weight: number;
    name: string | null;
    via_proxy: boolean;
    cast_at: Date;
    answers: number[];
  }[] = await em.execute(
    `select b.unit_id, u.number, b.weight, p.name, b.via_proxy, b.updated_at as cast_at, b.answers
       from vote_ballots b join directory_units u on u.id = b.unit_id left join directory_people p on p.id = b.cast_by
      where b.complex_id = ? and b.vote_id = ? order by u.number_sort`,
    [vote.complexId, vote.id],
  );
  const nonVoters: { id: string; number: string; aliquot: string; holder_name: string | null; present: boolean }[] =
    await em.execute(
      `select u.id, u.number, u.aliquot::text as aliquot, u.holder_name,
            exists (select 1 from vote_attendance a where a.vote_id = ? and a.unit_id = u.id) as present
       from directory_units u
      where u.complex_id = ? and u.is_active
        and not exists (select 1 from vote_ballots b where b.vote_id = ? and b.unit_id = u.id)
        and not exists (select 1 from vote_exclusions e where e.vote_id = ? and e.unit_id = u.id)
      order by u.number_sort`,
      [vote.id, vote.complexId, vote.id, vote.id],
    );
  return {
    voters: voters.map((r) => ({
      unitId: r.unit_id,
      unitNumber: r.number,
      aliquot: aliquotText(Number(r.weight)),
      // Spec 000 §8: a missing user name displays 'Desconocido'.
      castByName: r.name?.trim() || 'Desconocido',
      viaProxy: Boolean(r.via_proxy),
      castAt: new Date(r.cast_at).toISOString(),
      answers: (r.answers ?? []).map(Number),
    })),
    nonVoters: nonVoters.map((r) => ({
      unitId: r.id,
      unitNumber: r.number,
      aliquot: aliquotText(aliquotUnits(r.aliquot)),
      holderName: r.holder_name?.trim() || 'Desconocido',
      present: Boolean(r.present),
    })),
  };
}

export async function proxiesOf(
  em: Em,
  vote: Pick<Vote, 'id' | 'complexId'>,
  filter?: { unitId?: string | null; holderId?: string },
) {
  const rows: {
    id: string;
    unit_id: string;
    number: string;
    holder_id: string;
    holder_name: string | null;
    granted_name: string | null;
    created_at: Date;
  }[] = await em.execute(
    `select x.id, x.unit_id, u.number, x.holder_id, h.name as holder_name, g.name as granted_name, x.created_at
       from vote_proxies x join directory_units u on u.id = x.unit_id
       left join directory_people h on h.id = x.holder_id
       left join directory_people g on g.id = x.granted_by
      where x.complex_id = ? and x.vote_id = ?
        ${filter ? 'and (x.unit_id = ? or x.holder_id = ?)' : ''}
      order by u.number_sort`,
    [vote.complexId, vote.id, ...(filter ? [filter.unitId ?? null, filter.holderId ?? null] : [])],
  );
  return rows.map((r) => ({
    id: r.id,
    voteId: vote.id,
    unitId: r.unit_id,
    unitNumber: r.number,
    holderId: r.holder_id,
    holderName: r.holder_name?.trim() || 'Desconocido',
    grantedByName: r.granted_name?.trim() || 'Administración',
    createdAt: new Date(r.created_at).toISOString(),
  }));
}
