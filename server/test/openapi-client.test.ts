// A typed client generated from the API document (openapi-typescript) compiles, and works against the running
// app: the document describes the real API well enough for a consumer to build URLs, bodies and reads from it.
// The generator lives in tools/openapi-client with its own lockfile (it needs TypeScript 5's compiler API).
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const TOOLS = join(ROOT, 'tools/openapi-client');
/** npm scripts put Node 24 first on PATH; the tools run on it too. */
const run = (command: string, args: string[], cwd = ROOT) =>
  execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 180_000 });

let t: TestServer;
let base: string;
beforeAll(async () => {
  if (!existsSync(join(TOOLS, 'node_modules/openapi-typescript'))) run('npm', ['ci', '--no-audit', '--no-fund'], TOOLS);
  t = await startTestServer();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
}, 240_000);
afterAll(() => t?.close());

describe('a client generated from the API document', () => {
  it('compiles against the generated types and signs in, lists and is refused through them', async () => {
    const generated = join(TOOLS, 'generated');
    mkdirSync(generated, { recursive: true });
    writeFileSync(join(generated, 'openapi.json'), (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).body);
    run(process.execPath, [
      join(TOOLS, 'node_modules/openapi-typescript/bin/cli.js'),
      join(generated, 'openapi.json'),
      '-o',
      join(generated, 'api.ts'),
    ]);
    // The project's compiler checks the consumer's code against the generated paths.
    run(join(ROOT, 'node_modules/.bin/tsc'), ['-p', join(TOOLS, 'tsconfig.json')]);
    // Not execFileSync: the app answering it runs in this process's event loop.
    const { stdout } = await promisify(execFile)(process.execPath, [join(TOOLS, 'use.ts'), base], {
      cwd: TOOLS,
      timeout: 60_000,
    });
    const answer = JSON.parse(stdout);
    expect(answer.status).toBe(200);
    expect(answer.numbers).toHaveLength(5);
    expect(answer.contentRange).toMatch(/^units 0-4\/\d+$/);
    expect(answer.one).toBe(answer.numbers[0]);
    expect(answer).toMatchObject({ denied: 401, deniedCode: 'UNAUTHENTICATED' });
  }, 120_000);
});
