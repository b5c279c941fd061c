import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Browser tests (npm run test:e2e, after the admin build): each file starts the real server on a fresh PGlite
// folder (a copy of the run's seeded one, global-setup.ts) and drives Debian's chromium with playwright-core. One
// file at a time: each one has a browser.
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    include: ['scripts/e2e/**/*.e2e.ts'],
    globalSetup: ['scripts/e2e/global-setup.ts'],
    setupFiles: ['scripts/e2e/setup.ts'],
    testTimeout: 90_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    // The screens load asynchronously: give expect.poll the time a user would wait.
    expect: { poll: { timeout: 10_000, interval: 100 } },
  },
});
