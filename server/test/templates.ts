// Migrated and seeded databases made once per test run and copied by every test file that starts the same server:
// a fresh start runs initdb, every migration and the demo seed (about 5 s on PGlite, 3 s on PostgreSQL) and most of
// the 100-odd files start the same one. A template is made by the first file that needs it (the others meanwhile
// start fresh, never wait) for one plugin set of the installed plugins, without extra configuration, and one
// Guayaquil business day (the seed's dates are relative to today). global-setup.ts gives the run its folder.
import { closeSync, cpSync, existsSync, mkdirSync, openSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { businessDay, type ServerPlugin } from '@conjunto/core';
import pg from 'pg';
import { loadConfig } from '../src/config.ts';
import { installedPlugins } from '../src/plugins.ts';
import { createServer } from '../src/server.ts';

/** The run's folder of templates (set by global-setup.ts; without it every file starts fresh). */
export const TEMPLATES_ENV = 'CONJUNTO_TEST_TEMPLATES';

export interface Template {
  /** The data folder to copy before loading the configuration (its generated keys, the seed's stored files). */
  dataDir: string;
  /** PGlite: the dumped data folder. */
  image?: Blob;
  /** PostgreSQL: the database to create the file's database from. */
  database?: string;
}

interface Made {
  dataDir: string;
  image?: string;
  database?: string;
}

/**
 * The template for a server of `plugins` (undefined: the installed plugins) started with `env`, making it if no
 * file has claimed it yet; undefined when this start cannot use one (extra configuration, a plugin of the test's
 * own) or another file is making it.
 */
export async function templateFor(
  plugins: readonly ServerPlugin[] | undefined,
  env: Record<string, string> | undefined,
  base: Record<string, string>,
): Promise<Template | undefined> {
  const root = process.env[TEMPLATES_ENV];
  if (!root || env || (plugins && !plugins.every((p) => installedPlugins.includes(p)))) return undefined;
  const postgres = process.env.DATABASE_URL;
  const key = `${businessDay()}_${(plugins ?? installedPlugins).map((p) => p.manifest.id).join('_')}`;
  const ready = join(root, `${key}.json`);
  if (!existsSync(ready)) {
    try {
      closeSync(openSync(join(root, `${key}.lock`), 'wx'));
    } catch {
      return undefined; // another file is making it
    }
    const made = await make(join(root, key), plugins, base, postgres);
    writeFileSync(`${ready}.tmp`, JSON.stringify(made));
    renameSync(`${ready}.tmp`, ready);
  }
  const made = JSON.parse(readFileSync(ready, 'utf8')) as Made;
  return {
    dataDir: made.dataDir,
    image: made.image ? new Blob([readFileSync(made.image)]) : undefined,
    database: made.database,
  };
}

async function make(
  folder: string,
  plugins: readonly ServerPlugin[] | undefined,
  base: Record<string, string>,
  postgres: string | undefined,
): Promise<Made> {
  const dataDir = join(folder, 'data');
  mkdirSync(dataDir, { recursive: true });
  const database = postgres ? `conjunto_template_${process.pid}_${Math.random().toString(36).slice(2, 8)}` : undefined;
  let url: string | undefined;
  if (postgres && database) {
    const admin = new pg.Client({ connectionString: postgres });
    await admin.connect();
    await admin.query(`create database ${database}`);
    await admin.end();
    const target = new URL(postgres);
    target.pathname = `/${database}`;
    url = target.toString();
  }
  const config = loadConfig({ ...base, DATA_DIR: dataDir, DATABASE_URL: url, ADMIN_DIST: join(folder, 'no-admin') });
  const server = await createServer(config, { plugins, logger: false, pgliteDir: 'memory://' });
  let image: string | undefined;
  try {
    // The app's background work stopped first; the checkpoint spares every copy the replay of the seed's log.
    await server.app.close();
    if (server.db.pglite) {
      await server.db.pglite.exec('checkpoint');
      image = join(folder, 'pglite.tar');
      writeFileSync(image, Buffer.from(await (await server.db.pglite.dumpDataDir('none')).arrayBuffer()));
    }
  } finally {
    await server.db.close();
  }
  return { dataDir, image, database };
}

/** Copies the template's data folder into a test file's own. */
export function copyDataDir(template: Template, dataDir: string): void {
  cpSync(template.dataDir, dataDir, { recursive: true });
}
