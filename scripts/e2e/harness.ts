// Browser tests against the real thing: the Fastify server started in-process on a fresh PGlite folder (demo
// data seeded), serving the built admin (admin/dist), driven by Debian's chromium through playwright-core.
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { loadConfig } from '../../server/src/config.ts';
import { createServer, type Server } from '../../server/src/server.ts';

export const ROOT = resolve(import.meta.dirname, '../..');
export const SCREENSHOTS = join(ROOT, 'screenshots');
export const DEMO_PASSWORD = 'demo1234';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export interface E2E {
  server: Server;
  /** http://127.0.0.1:<port> */
  baseUrl: string;
  browser: Browser;
  /** A fresh browser profile (its own localStorage: its own session), Spanish, 1280x800. */
  newPage(): Promise<Page>;
  /** Uncaught exceptions of every page so far ("pageerror"), with the page's URL. */
  pageErrors: string[];
  /** Content-Security-Policy violations reported by every page so far (console and securitypolicyviolation); close() fails on any. */
  cspViolations: string[];
  /** Saves ./screenshots/<prefix>-<name>.png (full page). */
  screenshot(page: Page, name: string): Promise<void>;
  /** A query on the server's database ('?' placeholders). */
  sql<T>(query: string, params?: unknown[]): Promise<T[]>;
  /** The id of the demo complex called `name`. */
  complexId(name: string): Promise<string>;
  close(): Promise<void>;
}

/** The run's migrated and seeded data folder, copied by each file (set by global-setup.ts). */
export const E2E_TEMPLATE_ENV = 'CONJUNTO_E2E_TEMPLATE';

export function e2eConfig(dataDir: string) {
  return loadConfig({
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    JWT_SECRET: 'e2e-secret-e2e-secret-e2e-secret-e2e',
    ADMIN_DIST: join(ROOT, 'admin/dist'),
    LOG_LEVEL: 'warn',
    // One address signs in, refreshes and opens password links for every page of a test, many times a minute
    // (accessToken refreshes on each call); the limiter has its own API test (server/test/rate-limit.test.ts).
    RATE_LIMIT_AUTH: '600',
    // Likewise the API and 404 tiers: a file's pages share one address and its accounts read for minutes; a 429 there
    // left a screen loading (the limiter's own tests are API tests).
    RATE_LIMIT_API: '1000000',
    RATE_LIMIT_NOT_FOUND: '1000000',
  });
}

/** Starts server + browser on the built admin (admin/dist). `prefix` names this file's screenshots. */
export async function startE2E(prefix: string): Promise<E2E> {
  const adminDist = join(ROOT, 'admin/dist');
  if (!existsSync(join(adminDist, 'index.html')))
    throw new Error('admin/dist is missing: run `npm run build` first (npm run test:e2e does).');
  const dataDir = mkdtempSync(join(tmpdir(), 'conjunto-e2e-'));
  mkdirSync(SCREENSHOTS, { recursive: true });

  let server: Server | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  const cspViolations: string[] = [];
  const close = async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close().catch(() => undefined);
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
    // The strict Content-Security-Policy (server/src/security-headers.ts) must hold for every screen a test opened.
    if (cspViolations.length) throw new Error(`Content-Security-Policy violations:\n${cspViolations.join('\n')}`);
  };

  try {
    // The run's template (global-setup.ts): the same demo data, without migrating and seeding again for each file.
    const template = process.env[E2E_TEMPLATE_ENV];
    if (template) cpSync(template, dataDir, { recursive: true });
    server = await createServer(e2eConfig(dataDir), { logger: false });
    if (!template && !server.seeded) throw new Error('The demo data was not seeded.');
    const baseUrl = await server.app.listen({ port: 0, host: '127.0.0.1' });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });

    const pageErrors: string[] = [];
    const launched = browser;
    const db = server.db;
    const sql = async <T>(query: string, params: unknown[] = []) =>
      (await db.orm.em.fork().getConnection().execute(query, params)) as T[];
    return {
      server,
      baseUrl,
      browser,
      pageErrors,
      cspViolations,
      async newPage() {
        const context = await launched.newContext({ baseURL: baseUrl, locale: 'es-EC', viewport: { width: 1280, height: 800 } });
        contexts.push(context);
        // Two files run at once (vitest.config.ts): on a slow 2-core machine a step can take twice its usual time.
        context.setDefaultTimeout(30_000);
        // Every violation of the page's policy, also those the console might word differently.
        await context.addInitScript(() =>
          document.addEventListener('securitypolicyviolation', (e) =>
            console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`),
          ),
        );
        const page = await context.newPage();
        trackRequests(page);
        watchForReport(page);
        page.on('pageerror', (error) => pageErrors.push(`${page.url()}: ${error.message}`));
        page.on('console', (message) => {
          if (/Content Security Policy|CSP violation/i.test(message.text()))
            cspViolations.push(`${page.url()}: ${message.text()}`);
        });
        return page;
      },
      async screenshot(page, name) {
        // From the top (react-admin hides the app bar on scroll), with transitions finished (not half faded in).
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.screenshot({
          path: join(SCREENSHOTS, `${prefix}-${name}.png`),
          fullPage: true,
          animations: 'disabled',
          caret: 'hide',
        });
      },
      sql,
      async complexId(name) {
        const [row] = await sql<{ id: string }>('select id from complexes where name = ?', [name]);
        if (!row) throw new Error(`No complex '${name}'.`);
        return row.id;
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/** The open pages, with their last failed or refused requests: what a failed test's report shows (setup.ts). */
const watched = new Map<Page, string[]>();

function watchForReport(page: Page): void {
  // The last 15 only: a test's page may make thousands of requests.
  const refused: string[] = [];
  const note = (line: string) => refused.push(line) > 15 && refused.shift();
  page.on('response', (r) => {
    if (r.status() >= 400) note(`${r.status()} ${r.request().method()} ${r.url()}`);
  });
  page.on('requestfailed', (r) => note(`failed (${r.failure()?.errorText}) ${r.method()} ${r.url()}`));
  page.on('close', () => watched.delete(page));
  watched.set(page, refused);
}

/**
 * What every open page shows, its requests in flight, its last refused ones and the react-admin components on
 * screen (an Edit waiting for its access check, a route's lazy chunk ...): a screen that never loads says why in
 * CI's log, where no one can look at it.
 */
export async function openPagesReport(): Promise<string> {
  const reports = [];
  for (const [page, refused] of watched) {
    // The content and any dialog, not the drawer's menu.
    const text = await page
      .evaluate(() =>
        [
          document.querySelector<HTMLElement>('#main-content') ?? document.body,
          ...document.querySelectorAll<HTMLElement>('[role=dialog]'),
        ]
          .map((e) => e.innerText)
          .join(' | '),
      )
      .catch(() => '');
    const components = await page
      .evaluate(() => [...new Set([...document.querySelectorAll('[class*="Ra"]')].flatMap((e) => [...e.classList]))])
      .then((classes) => classes.filter((c) => /^Ra[A-Z]/.test(c)).join(' '))
      .catch(() => '');
    reports.push(
      `page ${page.url()}\n  in flight: ${inFlight.get(page)?.size ?? 0}\n  shows: ${text.replace(/\s+/g, ' ').slice(0, 800)}\n` +
        `  components: ${components}\n  refused: ${refused.join('\n           ') || 'none'}`,
    );
  }
  return reports.join('\n');
}

/** Requests in flight per page, but the live events stream (always open while a screen listens to it). */
const inFlight = new WeakMap<Page, Set<unknown>>();
const isStream = (url: string) => /\/api\/complexes\/[^/]+\/events/.test(url);
function trackRequests(page: Page): void {
  const pending = new Set<unknown>();
  inFlight.set(page, pending);
  page.on('request', (r) => !isStream(r.url()) && pending.add(r));
  page.on('requestfinished', (r) => pending.delete(r));
  page.on('requestfailed', (r) => pending.delete(r));
}

/**
 * Playwright's 'networkidle' for pages with a live events stream (the guard's, for one): no other request in flight
 * for 500 ms.
 */
export async function settled(page: Page, timeoutMs = 15_000): Promise<void> {
  const pending = inFlight.get(page);
  if (!pending) return page.waitForLoadState('networkidle');
  const deadline = Date.now() + timeoutMs;
  let quietSince = Date.now();
  for (;;) {
    if (pending.size) quietSince = Date.now();
    else if (Date.now() - quietSince >= 500) return;
    if (Date.now() > deadline) throw new Error(`settled: ${pending.size} request(s) still in flight`);
    await page.waitForTimeout(50);
  }
}

/** Opens the office's bell (top bar) and answers its list of groups. */
export async function openOfficeBell(page: Page) {
  await page.getByRole('button', { name: /^Pendientes: \+?\d+$/ }).click();
  return page.getByRole('list', { name: 'Pendientes' });
}

/** The complex picker of the app bar, set to `name` (once the area shows; a user of one complex has no picker). */
export async function pickComplex(page: Page, name: string): Promise<void> {
  const picker = page.getByRole('combobox', { name: 'Conjunto' });
  await page
    .getByText(/Administrador|Directiva/)
    .first()
    .waitFor();
  if ((await picker.count()) === 0 || (await picker.textContent()) === name) return;
  await picker.click();
  await page.getByRole('option', { name, exact: true }).click();
  await page.getByRole('listbox').waitFor({ state: 'detached' });
  // A locator's wait, not expect.poll: it also runs in beforeAll.
  await picker.filter({ hasText: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }).waitFor();
}

/** Signs in on the sign-in page ('/') of a page that has no session yet. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/#/');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel(/^Contraseña/).fill(password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
}

/**
 * An access token of the page's sign-in. The admin keeps its own in memory only: this one comes from the refresh
 * cookie, as a reload would get it (holding the admin's cross-tab refresh lock, since the cookie rotates).
 */
export async function accessToken(page: Page): Promise<string> {
  const token = await page.evaluate(() =>
    navigator.locks.request('conjunto.refresh', async () => {
      const res = await fetch('/api/auth/refresh', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{}',
      });
      return res.ok ? ((await res.json()) as { token: string }).token : null;
    }),
  );
  if (!token) throw new Error('No session in this page.');
  return token;
}

/** What the browser's own fetch answers for an API path, with the page's token. */
export async function apiStatus(page: Page, path: string): Promise<number> {
  const token = await accessToken(page);
  return page.evaluate(async ({ path, token }) => (await fetch(path, { headers: { Authorization: `Bearer ${token}` } })).status, {
    path,
    token,
  });
}

/** The guard's mandatory pick in 'CONJUNTO CON MULTIPLES GARITAS' (Los Álamos has two posts): `name`, or the first. */
export async function pickGuardPost(page: Page, name?: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'CONJUNTO CON MULTIPLES GARITAS' });
  await (name ? dialog.getByRole('button', { name, exact: true }) : dialog.getByRole('button').first()).click();
  await dialog.waitFor({ state: 'hidden' });
}
