// A password link from the outbox e-mail: the page checks it, sets the password (errors under the fields), and
// the new password signs in; a spent link shows the plain "no longer valid" message with the way to sign in.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queuePasswordLinkMail } from '../../server/src/auth/password-links.ts';
import { type E2E, signIn, startE2E } from './harness.ts';

let e2e: E2E;

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's serious and critical violations on the page (as a11y.e2e.ts runs it: through the debugging protocol). */
async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is the global its source just defined
    const result = await (window as any).axe.run(document, { resultTypes: ['violations'] });
    return (result.violations as { id: string; impact: string | null }[])
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.impact} ${v.id}`);
  });
}

beforeAll(async () => {
  e2e = await startE2E('password-link');
});

afterAll(async () => {
  await e2e?.close();
});

/** Queues the e-mail as the host would and answers the link it carries, on this test's server. */
async function mailedLink(email: string, purpose: 'invite' | 'reset'): Promise<string> {
  const [user] = await e2e.sql<{ id: string }>('select id from users where email = ?', [email]);
  const complexId = await e2e.complexId('Conjunto Los Álamos');
  const { mailId } = await queuePasswordLinkMail(e2e.server.db.orm.em.fork(), {
    mail: e2e.server.app.mail,
    userId: user.id,
    purpose,
    complexId,
    origin: e2e.baseUrl,
  });
  const [mail] = await e2e.sql<{ text: string }>('select text from mail_outbox where id = ?', [mailId]);
  const link = /https?:\/\/\S+\/#\/contrasena\/[A-Za-z0-9_-]{43}/.exec(mail.text)?.[0];
  if (!link) throw new Error(`No link in:\n${mail.text}`);
  return link;
}

describe('the password link page', () => {
  it('sets the password from an invitation, and the new password signs in', async () => {
    const link = await mailedLink('admin@demo.test', 'invite');
    const page = await e2e.newPage();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await page.goto(link);
    await page.getByRole('heading', { name: 'Crear contraseña' }).waitFor();
    await page.getByText('admin@demo.test').waitFor();
    // The token never leaves the browser in a URL (it travels in the check's body only).
    const token = link.split('/').pop()!;
    expect(requested.filter((url) => url.includes(token))).toEqual([]);
    await e2e.screenshot(page, '01-form');

    const save = page.getByRole('button', { name: 'Guardar contraseña' });
    await save.click();
    expect(await page.getByText('¡Este campo es requerido!').count()).toBe(2);
    await page.getByLabel(/^Nueva contraseña/).fill('corta');
    await page.getByLabel(/^Confirmar contraseña/).fill('otra');
    await save.click();
    await page.getByText('Mínimo 8 caracter(es).').waitFor();
    await page.getByText('Las contraseñas no coinciden.').waitFor();
    await e2e.screenshot(page, '02-errors');
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 800 });
    await e2e.screenshot(page, '03-errors-390');
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.getByLabel(/^Nueva contraseña/).fill('mi-clave-nueva');
    await page.getByLabel(/^Confirmar contraseña/).fill('mi-clave-nueva');
    await save.click();
    await page.getByText('Contraseña guardada. Ya puede iniciar sesión.').waitFor();
    await e2e.screenshot(page, '04-saved');
    await page.getByRole('link', { name: 'Iniciar sesión' }).click();
    await page.getByLabel('Correo electrónico').waitFor();

    await signIn(page, 'admin@demo.test', 'mi-clave-nueva');
    await page.waitForURL(/#\/administrador/);

    // The link is spent: opened again, it says so plainly and leads to the sign-in.
    const again = await e2e.newPage();
    await again.goto(link);
    await again.getByText('El enlace ya no es válido. Solicite uno nuevo a la administración.').waitFor();
    await e2e.screenshot(again, '05-invalid');
    expect(await seriousViolations(again)).toEqual([]);
    await again.setViewportSize({ width: 390, height: 800 });
    await e2e.screenshot(again, '06-invalid-390');
    await again.getByRole('link', { name: 'Iniciar sesión' }).click();
    await again.getByLabel('Correo electrónico').waitFor();
    expect(e2e.pageErrors).toEqual([]);
  });

  it('titles a reset link, and works at 390 px', async () => {
    const link = await mailedLink('multi@demo.test', 'reset');
    const page = await e2e.newPage();
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto(link);
    await page.getByRole('heading', { name: 'Restablecer contraseña' }).waitFor();
    await e2e.screenshot(page, '07-reset-390');
    await page.getByLabel(/^Nueva contraseña/).fill('clave-restablecida');
    await page.getByLabel(/^Confirmar contraseña/).fill('clave-restablecida');
    await page.getByRole('button', { name: 'Guardar contraseña' }).click();
    await page.getByText('Contraseña guardada. Ya puede iniciar sesión.').waitFor();
    await e2e.screenshot(page, '08-saved-390');
    const [row] = await e2e.sql<{ n: number }>(
      "select count(*)::int as n from password_links l join users u on u.id = l.user_id where u.email = 'multi@demo.test' and l.used_at is not null",
    );
    expect(row.n).toBe(1);
    expect(e2e.pageErrors).toEqual([]);
  });
});
