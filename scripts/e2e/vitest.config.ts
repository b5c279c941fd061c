import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Browser tests (npm run test:e2e, after the admin build): each file starts the real server on a fresh PGlite
// folder (a copy of the run's seeded one, global-setup.ts), on its own port, and drives its own Debian chromium with
// playwright-core. Two files at a time: a browser test mostly waits (on the page, the server, its polls), so two
// share the 2 cores of CI's machine well (34 files took 16 to 40 min one at a time, by machine).
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    include: ['scripts/e2e/**/*.e2e.ts'],
    globalSetup: ['scripts/e2e/global-setup.ts'],
    setupFiles: ['scripts/e2e/setup.ts'],
    // A safety net for a stuck page, not a measure: a slow machine running two files may take minutes on one test.
    testTimeout: 180_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
    // The screens load asynchronously: give expect.poll the time a user would wait (two files at once on 2 cores).
    expect: { poll: { timeout: 20_000, interval: 100 } },
  },
});
