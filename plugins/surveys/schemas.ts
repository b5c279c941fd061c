// TypeBox schemas: request/response validation on the server, OpenAPI, and the admin's validators.
import { type Static, Type } from 'typebox';
import { SURVEY_DAYS_DEFAULT, SURVEY_DAYS_MAX, SURVEY_DAYS_MIN, SURVEY_TITLE_MAX } from './manifest.ts';

export const SurveySchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  title: Type.String(),
  displayDays: Type.Integer(),
  isActive: Type.Boolean(),
  answerCount: Type.Integer(),
  createdAt: Type.String({ format: 'date-time' }),
});

export const SurveyCreateSchema = Type.Object(
  {
    title: Type.String({ minLength: 1, maxLength: SURVEY_TITLE_MAX }),
    displayDays: Type.Optional(
      Type.Integer({ minimum: SURVEY_DAYS_MIN, maximum: SURVEY_DAYS_MAX, default: SURVEY_DAYS_DEFAULT }),
    ),
    isActive: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

export const SurveyUpdateSchema = Type.Partial(SurveyCreateSchema, { additionalProperties: false });

export const AnswerCreateSchema = Type.Object({ confirm: Type.Boolean() }, { additionalProperties: false });

export const AnswerSchema = Type.Object({
  id: Type.String(),
  surveyId: Type.String(),
  userId: Type.String(),
  confirm: Type.Boolean(),
  answeredAt: Type.String({ format: 'date-time' }),
});

const Participant = Type.Object({ userId: Type.String(), name: Type.String(), answeredAt: Type.String() });

export const SurveyResultsSchema = Type.Object({
  surveyId: Type.String(),
  title: Type.String(),
  total: Type.Integer(),
  options: Type.Array(
    Type.Object({
      /** 'Sí' or 'No' */
      label: Type.String(),
      confirm: Type.Boolean(),
      count: Type.Integer(),
      /** 0..100, two decimals */
      percentage: Type.Number(),
      participants: Type.Array(Participant),
    }),
  ),
});

/** The active survey's participation (the dashboard): units with at least one answer of their residents. */
export const SurveyParticipationSchema = Type.Object({
  survey: Type.Union([Type.Object({ id: Type.String(), title: Type.String() }), Type.Null()]),
  /** Active units whose holder or a resident living there answered. */
  answeredUnits: Type.Integer(),
  /** The complex's active units. */
  eligibleUnits: Type.Integer(),
  /** answeredUnits of eligibleUnits, 0..100, two decimals. */
  percentage: Type.Number(),
  answers: Type.Integer(),
});

export type Survey = Static<typeof SurveySchema>;
export type SurveyParticipation = Static<typeof SurveyParticipationSchema>;
export type SurveyCreate = Static<typeof SurveyCreateSchema>;
export type SurveyResults = Static<typeof SurveyResultsSchema>;
