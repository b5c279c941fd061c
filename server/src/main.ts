// `npm start`: serve the admin and the API. Graceful shutdown on SIGINT/SIGTERM.
import { loadConfig } from './config.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './seed/demo.ts';
import { createServer } from './server.ts';

const config = loadConfig();
let server: Awaited<ReturnType<typeof createServer>>;
try {
  server = await createServer(config);
} catch (error) {
  console.error(`No se pudo iniciar Conjunto: ${(error as Error).message}`);
  process.exit(1);
}

await server.app.listen({ port: config.port, host: config.host });
const url = `http://localhost:${config.port}`;
const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite en ${config.dataDir}`;
console.log(`\nConjunto escucha en ${url}  (API en ${url}/api, documentación en ${url}/api/docs; base de datos: ${where})`);
if (config.seedDemo) {
  console.log(`Modo demo${server.seeded ? ' (datos de demostración creados)' : ''}. Contraseña de todas las cuentas: ${DEMO_PASSWORD}`);
  for (const account of DEMO_ACCOUNTS) console.log(`  ${account.email.padEnd(22)} ${account.description}`);
}

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (closing) return;
    closing = true;
    server.app.log.info(`${signal}: closing`);
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    await server.close();
    clearTimeout(force);
    process.exit(0);
  });
}
