import type { DemoSeedContext } from '@conjunto/core';
import { Survey, SurveyAnswer } from './survey.entity.ts';

const DEMO_SURVEYS = [
  '¿Está de acuerdo con instalar cámaras adicionales en los parqueaderos?',
  '¿Aprueba pintar las fachadas este año?',
  '¿Le gustaría que el gimnasio abra los domingos?',
  '¿Está satisfecho con el servicio de guardianía?',
];

/** A few surveys per complex, the newest active, with answers from most residents. */
export async function seedSurveys({ em, complexes, residents, random }: DemoSeedContext) {
  for (const complex of complexes) {
    const surveys = DEMO_SURVEYS.map((title, i) =>
      em.create(Survey, {
        complexId: complex.id,
        title,
        displayDays: [30, 15, 7, 30][i],
        isActive: i === 0,
        createdAt: new Date(Date.now() - (i + 1) * 20 * 86_400_000),
      }),
    );
    for (const survey of surveys) {
      for (const resident of residents[complex.id] ?? []) {
        if (random() < 0.3) continue;
        em.create(SurveyAnswer, { complexId: complex.id, surveyId: survey.id, userId: resident.id, confirm: random() < 0.65 });
      }
    }
  }
}
