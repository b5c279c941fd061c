// Child process of the bench: the real app (createServer: migrations, demo seed, every plugin) on the bench
// database, listening on 127.0.0.1 at a random port. Configured by the parent's environment (DATABASE_URL...).
import { loadConfig } from '../../server/src/config.ts';
import { createServer } from '../../server/src/server.ts';
import { childFailed, serveChild } from './lib.ts';

try {
  const server = await createServer(loadConfig(), { logger: false });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  serveChild(typeof address === 'object' && address ? address.port : 0, () => server.close());
} catch (error) {
  childFailed(error);
}
