// One migrated and seeded data folder for the whole browser run, copied by each file (harness.ts): each file used
// to run initdb, every migration and the demo seed on its own (about 10 s each).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from '../../server/src/server.ts';
import { E2E_TEMPLATE_ENV, e2eConfig } from './harness.ts';

export default async function setup() {
  const dataDir = mkdtempSync(join(tmpdir(), 'conjunto-e2e-template-'));
  const server = await createServer(e2eConfig(dataDir), { logger: false });
  await server.close();
  if (!server.seeded) throw new Error('The demo data was not seeded.');
  process.env[E2E_TEMPLATE_ENV] = dataDir;
  return () => rmSync(dataDir, { recursive: true, force: true });
}
