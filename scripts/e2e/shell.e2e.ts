// The shell speaks Spanish: the sign-in page's error for a bad password, and no English word of react-admin
// on the administrator's units list (its toolbar, search, pagination and user menu).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, pickComplex, signIn, startE2E } from './harness.ts';

/** react-admin's English texts that its Spanish messages must replace (ra-language-english). */
const ENGLISH = [
  'Rows per page',
  'Export',
  'Create',
  'Search',
  'Dashboard',
  'Logout',
  'Refresh',
  'Profile',
  'No results',
  'Select all',
  'Sort',
  'Delete',
  'Close',
  'Open menu',
  'Close menu',
  'Skip to content',
  'Go to',
  'page',
  'pagination',
  'Yes',
  'True',
  'False',
];
const ENGLISH_WORD = new RegExp(`\\b(${ENGLISH.join('|')})\\b`, 'i');
/** "1-25 of 32" in the pagination. */
const ENGLISH_RANGE = /\d+\s*-\s*\d+ of \d+/;

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E('shell');
});

afterAll(async () => {
  await e2e?.close();
});

describe('the shell in Spanish', () => {
  it("answers 'Usuario o contraseña incorrectos' to a bad password and stays on the sign-in page", async () => {
    const page = await e2e.newPage();
    await page.goto('/#/');
    await page.getByText('Administración de conjuntos residenciales').waitFor();
    await e2e.screenshot(page, '01-login');

    await signIn(page, 'admin@demo.test', 'contraseña-equivocada');
    const alert = page.getByRole('alert').filter({ hasText: 'Usuario o contraseña incorrectos' });
    await alert.waitFor();
    expect((await alert.textContent())?.trim()).toBe('Usuario o contraseña incorrectos');
    expect(new URL(page.url()).hash).toBe('#/');
    expect(await page.evaluate(() => localStorage.getItem('conjunto.token'))).toBeNull();
    await e2e.screenshot(page, '02-login-bad-password');

    // An unknown account gets the same answer (no hint that the e-mail exists).
    await signIn(page, 'nadie@demo.test', 'demo1234');
    await alert.waitFor();
    expect(await page.getByRole('alert').count()).toBe(1);
  });

  it("shows no English word of react-admin on the administrator's units list", async () => {
    const page = await e2e.newPage();
    await signIn(page, 'admin@demo.test');
    await page.waitForURL(/#\/administrador\/dashboard/);
    await pickComplex(page, 'Conjunto Los Álamos');
    await page.getByRole('menuitem', { name: 'Unidades habitacionales', exact: true }).click();
    await page.waitForURL(/#\/administrador\/unidadesHabitacionales/);
    await page
      .getByRole('cell', { name: 'Casa 1', exact: true })
      .or(page.getByRole('cell', { name: 'Dpto 1', exact: true }))
      .first()
      .waitFor();
    // The Spanish texts are there ...
    await page.getByText('Filas por página:').waitFor();
    await page.getByRole('link', { name: 'Crear', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Exportar', exact: true }).waitFor();
    await page.getByPlaceholder('Buscar').waitFor();
    await page.getByText(/^1-25 de \d+$/).waitFor();
    // Spec 002 §2.5: first, previous, next and last controls.
    for (const name of [
      'Ir a la primera página',
      'Ir a la página anterior',
      'Ir a la página siguiente',
      'Ir a la última página',
    ]) {
      await page.getByRole('button', { name, exact: true }).waitFor();
    }
    await e2e.screenshot(page, '03-units-list');

    // ... and no English, neither on the screen nor in what a screen reader says (labels, tooltips, placeholders).
    const english = () =>
      page.evaluate(
        ({ word, range }) => {
          const words = new RegExp(word, 'i');
          const ranges = new RegExp(range);
          const found: string[] = [];
          // innerText, not textContent: what is rendered (visible, one line per block) is the point.
          const text = document.body.innerText;
          for (const line of text.split('\n')) if (words.test(line) || ranges.test(line)) found.push(`text: ${line.trim()}`);
          for (const el of document.querySelectorAll('[aria-label], [title], [placeholder]')) {
            for (const attr of ['aria-label', 'title', 'placeholder']) {
              const value = el.getAttribute(attr);
              if (value && words.test(value)) found.push(`${attr}: ${value}`);
            }
          }
          return found;
        },
        { word: ENGLISH_WORD.source, range: ENGLISH_RANGE.source },
      );
    expect(await english()).toEqual([]);
    // (The check itself finds English when there is some.)
    await page.evaluate(() => {
      const probe = document.createElement('span');
      probe.id = 'e2e-probe';
      probe.textContent = 'Rows per page: 1-25 of 32';
      probe.setAttribute('aria-label', 'Export');
      document.body.append(probe);
    });
    expect(await english()).toEqual(['text: Rows per page: 1-25 of 32', 'aria-label: Export']);
    await page.evaluate(() => document.getElementById('e2e-probe')?.remove());

    // The user menu too.
    await page.getByRole('button', { name: 'Perfil' }).filter({ hasText: 'Andrea Administradora' }).click();
    await page.getByRole('menuitem', { name: 'Cerrar sesión' }).waitFor();
    expect(await english()).toEqual([]);
    await e2e.screenshot(page, '04-units-list-user-menu');
    await page.keyboard.press('Escape');

    expect(e2e.pageErrors).toEqual([]);
  });

  it("names a phone's icon-only user menu in Spanish", async () => {
    // Below 600 px the name leaves the button: react-admin names it 'Profile' unless its label is a known key.
    const phone = await e2e.newPage();
    await phone.setViewportSize({ width: 390, height: 844 });
    await signIn(phone, 'admin@demo.test');
    await phone.waitForURL(/#\/administrador\/dashboard/);
    await phone.getByRole('button', { name: 'Perfil', exact: true }).waitFor();
    expect(await phone.locator('[aria-label="Profile"], [title="Profile"]').count()).toBe(0);
  });
});

describe('English, for the test role', () => {
  it('loads only when chosen: the shell and the plugins speak it, and it survives a reload', async () => {
    const page = await e2e.newPage();
    const scripts: string[] = [];
    page.on('response', (r) => r.url().endsWith('.js') && scripts.push(new URL(r.url()).pathname));
    await signIn(page, 'multi@demo.test');
    await page.waitForURL(/#\/administrador\/dashboard/);
    await pickComplex(page, 'Conjunto Los Álamos');
    await page.getByRole('menuitem', { name: 'Unidades habitacionales', exact: true }).waitFor();
    // Spanish users never download the English messages (issue 11's weight of the first load).
    expect(scripts.filter((s) => /\/(en|ra-language-english)[-.]/.test(s))).toEqual([]);

    await page.getByRole('button', { name: 'Idioma' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    // The shell's entry and a plugin's (its English tree is a chunk of its own).
    await page.getByRole('menuitem', { name: 'Housing units', exact: true }).waitFor();
    await page.getByRole('menuitem', { name: 'Plates', exact: true }).waitFor();
    expect(scripts.filter((s) => /\/en-[\w-]+\.js$/.test(s)).length).toBeGreaterThan(1);

    await page.reload();
    await page.getByRole('menuitem', { name: 'Plates', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Language' }).click();
    await page.getByRole('menuitem', { name: 'Español' }).click();
    await page.getByRole('menuitem', { name: 'Placas', exact: true }).waitFor();
    expect(e2e.pageErrors).toEqual([]);
  });
});

describe('forms', () => {
  it("focuses the first field the server refused: a unit's number already taken", async () => {
    const page = await e2e.newPage();
    await signIn(page, 'admin@demo.test');
    await page.waitForURL(/#\/administrador\/dashboard/);
    await pickComplex(page, 'Conjunto Los Álamos');
    await page.getByRole('menuitem', { name: 'Unidades habitacionales', exact: true }).click();
    await page.getByRole('link', { name: 'Crear', exact: true }).click();
    const number = page.getByRole('textbox', { name: /^Número/ });
    await number.fill('Casa 1');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('¡Esta U.H. ya existe!').first().waitFor();
    await expect.poll(() => number.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(e2e.pageErrors).toEqual([]);
  });
});

describe('the session and the page policy (Content-Security-Policy)', () => {
  it('keeps no token where a script can read it, survives a reload, signs out for good, and breaks no CSP rule', async () => {
    const page = await e2e.newPage();
    const first = await page.goto('/');
    const policy = String(first?.headers()['content-security-policy']);
    expect(policy).toContain("default-src 'self'; script-src 'self'; style-src 'self' 'nonce-");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(first?.headers()['x-content-type-options']).toBe('nosniff');
    expect(first?.headers()['referrer-policy']).toBe('no-referrer');

    await signIn(page, 'admin@demo.test');
    await page.waitForURL(/#\/administrador\/dashboard/);
    await pickComplex(page, 'Conjunto Los Álamos');
    await page.getByRole('menuitem', { name: 'Unidades habitacionales', exact: true }).click();
    await page.getByText('Filas por página:').waitFor();
    // No access or refresh token in localStorage, sessionStorage or a script-readable cookie.
    const stored = await page.evaluate(() => [
      ...Object.entries(localStorage),
      ...Object.entries(sessionStorage),
      ['cookie', document.cookie],
    ]);
    const tokenLike = /eyJ[\w-]+\.[\w-]+|[0-9a-f-]{36}\.[\w-]{20,}/;
    expect(stored.filter(([, value]) => tokenLike.test(value))).toEqual([]);
    expect(stored.map(([key]) => key)).not.toContain('conjunto.token');
    const cookies = await page.context().cookies();
    expect(cookies.map((c) => [c.name, c.httpOnly, c.sameSite, c.path])).toEqual([
      ['conjunto_refresh', true, 'Strict', '/api/auth'],
    ]);

    // A reload keeps the sign-in (a new access token from the cookie) and the screen.
    await page.reload();
    await page.waitForURL(/#\/administrador\/unidadesHabitacionales/);
    await page.getByText('Filas por página:').waitFor();
    await page.getByRole('button', { name: 'Perfil' }).filter({ hasText: 'Andrea Administradora' }).waitFor();

    // Signing out ends it: a reload stays on the sign-in page.
    await page.getByRole('button', { name: 'Perfil' }).filter({ hasText: 'Andrea Administradora' }).click();
    await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
    await page.getByLabel('Correo electrónico').waitFor();
    await page.reload();
    await page.getByLabel('Correo electrónico').waitFor();
    expect(new URL(page.url()).hash).toBe('#/');

    // The API documentation keeps working under its own policy.
    await page.goto('/api/docs');
    await page.getByText('Conjunto API').first().waitFor();
    await e2e.screenshot(page, '05-api-docs');

    expect(e2e.cspViolations).toEqual([]);
    expect(e2e.pageErrors).toEqual([]);
  });
});
