import { newId } from '@conjunto/core';
import { defineEntity, p } from '@mikro-orm/core';

export const SurveySchema = defineEntity({
  name: 'Survey',
  tableName: 'surveys',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => newId()),
    complexId: p.uuid(),
    /** The single yes/no question. */
    title: p.string().length(100),
    /** How often (days) residents are shown it (the spec's "loop"). */
    displayDays: p.integer().default(30),
    isActive: p.boolean().default(false),
    answerCount: p
      .formula<number>((cols) => `(select count(*)::int from survey_answers a where a.survey_id = ${cols.id})`)
      .type('integer'),
    createdAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
  },
});
export class Survey extends SurveySchema.class {}
SurveySchema.setClass(Survey);

export const SurveyAnswerSchema = defineEntity({
  name: 'SurveyAnswer',
  tableName: 'survey_answers',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => newId()),
    complexId: p.uuid(),
    surveyId: p.uuid(),
    userId: p.uuid(),
    confirm: p.boolean(),
    answeredAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
  },
});
export class SurveyAnswer extends SurveyAnswerSchema.class {}
SurveyAnswerSchema.setClass(SurveyAnswer);
