import { defineConfig } from 'vitest/config';

// API and rule tests. Each test file starts its own app on its own database (PGlite in memory, or a fresh
// PostgreSQL database when DATABASE_URL is set). Browser tests have their own config (scripts/e2e).
export default defineConfig({
  test: {
    globalSetup: ['server/test/global-setup.ts'],
    include: ['core/**/*.test.ts', 'server/test/**/*.test.ts', 'plugins/*/test/**/*.test.ts', 'admin/test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
