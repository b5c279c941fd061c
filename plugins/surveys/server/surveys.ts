// The survey rules: unique titles per complex, one active survey per complex (database index + a lock per
// complex, so concurrent enables end with exactly one active), one answer per user (a unique constraint).
import { ApiError, newId } from '@conjunto/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { SURVEY_MESSAGES } from '../manifest.ts';
import type { SurveyParticipation, SurveyResults } from '../schemas.ts';
import { Survey } from './survey.entity.ts';

type Em = SqlEntityManager;

const titleTaken = () =>
  new ApiError(409, 'SURVEY_TITLE_TAKEN', SURVEY_MESSAGES.titleTaken, { title: SURVEY_MESSAGES.titleTaken });

/** Serialises the survey writes of one complex until the transaction ends (an advisory lock: no host table). */
async function lockComplex(em: Em, complexId: string) {
  await em.execute("select pg_advisory_xact_lock(hashtextextended('surveys:' || ?, 0))", [complexId]);
}

async function assertTitleFree(em: Em, complexId: string, title: string, exceptId?: string) {
  const clash = await em.count(Survey, {
    complexId,
    title: { $ilike: title.replace(/[\\%_]/g, (c) => `\\${c}`) },
    ...(exceptId && { id: { $ne: exceptId } }),
  });
  if (clash) throw titleTaken();
}

/** The active survey that activating another one would switch off (for the admin's warning). */
export function findActive(em: Em, complexId: string) {
  return em.findOne(Survey, { complexId, isActive: true });
}

async function deactivateOthers(em: Em, complexId: string, exceptId?: string) {
  const current = await em.find(Survey, { complexId, isActive: true, ...(exceptId && { id: { $ne: exceptId } }) });
  for (const s of current) s.isActive = false;
  // Flush now so the partial unique index sees the old one off before the new one goes on.
  await em.flush();
  return current;
}

export interface SurveyWrite {
  title?: string;
  displayDays?: number;
  isActive?: boolean;
}

export async function createSurvey(em: Em, complexId: string, data: Required<Pick<SurveyWrite, 'title'>> & SurveyWrite) {
  return em.transactional(async (tx) => {
    await lockComplex(tx, complexId);
    const title = data.title.trim();
    await assertTitleFree(tx, complexId, title);
    const deactivated = data.isActive ? await deactivateOthers(tx, complexId) : [];
    const survey = tx.create(Survey, {
      complexId,
      title,
      displayDays: data.displayDays ?? 30,
      isActive: data.isActive ?? false,
    } as never);
    await tx.flush();
    return { survey, deactivated };
  });
}

export async function updateSurvey(em: Em, survey: Survey, data: SurveyWrite) {
  return em.transactional(async (tx) => {
    await lockComplex(tx, survey.complexId);
    if (data.title !== undefined) {
      data.title = data.title.trim();
      await assertTitleFree(tx, survey.complexId, data.title, survey.id);
    }
    const deactivated = data.isActive && !survey.isActive ? await deactivateOthers(tx, survey.complexId, survey.id) : [];
    tx.assign(survey, Object.fromEntries(Object.entries(data).filter(([, v]) => v !== undefined)));
    await tx.flush();
    return { survey, deactivated };
  });
}

/** Records the user's answer; a second one, also a concurrent one, is refused by the unique constraint. */
export async function answerSurvey(em: Em, survey: Survey, userId: string, confirm: boolean) {
  if (!survey.isActive) throw new ApiError(409, 'SURVEY_NOT_ACTIVE', SURVEY_MESSAGES.notActive);
  const [row] = await em.execute(
    `insert into survey_answers (id, complex_id, survey_id, user_id, confirm) values (?, ?, ?, ?, ?)
     on conflict on constraint survey_answers_one_per_user do nothing
     returning id, answered_at`,
    [newId(), survey.complexId, survey.id, userId, confirm],
  );
  if (!row) throw new ApiError(409, 'SURVEY_ALREADY_ANSWERED', SURVEY_MESSAGES.alreadyAnswered);
  return { id: row.id as string, surveyId: survey.id, userId, confirm, answeredAt: new Date(row.answered_at).toISOString() };
}

/** Percentage with two decimals, rounded half-up. */
export function percentage(count: number, total: number): number {
  return total === 0 ? 0 : Math.round((count * 10_000) / total) / 100;
}

export async function surveyResults(em: Em, survey: Survey): Promise<SurveyResults> {
  const rows: { user_id: string; confirm: boolean; answered_at: Date; first_name: string | null; last_name: string | null }[] =
    await em.execute(
      `select a.user_id, a.confirm, a.answered_at, u.first_name, u.last_name
       from survey_answers a left join directory_people u on u.id = a.user_id
      where a.complex_id = ? and a.survey_id = ?
      order by a.answered_at`,
      [survey.complexId, survey.id],
    );
  const option = (confirm: boolean, label: string) => {
    const chosen = rows.filter((r) => r.confirm === confirm);
    return {
      label,
      confirm,
      count: chosen.length,
      percentage: percentage(chosen.length, rows.length),
      participants: chosen.map((r) => ({
        userId: r.user_id,
        // Spec 000 §8: a missing user name displays 'Desconocido'.
        name: `${r.first_name ?? ''} ${r.last_name ?? ''}`.trim() || 'Desconocido',
        answeredAt: new Date(r.answered_at).toISOString(),
      })),
    };
  };
  return { surveyId: survey.id, title: survey.title, total: rows.length, options: [option(true, 'Sí'), option(false, 'No')] };
}

/**
 * How many of the complex's active units took part in its active survey: a unit counts once when its holder
 * (owner, else tenant) or a resident living there answered. One aggregate over the directory's views.
 */
export async function activeParticipation(em: Em, complexId: string): Promise<SurveyParticipation> {
  const survey = await findActive(em, complexId);
  const [row] = await em.execute(
    `select count(*)::int as eligible,
            count(*) filter (where exists (
              select 1 from survey_answers a left join directory_people p on p.id = a.user_id
               where a.survey_id = ? and (p.unit_id = u.id or a.user_id = u.holder_id)))::int as answered,
            (select count(*)::int from survey_answers where survey_id = ?) as answers
       from directory_units u
      where u.complex_id = ? and u.is_active`,
    [survey?.id ?? null, survey?.id ?? null, complexId],
  );
  const eligible = Number(row.eligible);
  const answered = survey ? Number(row.answered) : 0;
  return {
    survey: survey && { id: survey.id, title: survey.title },
    answeredUnits: answered,
    eligibleUnits: eligible,
    percentage: percentage(answered, eligible),
    answers: survey ? Number(row.answers) : 0,
  };
}
