// The surveys plugin in the browser: an administrator creates a survey on 'Conjunto El Bosque', enables it
// (after the warning that names the survey it replaces), sees it active and its results chart; platform staff
// then switch the complex's 'Encuestas' module off, and the administrator loses the menu entry while the API
// answers 404 for that complex only.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiStatus, DEMO_PASSWORD, type E2E, pickComplex, signIn, startE2E } from './harness.ts';

const BOSQUE = 'Conjunto El Bosque';
const ALAMOS = 'Conjunto Los Álamos';
/** The demo's active survey in every complex (plugins/surveys/server/seed.ts). */
const SEEDED_ACTIVE = '¿Está de acuerdo con instalar cámaras adicionales en los parqueaderos?';
const TITLE = '¿Aprueba cambiar el horario de la piscina?';

let e2e: E2E;
let admin: Page;
let bosqueId: string;
let alamosId: string;

const menuEntry = (page: Page, name: string) => page.getByRole('menuitem', { name, exact: true });
const surveyRow = (page: Page, title: string) => page.getByRole('row').filter({ hasText: title });

/** Residents answer the active survey from their app (POST .../answers with an app session). */
async function residentsAnswer(surveyId: string, answers: boolean[]) {
  const em = e2e.server.db.orm.em.fork();
  const residents = (await em
    .getConnection()
    .execute(`select email from users where residence_complex_id = ? and roles @> '["residente"]' order by email limit ?`, [
      bosqueId,
      answers.length,
    ])) as { email: string }[];
  // The demo gives only Los Álamos' first resident a password: give these the demo one.
  await em.getConnection().execute(
    `update users set password_hash = (select password_hash from users where email = 'admin@demo.test') where email in (${residents.map(() => '?').join(',')})`,
    residents.map((r) => r.email),
  );
  for (const [i, { email }] of residents.entries()) {
    const login = await e2e.server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: DEMO_PASSWORD, client: 'app' },
    });
    expect(login.statusCode, login.body).toBe(200);
    const answer = await e2e.server.app.inject({
      method: 'POST',
      url: `/api/complexes/${bosqueId}/surveys/${surveyId}/answers`,
      headers: { authorization: `Bearer ${login.json().token}` },
      payload: { confirm: answers[i] },
    });
    expect(answer.statusCode, answer.body).toBe(201);
  }
}

beforeAll(async () => {
  e2e = await startE2E('surveys');
  bosqueId = await e2e.complexId(BOSQUE);
  alamosId = await e2e.complexId(ALAMOS);
});

afterAll(async () => {
  await e2e?.close();
});

describe('surveys in the browser', () => {
  it('an administrator creates a survey on El Bosque, enables it and sees its results chart', async () => {
    admin = await e2e.newPage();
    await signIn(admin, 'admin@demo.test');
    await admin.waitForURL(/#\/administrador\/dashboard/);
    await pickComplex(admin, BOSQUE);
    await admin.getByText(`Administrador · ${BOSQUE}`).waitFor();
    await e2e.screenshot(admin, '01-admin-dashboard-el-bosque');

    await menuEntry(admin, 'Encuestas').click();
    await admin.waitForURL(/#\/administrador\/encuestas/);
    await admin.getByText('Solo puede haber una encuesta activa a la vez', { exact: false }).waitFor();
    await expect.poll(() => surveyRow(admin, SEEDED_ACTIVE).getByText('Activa', { exact: true }).count()).toBe(1);
    await e2e.screenshot(admin, '02-survey-list');

    // Create it inactive.
    await admin.getByRole('button', { name: 'Nueva encuesta' }).click();
    const create = admin.getByRole('dialog', { name: 'Nueva encuesta' });
    await create.getByLabel('Nombre').fill(TITLE);
    await create.getByLabel('Días de visualización').fill('7');
    await e2e.screenshot(admin, '03-new-survey-dialog');
    await create.getByRole('button', { name: 'Guardar' }).click();
    await admin.getByText('Encuesta creada correctamente').waitFor();
    await create.waitFor({ state: 'detached' });
    const row = surveyRow(admin, TITLE);
    await row.getByText('Inactiva', { exact: true }).waitFor();
    expect(await row.getByRole('cell').allTextContents()).toContain('7');
    await e2e.screenshot(admin, '04-survey-created-inactive');

    // Enabling it warns that the demo's active survey will be switched off, naming both.
    await row.getByRole('button', { name: 'Activar' }).click();
    const warning = admin.getByRole('dialog', { name: 'Cambiar la encuesta activa' });
    await warning.waitFor();
    expect(await warning.textContent()).toContain(
      `La encuesta «${SEEDED_ACTIVE}» está activa y se desactivará al activar «${TITLE}». ¿Desea continuar?`,
    );
    await e2e.screenshot(admin, '05-enable-warning-names-active-survey');
    await warning.getByRole('button', { name: 'Continuar' }).click();
    await admin.getByText('Encuesta activada').waitFor();
    await row.getByText('Activa', { exact: true }).waitFor();
    await surveyRow(admin, SEEDED_ACTIVE).getByText('Inactiva', { exact: true }).waitFor();
    // Only one survey is active.
    await expect.poll(() => admin.getByRole('cell').getByText('Activa', { exact: true }).count()).toBe(1);
    await e2e.screenshot(admin, '06-survey-active');

    // Three residents answer it from their app: 2 yes, 1 no.
    const [{ id: surveyId }] = (await e2e.server.db.orm.em
      .fork()
      .getConnection()
      .execute('select id from surveys where complex_id = ? and title = ?', [bosqueId, TITLE])) as { id: string }[];
    await residentsAnswer(surveyId, [true, false, true]);
    await admin.reload();
    await expect.poll(() => row.getByRole('cell').allTextContents()).toContain('3');

    await row.getByRole('button', { name: 'Ver resultados' }).click();
    const results = admin.getByRole('dialog', { name: `Resultados de «${TITLE}»` });
    await results.waitFor();
    // The pie: one sector per option, labelled with its share (the labels show once its animation ends).
    await expect.poll(() => results.locator('svg .recharts-pie-sector').count()).toBe(2);
    await results.getByText('Sí 66.67 %').waitFor();
    await results.getByText('No 33.33 %').waitFor();
    const totals = results.getByRole('table', { name: 'Respuestas Sí / No' });
    expect(await totals.getByRole('row').allInnerTexts()).toEqual([
      'Opción\tRespuestas\tPorcentaje',
      'Sí\t2\t66.67 %',
      'No\t1\t33.33 %',
      'Total\t3\t100 %',
    ]);
    await results.getByRole('tab', { name: 'Sí (2)' }).waitFor();
    await e2e.screenshot(admin, '07-results-chart');
    await results.getByRole('button', { name: 'Cerrar' }).click();
    await results.waitFor({ state: 'detached' });

    // The selected surveys disabled at once (the active one among them).
    for (const title of [TITLE, SEEDED_ACTIVE]) await surveyRow(admin, title).getByRole('checkbox').check();
    await admin.locator('.RaBulkActionsToolbar-toolbar').getByRole('button', { name: 'Desactivar' }).click();
    await admin.getByText('Encuesta desactivada').waitFor();
    await row.getByText('Inactiva', { exact: true }).waitFor();
    await expect.poll(() => admin.getByRole('cell').getByText('Activa', { exact: true }).count()).toBe(0);
  });

  it('platform staff switch the Encuestas module off for El Bosque on its edit screen', async () => {
    const staff = await e2e.newPage();
    await signIn(staff, 'superadmin@demo.test');
    await staff.waitForURL(/#\/superAdmin\/dashboard/);
    await menuEntry(staff, 'Conjuntos').click();
    await staff.getByRole('cell', { name: BOSQUE, exact: true }).click();
    await staff.waitForURL(new RegExp(`#/superAdmin/conjuntos/${bosqueId}`));
    await staff.getByText('Cada cambio se guarda al instante.').waitFor();
    const toggle = staff.getByRole('switch', { name: 'Encuestas', exact: true });
    await toggle.waitFor();
    expect(await toggle.isChecked()).toBe(true);
    await e2e.screenshot(staff, '08-complex-edit-modules-on');

    await toggle.uncheck();
    await staff.getByText('Módulo "Encuestas" desactivado.').waitFor();
    expect(await toggle.isChecked()).toBe(false);
    await e2e.screenshot(staff, '09-complex-edit-encuestas-off');
    // Saved on the server, not only on the screen.
    await staff.reload();
    await staff.getByRole('switch', { name: 'Encuestas', exact: true }).waitFor();
    expect(await staff.getByRole('switch', { name: 'Encuestas', exact: true }).isChecked()).toBe(false);
  });

  it("the administrator loses 'Encuestas' on El Bosque (menu and API), and keeps it on Los Álamos", async () => {
    // The administrator's tab was left open on the surveys list: moving on re-reads the complex's modules.
    await menuEntry(admin, 'Unidades habitacionales').click();
    await admin.waitForURL(/#\/administrador\/unidadesHabitacionales/);
    await menuEntry(admin, 'Encuestas').waitFor({ state: 'detached', timeout: 10_000 });
    await menuEntry(admin, 'Unidades habitacionales').waitFor();
    await e2e.screenshot(admin, '10-admin-menu-without-encuestas');

    // A bookmark of the list answers the not-found page.
    await admin.goto('/#/administrador/encuestas');
    await admin.getByRole('heading', { level: 1, name: 'Página no encontrada' }).waitFor();
    expect(await menuEntry(admin, 'Encuestas').count()).toBe(0);
    await e2e.screenshot(admin, '11-admin-surveys-url-not-found');

    expect(await apiStatus(admin, `/api/complexes/${bosqueId}/surveys`)).toBe(404);
    expect(await apiStatus(admin, `/api/complexes/${alamosId}/surveys`)).toBe(200);

    // The switch is per complex: on Los Álamos the entry is still there.
    await admin.goto('/#/administrador/dashboard');
    await pickComplex(admin, ALAMOS);
    await menuEntry(admin, 'Encuestas').waitFor();
    await e2e.screenshot(admin, '12-admin-los-alamos-keeps-encuestas');

    expect(e2e.pageErrors).toEqual([]);
  });
});
