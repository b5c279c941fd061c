// Unit tests of the admin's pure parts (translations, theme, plugin visibility), in Node, no browser:
// `npx vitest run --config admin/vitest.config.ts`.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: { include: ['test/**/*.test.ts'], environment: 'node' },
});
