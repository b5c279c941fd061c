// Child process of the bench: the baseline. A minimal Fastify app and a pg Pool (max 10) with each case's
// bare routes: the same SQL as the app, without auth, tenancy checks, ORM or schemas.
import Fastify from 'fastify';
import { cases } from './cases.ts';
import { childFailed, pg, serveChild } from './lib.ts';

try {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL!, max: 10 });
  const app = Fastify({ logger: false });
  for (const c of cases) c.bareRoutes(app, pool);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  serveChild(typeof address === 'object' && address ? address.port : 0, async () => {
    await app.close();
    await pool.end();
  });
} catch (error) {
  childFailed(error);
}
