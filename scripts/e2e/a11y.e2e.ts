// Accessibility: axe-core (the engine of Lighthouse's and Deque's checks) run in the page on the administrator's
// dashboard, one list (Ingresos) and one form (Nuevo ingreso), and the residents' list, form and edit screen with
// its actions: no 'serious' or 'critical' violation.
// axe's source goes in through the debugging protocol (page.evaluate), not a <script> tag, which the page's
// Content-Security-Policy would rightly block (its nonces; server/src/security-headers.ts), and the harness
// fails a test on any CSP violation.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, pickComplex, settled, signIn, startE2E } from './harness.ts';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const ALAMOS = 'Conjunto Los Álamos';

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; html: string; text?: string; failureSummary?: string }[];
}

/**
 * The serious and critical violations axe finds on the page once its transitions have ended, one line each (rule,
 * help, elements). A section fading in measured as a button of 2.27:1 contrast half-way through its fade.
 */
async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  // Finite ones only: a spinner turns for ever. Until none has run for 300 ms: a section that loads late starts its
  // own fade after the first ones have ended.
  await page.evaluate(async () => {
    const running = () => document.getAnimations().filter((a) => a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY);
    for (let quiet = 0; quiet < 3; ) {
      const animations = running();
      quiet = animations.length ? 0 : quiet + 1;
      await Promise.all(animations.map((a) => a.finished.catch(() => undefined)));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
  const violations = await page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is the global its source just defined
    const axe = (window as any).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    // The element's text says which one it is better than its generated class names.
    for (const violation of result.violations as Violation[])
      for (const node of violation.nodes) node.text = document.querySelector(String(node.target[0]))?.textContent?.slice(0, 60);
    return result.violations as Violation[];
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => `${JSON.stringify(n.target)} «${n.text}» ${n.html.slice(0, 160)} (${n.failureSummary})`).join(', ')}`,
    );
}

let e2e: E2E;
let admin: Page;
beforeAll(async () => {
  e2e = await startE2E('a11y');
  admin = await e2e.newPage();
  await signIn(admin, 'admin@demo.test');
  await admin.waitForURL(/#\/administrador\/dashboard/);
  await pickComplex(admin, ALAMOS);
});
afterAll(async () => {
  await e2e?.close();
});

const menuEntry = (page: Page, name: string) => page.getByRole('menuitem', { name, exact: true });

describe('accessibility (axe-core): no serious or critical violation', () => {
  it("on the administrator's dashboard", async () => {
    await settled(admin);
    expect(await seriousViolations(admin)).toEqual([]);
  });

  it('on a list (Ingresos)', async () => {
    await menuEntry(admin, 'Ingresos').click();
    await admin.waitForURL(/#\/administrador\/ingresos/);
    await admin.getByRole('columnheader', { name: 'Pagador', exact: true }).waitFor();
    await settled(admin);
    expect(await seriousViolations(admin)).toEqual([]);
  });

  it('on a form (Nuevo ingreso)', async () => {
    await admin.getByRole('link', { name: 'Nuevo ingreso' }).click();
    await admin.waitForURL(/ingresos\/create/);
    await admin.getByText('Datos del ingreso').waitFor();
    await settled(admin);
    expect(await seriousViolations(admin)).toEqual([]);
  });

  it("on a list while it reloads (the app bar's spinner)", async () => {
    // The list's answers are held until axe has looked at the spinner a reload shows.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await admin.route('**/api/complexes/**', async (route) => {
      await held;
      await route.continue();
    });
    await admin.getByRole('button', { name: 'Actualizar' }).click();
    await admin.locator('.RaLoadingIndicator-loader').waitFor();
    const violations = await seriousViolations(admin);
    release();
    // The held requests may be answered by the removal itself: their own continue then has nothing left to do.
    await admin.unrouteAll({ behavior: 'ignoreErrors' });
    expect(violations).toEqual([]);
  });

  it("on the residents' list, with its tabs", async () => {
    await menuEntry(admin, 'Residentes').click();
    await admin.waitForURL(/#\/administrador\/residente/);
    await admin.getByRole('tab', { name: 'Sin unidad asignada' }).waitFor();
    await admin.getByRole('row').filter({ hasText: 'residente@demo.test' }).waitFor();
    await settled(admin);
    expect(await seriousViolations(admin)).toEqual([]);
  });

  it("on the resident's form with its errors, and on the edit screen", async () => {
    await admin.getByRole('link', { name: 'Crear' }).click();
    await admin.waitForURL(/residente\/create/);
    await admin.getByRole('textbox', { name: 'Correo', exact: true }).fill('no-es-correo');
    await admin.getByRole('button', { name: 'Guardar' }).click();
    await admin.getByText('¡Correo inválido!').waitFor();
    expect(await seriousViolations(admin)).toEqual([]);
    await admin.goBack();
    await admin.getByRole('row').filter({ hasText: 'residente@demo.test' }).click();
    await admin.getByRole('button', { name: 'Cerrar sesiones' }).waitFor();
    await settled(admin);
    // The plugins' sections load after the form: their app-bar spinner is a passing state, not the screen.
    await admin.locator('.RaLoadingIndicator-loader').waitFor({ state: 'detached' });
    expect(await seriousViolations(admin)).toEqual([]);
  });
});
