// The guard's home (spec 002 §2.2 and §4, issue 13) in the browser, at 1366 px and on a 390 px phone: the post
// picked in 'CONJUNTO CON MULTIPLES GARITAS' (Los Álamos has two), an entry registered and seen among those inside,
// the same person refused while inside and their exit offered, the exit from the list, and a black-listed visitor's
// red notice with 'Aprobar la entrada'.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, pickGuardPost, signIn, startE2E } from './harness.ts';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E('guard-entries');
}, 120_000);
afterAll(() => e2e?.close());

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
const panel = (page: Page) => page.locator('[data-panel="gate.entries"]');

async function fill(page: Page, visitor: { idNumber: string; firstName: string; lastName: string }, unit?: string) {
  const form = panel(page);
  if (unit) {
    await form.getByLabel('U.H. de destino').fill(unit);
    await page.getByRole('option', { name: unit, exact: true }).click();
  } else {
    await form.getByLabel('Otro', { exact: true }).check();
    await form.getByLabel('Lugar (Otro)').fill('Cuarto de bombas');
  }
  await form.getByLabel('Cédula').fill(`  ${visitor.idNumber} `);
  await form.getByLabel('Nombre', { exact: false }).first().fill(visitor.firstName);
  await form.getByLabel('Apellido').fill(visitor.lastName);
}

describe("the guard's entry register", () => {
  for (const width of [1366, 390]) {
    it(`picks a post, registers an entry and its exit, and warns of a black-listed visitor (${width} px)`, async () => {
      const [unit] = await e2e.sql<{ number: string }>(
        `select u.number from units u join complexes c on c.id = u.complex_id
          where c.name = 'Conjunto Los Álamos' and u.is_active order by u.number limit 1`,
      );
      const [black] = await e2e.sql<{ id_number: string; name: string }>(
        `select l.id_number, l.name from gate_lists l join complexes c on c.id = l.complex_id
          where c.name = 'Conjunto Los Álamos' and l.kind = 'negra' and l.id_number is not null limit 1`,
      );
      const page = await e2e.newPage();
      await page.setViewportSize({ width, height: width > 600 ? 900 : 844 });
      await signIn(page, 'guardia@demo.test');
      await page.waitForURL(/#\/guardia\/dashboard/);

      // Two posts: the mandatory pick, then the post in the top bar.
      const dialog = page.getByRole('dialog', { name: 'CONJUNTO CON MULTIPLES GARITAS' });
      await dialog.waitFor();
      await e2e.screenshot(page, `${width}-garitas`);
      await page.keyboard.press('Escape');
      await pickGuardPost(page, 'Garita posterior');
      await page.getByRole('button', { name: /Cambiar de garita: Garita posterior/ }).waitFor();

      // An entry: in the list of those inside, the form cleared with the focus on the cédula.
      const visitor = { idNumber: `E2E${width}`, firstName: 'Lucía', lastName: `Prueba${width}` };
      await panel(page).getByText('Validez: sin límite').waitFor();
      await fill(page, visitor, unit.number);
      await panel(page).getByRole('button', { name: 'Registrar entrada' }).click();
      const inside = panel(page).getByRole('list', { name: 'Dentro del conjunto' });
      const row = inside.getByRole('listitem').filter({ hasText: visitor.lastName });
      await row.waitFor();
      await expect.poll(() => panel(page).getByLabel('Cédula').inputValue()).toBe('');
      await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('idNumber');
      const [saved] = await e2e.sql<{ id_number: string; post: string }>(
        'select e.id_number, p.name as post from gate_entries e join gate_posts p on p.id = e.post_id where e.last_name = ?',
        [visitor.lastName],
      );
      expect(saved).toEqual({ id_number: visitor.idNumber, post: 'Garita posterior' });
      await e2e.screenshot(page, `${width}-registro`);

      // The same person again while inside: spec 002 §8's message and their exit offered.
      await fill(page, visitor, unit.number);
      await panel(page).getByRole('button', { name: 'Registrar entrada' }).click();
      const refused = panel(page)
        .getByRole('alert')
        .filter({ hasText: '¡Error en el registro! No se ha registrado una última salida para este usuario' });
      await refused.waitFor();
      await e2e.screenshot(page, `${width}-salida-pendiente`);
      await refused.getByRole('button', { name: 'Registrar salida' }).click();
      await refused.waitFor({ state: 'hidden' });
      await row.waitFor({ state: 'detached' });
      // Registered again, then out through the list's button.
      await panel(page).getByRole('button', { name: 'Registrar entrada' }).click();
      await row.waitFor();
      await row.getByRole('button', { name: 'Registrar salida' }).click();
      await row.waitFor({ state: 'detached' });
      const exits = await e2e.sql<{ open: number }>(
        'select count(*) filter (where exited_at is null)::int as open from gate_entries where last_name = ?',
        [visitor.lastName],
      );
      expect(exits).toEqual([{ open: 0 }]);

      // A black-listed visitor: the red notice with 'Aprobar la entrada' and 'Cerrar'.
      const [first, ...rest] = black.name.split(' ');
      await fill(page, { idNumber: black.id_number, firstName: first, lastName: rest.join(' ') || first });
      await panel(page).getByRole('button', { name: 'Registrar entrada' }).click();
      const notice = page.locator('[data-notice="warning"]');
      await notice.waitFor();
      expect(await notice.innerText()).toContain('Visitante en lista negra');
      await notice.getByRole('button', { name: 'Aprobar la entrada' }).waitFor();
      await e2e.screenshot(page, `${width}-lista-negra`);
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      if (width > 600) {
        // Let in after all, then out.
        await notice.getByRole('button', { name: 'Aprobar la entrada' }).click();
        await notice.waitFor({ state: 'detached' });
        const blackRow = inside.getByRole('listitem').filter({ hasText: black.id_number });
        await blackRow.getByRole('button', { name: 'Registrar salida' }).click();
        await blackRow.waitFor({ state: 'detached' });
      } else {
        // 'Cerrar' refuses the visitor: the entry is closed as rejected.
        await notice.getByRole('button', { name: 'Cerrar' }).click();
        await notice.waitFor({ state: 'detached' });
      }
      const [last] = await e2e.sql<{ approved: boolean; rejected: boolean; open: boolean }>(
        `select approved_at is not null as approved, rejected, exited_at is null as open from gate_entries
          where id_number = ? order by entered_at desc limit 1`,
        [black.id_number],
      );
      expect(last).toEqual(
        width > 600 ? { approved: true, rejected: false, open: false } : { approved: false, rejected: true, open: false },
      );
      expect(e2e.pageErrors).toEqual([]);
    });
  }
});
