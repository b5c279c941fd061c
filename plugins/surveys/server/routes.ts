// /api/complexes/:complexId/surveys ... (the host has checked tenancy, the Encuestas switch and roles).
import { changesOf, ERROR_RESPONSES, ErrorSchema, fieldsOf, type HostServices, IdParams, type PluginApp } from '@conjunto/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import {
  AnswerCreateSchema,
  AnswerSchema,
  SurveyCreateSchema,
  SurveyParticipationSchema,
  SurveyResultsSchema,
  SurveySchema,
  SurveyUpdateSchema,
} from '../schemas.ts';
import { Survey } from './survey.entity.ts';
import {
  activeParticipation,
  answerSurvey,
  createSurvey,
  findActive,
  type SurveyWrite,
  surveyResults,
  updateSurvey,
} from './surveys.ts';

const tags = ['surveys'];

export const toSurvey = (s: Survey) => ({
  id: s.id,
  title: s.title,
  displayDays: s.displayDays,
  isActive: s.isActive,
  answerCount: s.answerCount ?? 0,
  createdAt: new Date(s.createdAt).toISOString(),
});

export async function surveyRoutes(app: PluginApp, host: HostServices) {
  const load = (request: FastifyRequest) => host.findOr404<Survey>(request, Survey, (request.params as { id: string }).id);
  const em = (request: FastifyRequest) => host.em(request);

  /** Writes and their audit entries, including the survey a change switched off. */
  const audited = (request: FastifyRequest, action: string, survey: Survey, changes: unknown, deactivated: Survey[] = []) => {
    host.audit(request, em(request), { resource: 'surveys', recordId: survey.id, action, changes, description: survey.title });
    for (const off of deactivated)
      host.audit(request, em(request), {
        resource: 'surveys',
        recordId: off.id,
        action: 'disable',
        changes: { isActive: [true, false] },
        description: off.title,
      });
    return em(request).flush();
  };

  host.listRoute(app, {
    resource: 'surveys',
    tags,
    summary: 'List surveys',
    entity: Survey,
    filters: { isActive: 'exact', displayDays: 'exact' },
    search: ['title'],
    sortable: ['title', 'displayDays', 'isActive', 'createdAt'],
    defaultSort: { field: 'createdAt', order: 'DESC' },
    item: SurveySchema,
    toItem: (row: Survey) => toSurvey(row),
  });

  app.get(
    '/surveys/active',
    {
      schema: {
        tags,
        summary: "The active survey and whether the caller answered it (residents' app)",
        response: { 200: Type.Object({ survey: Type.Union([SurveySchema, Type.Null()]), answered: Type.Boolean() }) },
      },
    },
    async (request) => {
      const { complexId, userId } = host.context(request);
      const survey = await findActive(em(request), complexId);
      const answered = survey
        ? (await em(request).execute('select 1 from survey_answers where survey_id = ? and user_id = ?', [survey.id, userId]))
            .length > 0
        : false;
      return { survey: survey && toSurvey(survey), answered };
    },
  );

  app.get(
    '/surveys/participation',
    {
      schema: {
        tags,
        summary: "The active survey's participation: units that answered of the active units (the dashboard)",
        response: { 200: SurveyParticipationSchema },
      },
    },
    (request) => activeParticipation(em(request), host.context(request).complexId),
  );

  app.get(
    '/surveys/:id',
    { schema: { tags, params: IdParams, response: { 200: SurveySchema, 404: ErrorSchema } } },
    async (request) => toSurvey(await load(request)),
  );

  app.post(
    '/surveys',
    {
      schema: {
        tags,
        summary: 'Create a survey (an active one switches the current one off)',
        body: SurveyCreateSchema,
        response: { 201: SurveySchema, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const body = fieldsOf(SurveyCreateSchema, request.body) as SurveyWrite & { title: string };
      const { survey, deactivated } = await createSurvey(em(request), host.context(request).complexId, body);
      await audited(
        request,
        'create',
        survey,
        { title: survey.title, displayDays: survey.displayDays, isActive: survey.isActive },
        deactivated,
      );
      return reply.status(201).send(toSurvey(survey));
    },
  );

  const update = async (request: FastifyRequest, data: SurveyWrite, action: string) => {
    const survey = await load(request);
    const before = toSurvey(survey);
    const { deactivated } = await updateSurvey(em(request), survey, data);
    await audited(request, action, survey, changesOf(before, toSurvey(survey)), deactivated);
    return toSurvey(survey);
  };

  app.put(
    '/surveys/:id',
    { schema: { tags, params: IdParams, body: SurveyUpdateSchema, response: { 200: SurveySchema, ...ERROR_RESPONSES } } },
    (request) => update(request, fieldsOf(SurveyUpdateSchema, request.body), 'update'),
  );
  app.post(
    '/surveys/:id/enable',
    {
      schema: {
        tags,
        summary: 'Enable (switches the current active survey off)',
        params: IdParams,
        response: { 200: SurveySchema, ...ERROR_RESPONSES },
      },
    },
    (request) => update(request, { isActive: true }, 'enable'),
  );
  app.post(
    '/surveys/:id/disable',
    { schema: { tags, summary: 'Disable', params: IdParams, response: { 200: SurveySchema, ...ERROR_RESPONSES } } },
    (request) => update(request, { isActive: false }, 'disable'),
  );

  app.delete(
    '/surveys/:id',
    {
      schema: {
        tags,
        summary: 'Delete a survey and its answers',
        params: IdParams,
        response: { 200: SurveySchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const survey = await load(request);
      const result = toSurvey(survey);
      em(request).remove(survey);
      await audited(request, 'delete', survey, result);
      return result;
    },
  );

  app.get(
    '/surveys/:id/results',
    {
      schema: {
        tags,
        summary: 'Counts, percentages and participants per option',
        params: IdParams,
        response: { 200: SurveyResultsSchema, 404: ErrorSchema },
      },
    },
    async (request) => surveyResults(em(request), await load(request)),
  );

  app.post(
    '/surveys/:id/answers',
    {
      schema: {
        tags,
        summary: 'Answer the active survey (once per user)',
        params: IdParams,
        body: AnswerCreateSchema,
        response: { 201: AnswerSchema, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const survey = await load(request);
      const { userId } = host.context(request);
      const answer = await em(request).transactional(async (tx: SqlEntityManager) => {
        const created = await answerSurvey(tx, survey, userId, request.body.confirm);
        host.audit(request, tx, {
          resource: 'survey-answers',
          recordId: created.id,
          action: 'create',
          changes: { surveyId: survey.id, confirm: created.confirm },
          description: survey.title,
        });
        return created;
      });
      return reply.status(201).send(answer);
    },
  );
}
