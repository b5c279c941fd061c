// Throwaway (not committed): screenshots of the screens touched, per role and width, into /work/shots-access.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, it } from 'vitest';
import { type E2E, pickComplex, signIn, startE2E } from './harness.ts';

const OUT = '/work/shots-access';
let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E('zz');
}, 180_000);
afterAll(async () => {
  await e2e?.close();
});

const SCREENS: Record<string, string[]> = {
  directiva: [
    'encuestas',
    'egresos',
    'egresos/create',
    'proveedores',
    'cuentasBancarias',
    'ingresos',
    'cuentasPorCobrar',
    'transferenciasporaprobar',
    'rubros/rubrosingresos',
    'estadoCuenta',
    'rostros',
  ],
  administrador: ['rostros'],
};
const EMAIL: Record<string, string> = {
  administrador: 'admin@demo.test',
  directiva: 'directiva@demo.test',
  guardia: 'guardia@demo.test',
};

async function session(role: string, width: number): Promise<Page> {
  const page = await e2e.newPage();
  page.setDefaultTimeout(40_000);
  await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
  await signIn(page, EMAIL[role]);
  await page.waitForURL(new RegExp(`#/${role}/dashboard`));
  if (role === 'administrador') await pickComplex(page, 'Conjunto Los Álamos');
  return page;
}

it('shoots', async () => {
  for (const role of Object.keys(SCREENS)) {
    for (const width of [1366, 390]) {
      const page = await session(role, width);
      for (const screen of SCREENS[role]) {
        await page.goto(`/#/${role}/${screen}`);
        await page.waitForTimeout(3500);
        const name = `${role}-${screen.replaceAll('/', '_')}-${width}`;
        await page.screenshot({ path: `${OUT}/${name}.png`, fullPage: width !== 390 });
        if (screen === 'rostros' && role === 'administrador') {
          await page.getByRole('button', { name: 'Ver Dispositivos' }).click();
          await page.waitForTimeout(3000);
          await page.screenshot({ path: `${OUT}/${name}-devices.png`, fullPage: width !== 390 });
        }
        console.log('SHOT', name, page.url());
      }
      await page.context().close();
    }
  }
  console.log('ERRORS', e2e.pageErrors);
}, 1_200_000);
