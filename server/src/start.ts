// Serves the admin and the API (started by main.ts). Graceful shutdown on SIGINT/SIGTERM (server/src/shutdown.ts).
import { startBanner } from './banner.ts';
import { loadConfig } from './config.ts';
import { createServer } from './server.ts';

const config = loadConfig();
let server: Awaited<ReturnType<typeof createServer>>;
try {
  server = await createServer(config);
} catch (error) {
  console.error(`No se pudo iniciar Conjunto: ${(error as Error).message}`);
  process.exit(1);
}

/** One line for a listen that failed, in Spanish and English: no stack trace for a busy port. */
function listenFailure(error: NodeJS.ErrnoException, where: { host: string; port: number }): string {
  const { host, port } = where;
  switch (error.code) {
    case 'EADDRINUSE':
      return `No se pudo escuchar en el puerto ${port}: ya está en uso (EADDRINUSE). Detenga el otro proceso o use otro PORT. / Port ${port} is already in use.`;
    case 'EACCES':
      return `No se pudo escuchar en el puerto ${port}: permiso denegado (EACCES). Use un puerto mayor que 1023. / Permission denied for port ${port}.`;
    case 'EADDRNOTAVAIL':
      return `No se pudo escuchar en ${host}: la dirección no existe en esta máquina (EADDRNOTAVAIL). Revise HOST. / Address ${host} is not available.`;
    default:
      return `No se pudo escuchar en ${host}:${port}: ${error.message}${error.code ? ` (${error.code})` : ''}. / Could not listen on ${host}:${port}.`;
  }
}

try {
  await server.app.listen({ port: config.port, host: config.host });
} catch (error) {
  console.error(listenFailure(error as NodeJS.ErrnoException, config));
  // Close the database cleanly (the embedded database's folder lock is released) before leaving.
  await server.close().catch(() => {});
  process.exit(1);
}

const banner = startBanner(config, server.seeded);
for (const line of banner.lines) console.log(line);
if (banner.warning) console.warn(banner.warning);

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (closing) {
      // A second signal: the operator does not want to wait.
      server.app.log.warn(`${signal} again: exiting without waiting`);
      process.exit(1);
    }
    closing = true;
    const grace = config.shutdownGraceSeconds;
    server.app.log.info(`${signal}: closing (requests in flight and running jobs have ${grace} s)`);
    const force = setTimeout(() => {
      server.app.log.error(`shutdown: still busy after ${grace} s (SHUTDOWN_GRACE_SECONDS); exiting`);
      process.exit(1);
    }, grace * 1000).unref();
    try {
      await server.close();
    } catch (error) {
      server.app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
    clearTimeout(force);
    process.exit(0);
  });
}
