// What `npm start` prints once listening: where, which database, and in demo mode the accounts, with a warning
// when the demo (whose passwords are published) listens beyond this machine.
import type { Config } from './config.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './seed/demo.ts';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '::1']);

export interface Banner {
  lines: string[];
  /** Printed to stderr, apart: demo mode reachable from the network. */
  warning?: string;
}

export function startBanner(
  config: Pick<Config, 'port' | 'host' | 'databaseUrl' | 'dataDir' | 'apiDocs' | 'seedDemo'>,
  seeded: boolean,
): Banner {
  const url = `http://localhost:${config.port}`;
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite en ${config.dataDir}`;
  const docs = config.apiDocs ? `, documentación en ${url}/api/docs` : '';
  const local = LOOPBACK_HOSTS.has(config.host);
  const lines = [
    '',
    `Conjunto escucha en ${url}  (API en ${url}/api${docs}; base de datos: ${where})`,
    local
      ? `Solo accesible desde esta máquina (HOST=${config.host}); HOST=0.0.0.0 para abrirlo a la red.`
      : `Accesible desde la red (HOST=${config.host}).`,
  ];
  if (!config.seedDemo) return { lines };
  lines.push(`Modo demo${seeded ? ' (datos de demostración creados)' : ''}. Contraseña de todas las cuentas: ${DEMO_PASSWORD}`);
  for (const account of DEMO_ACCOUNTS) lines.push(`  ${account.email.padEnd(22)} ${account.description}`);
  lines.push('Registro de cada petición: LOG_LEVEL=debug.');
  if (local) return { lines };
  return {
    lines,
    warning:
      `\n¡ATENCIÓN! Modo demo accesible desde la red (HOST=${config.host}): cualquiera que llegue a este puerto entra con ` +
      `las cuentas de demostración (contraseña ${DEMO_PASSWORD}, publicada). Use HOST=127.0.0.1, o SEED_DEMO=false con ` +
      `sus propias cuentas.\nWARNING: demo mode is reachable from the network with published passwords.\n`,
  };
}
