import { loadConfig } from './src/config.ts';
import { createServer } from './src/server.ts';

const s = await createServer(loadConfig({ DATA_DIR: '/tmp/dumpdata', JWT_SECRET: 'x'.repeat(40), SEED_DEMO: 'false' }), {
  logger: false,
  pgliteDir: 'memory://',
});
await s.app.ready();
await s.close();
