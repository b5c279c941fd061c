// The votes plugin in the browser (issue 14): an administrator of Los Álamos creates a weighted vote and opens its
// results; two residents (residente@demo.test, Casa 1, and inquilino@demo.test, Casa 4) vote from their area on a
// phone; the quorum and the weighted results move live on the administrator's screen, with no reload.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, pickComplex, settled, signIn, startE2E } from './harness.ts';

const ALAMOS = 'Conjunto Los Álamos';
const TITLE = 'Asamblea extraordinaria de diciembre';
const QUESTION = '¿Aprueba el cambio de administradora?';

let e2e: E2E;
let admin: Page;

beforeAll(async () => {
  e2e = await startE2E('votes');
  const alamos = await e2e.complexId(ALAMOS);
  // Unequal aliquots, so that the weighted result differs from one unit one vote.
  await e2e.sql("update units set aliquot = '5.0000' where complex_id = ? and number = 'Casa 1'", [alamos]);
  await e2e.sql("update units set aliquot = '1.2500' where complex_id = ? and number = 'Casa 4'", [alamos]);
}, 120_000);
afterAll(() => e2e?.close());

/** A new page of `email` at `width`, on the votes list of their area, with the results of the test's vote open. */
async function openResults(email: string, width: number, area: 'administrador' | 'directiva') {
  const page = await e2e.newPage();
  await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
  await signIn(page, email);
  await page.waitForURL(new RegExp(`#/${area}/`));
  if (area === 'administrador') await pickComplex(page, ALAMOS);
  await page.goto(`${page.url().split('#')[0]}#/${area}/votacion`);
  const row = page.getByRole('row').filter({ hasText: TITLE });
  await row.getByRole('button', { name: 'Resultados' }).click();
  const results = page.getByRole('dialog', { name: `Resultados de «${TITLE}»` });
  await results.getByTestId('vote-quorum').waitFor();
  return { page, row, results };
}

async function residentVotes(email: string, option: string, shot: string) {
  const page = await e2e.newPage();
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, email);
  // The area's own landing first (a deep link opened before it would be replaced by it), then Mi hogar.
  await page.waitForURL(/#\/residente\/dashboard/);
  await page.goto(`${page.url().split('#')[0]}#/residente/hogar`);
  await settled(page);
  const card = page.getByTestId(`resident-vote-${TITLE}`);
  await card.waitFor();
  await card.getByRole('radio', { name: option }).check();
  await card.getByRole('button', { name: 'Votar' }).click();
  await page.getByText('Tu voto fue registrado').waitFor();
  await card.getByText(/Votaste el/).waitFor();
  await card.scrollIntoViewIfNeeded();
  await e2e.screenshot(page, shot);
  return page;
}

describe('a weighted vote in the browser', () => {
  it('is created by the administrator, voted by two residents, and its quorum and weighted results move live', async () => {
    admin = await e2e.newPage();
    await admin.setViewportSize({ width: 1366, height: 900 });
    await signIn(admin, 'admin@demo.test');
    await admin.waitForURL(/#\/administrador\/dashboard/);
    await pickComplex(admin, ALAMOS);
    await admin.getByRole('menuitem', { name: 'Votaciones', exact: true }).click();
    await admin.waitForURL(/#\/administrador\/votacion/);
    // The demo's open and finished votes.
    await admin.getByRole('row').filter({ hasText: 'Elección de directiva 2026' }).getByText('Finalizada').waitFor();
    await e2e.screenshot(admin, '1366-01-list');

    await admin.getByRole('button', { name: 'Nueva votación' }).click();
    const create = admin.getByRole('dialog', { name: 'Nueva votación' });
    await create.getByLabel('Nombre de la votación').fill('Asamblea, extraordinaria');
    await create.getByLabel('Pregunta 1').fill(QUESTION);
    await create.getByLabel('Opción 1').fill('Sí');
    await create.getByLabel('Opción 2').fill('No');
    await create.getByRole('button', { name: 'Crear votación' }).click();
    // The spec's rule: no '.', ',', '@' or quotes in a vote's texts.
    await create.getByText('No se permiten caracteres especiales (. , @ ni comillas).').waitFor();
    await create.getByLabel('Nombre de la votación').fill(TITLE);
    expect(await create.getByRole('switch', { name: /Ponderar por alícuota/ }).isChecked()).toBe(true);
    await e2e.screenshot(admin, '1366-02-create');
    await create.getByRole('button', { name: 'Crear votación' }).click();
    await admin.getByText('Votación creada correctamente').waitFor();
    await create.waitFor({ state: 'detached' });

    const row = admin.getByRole('row').filter({ hasText: TITLE });
    await row.getByText('En curso').waitFor();
    await row.getByRole('button', { name: 'Resultados' }).click();
    const results = admin.getByRole('dialog', { name: `Resultados de «${TITLE}»` });
    await results.getByText('En vivo').waitFor();
    await results.getByText('Aún no hay votos.').waitFor();
    const quorum = results.getByTestId('vote-quorum-percentage');
    expect(await quorum.textContent()).toBe('0 %');
    await e2e.screenshot(admin, '1366-03-results-empty');

    // Casa 1 (aliquot 5.0000) votes Sí: the quorum and the weighted bars move without a reload.
    const first = await residentVotes('residente@demo.test', 'Sí', '390-01-resident-voted');
    await results
      .getByTestId('vote-quorum-units')
      .getByText(/^1 de \d+ unidades/)
      .waitFor();
    await expect.poll(() => quorum.textContent()).not.toBe('0 %');
    const yes = results.getByTestId('vote-option-0-0');
    await yes.getByText('Ponderado: alícuota 5.0000, 100 %').waitFor();

    // Casa 4 (aliquot 1.2500) votes No: one unit one vote is 50/50, the aliquots decide 80/20 for Sí.
    await residentVotes('inquilino@demo.test', 'No', '390-02-tenant-voted');
    await results
      .getByTestId('vote-quorum-units')
      .getByText(/^2 de \d+ unidades/)
      .waitFor();
    await yes.getByText('Por unidad: 1 voto(s), 50 %').waitFor();
    await yes.getByText('Ponderado: alícuota 5.0000, 80 %').waitFor();
    await results.getByTestId('vote-option-0-1').getByText('Ponderado: alícuota 1.2500, 20 %').waitFor();
    await yes.getByText('Ganadora').waitFor();
    await results.getByTestId('vote-voters').getByText('Casa 4').waitFor();
    await e2e.screenshot(admin, '1366-04-results-live');

    // Casa 2's owner is at the assembly without voting: the office ticks 'Presente' and the quorum counts it.
    await results.getByRole('checkbox', { name: 'Presente Casa 2', exact: true }).click();
    await admin.getByText('Asistencia de Casa 2 registrada').waitFor();
    await results
      .getByTestId('vote-quorum-units')
      .getByText(/^3 de \d+ unidades/)
      .waitFor();
    await results.getByText('Cuentan las unidades que votaron (2) y las presentes sin votar (1).').waitFor();
    await expect.poll(() => results.getByRole('checkbox', { name: 'Presente Casa 2', exact: true }).isChecked()).toBe(true);
    await results.getByTestId('vote-non-voters').scrollIntoViewIfNeeded();
    await e2e.screenshot(admin, '1366-04a-attendance');

    // The office records Casa 3's proxy letter: the tenant of Casa 4 will vote for it.
    await results.getByRole('combobox', { name: 'Unidad' }).fill('Casa 3');
    await admin.getByRole('option', { name: 'Casa 3', exact: true }).click();
    const [tenantName] = await e2e.sql<{ name: string }>(
      "select first_name || ' ' || last_name as name from users where email = 'inquilino@demo.test'",
    );
    await results.getByRole('combobox', { name: 'Delegado' }).fill('inquilino@demo.test');
    await admin.getByRole('option', { name: `${tenantName.name} · Casa 4`, exact: true }).click();
    await results.getByRole('button', { name: 'Registrar poder' }).click();
    await admin.getByText('Poder registrado').waitFor();
    await results.getByTestId('vote-proxies').getByText('Casa 3').waitFor();
    await results.getByTestId('vote-proxies').getByText(tenantName.name).waitFor();
    await results.getByTestId('vote-proxies').scrollIntoViewIfNeeded();
    await e2e.screenshot(admin, '1366-04b-proxy');

    // The resident changes their vote until the end, and sees the results (figures only).
    const card = first.getByTestId(`resident-vote-${TITLE}`);
    await card.getByRole('button', { name: 'Ver resultados' }).click();
    await card.getByTestId('vote-quorum').waitFor();
    expect(await card.getByTestId('vote-voters').count()).toBe(0);
    await e2e.screenshot(first, '390-04-resident-results');
    await card.getByRole('radio', { name: 'No' }).check();
    await card.getByRole('button', { name: 'Cambiar mi voto' }).click();
    await first.getByText('Tu voto fue cambiado').waitFor();
    await expect
      .poll(() => results.getByTestId('vote-option-0-1').getByTestId('vote-option-weighted').textContent())
      .toBe('Ponderado: alícuota 6.2500, 100 %');
    // The same screen on a phone.
    const phone = await openResults('admin@demo.test', 390, 'administrador');
    await phone.results.getByTestId('vote-voters').getByText('Casa 4').waitFor();
    await e2e.screenshot(phone.page, '390-03-admin-results');
    expect(e2e.pageErrors).toEqual([]);
  });

  it('shows the board the same list and live results, read-only (/directiva/votacion)', async () => {
    const board = await e2e.newPage();
    await board.setViewportSize({ width: 1366, height: 900 });
    await signIn(board, 'directiva@demo.test');
    await board.waitForURL(/#\/directiva\//);
    await board.getByRole('menuitem', { name: 'Votaciones', exact: true }).click();
    await board.waitForURL(/#\/directiva\/votacion/);
    const row = board.getByRole('row').filter({ hasText: TITLE });
    await row.getByText('2 de 36 U.H. (5.56 %)').waitFor();
    expect(await board.getByRole('button', { name: 'Nueva votación' }).count()).toBe(0);
    expect(await row.getByRole('button', { name: 'Eliminar' }).count()).toBe(0);
    await row.getByRole('button', { name: 'Resultados' }).click();
    const results = board.getByRole('dialog', { name: `Resultados de «${TITLE}»` });
    await results.getByTestId('vote-voters').getByText('Casa 4').waitFor();
    expect(await results.getByRole('button', { name: 'Registrar poder' }).count()).toBe(0);
    await results.getByRole('button', { name: 'Informe PDF' }).waitFor();
    await e2e.screenshot(board, '1366-05-board-results');
    const phone = await openResults('directiva@demo.test', 390, 'directiva');
    await e2e.screenshot(phone.page, '390-05-board-results');
    expect(e2e.pageErrors).toEqual([]);
  });
});
