import { defineServerPlugin } from '@conjunto/core';
import manifest from '../manifest.ts';
import { surveysInit } from './migrations/0001_surveys.ts';
import { surveyRoutes } from './routes.ts';
import { seedSurveys } from './seed.ts';
import { Survey, SurveyAnswer } from './survey.entity.ts';

export default defineServerPlugin({
  manifest,
  entities: [Survey, SurveyAnswer],
  migrations: [surveysInit],
  routes: surveyRoutes,
  seedDemo: seedSurveys,
});
