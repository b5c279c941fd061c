// The run's folder of database templates (templates.ts), removed with the PostgreSQL templates at the end.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { TEMPLATES_ENV } from './templates.ts';

export default function setup() {
  const root = mkdtempSync(join(tmpdir(), 'conjunto-templates-'));
  process.env[TEMPLATES_ENV] = root;
  return async () => {
    const databases = readdirSync(root)
      .filter((name) => name.endsWith('.json'))
      .map((name) => (JSON.parse(readFileSync(join(root, name), 'utf8')) as { database?: string }).database)
      .filter(Boolean);
    if (databases.length && process.env.DATABASE_URL) {
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      for (const database of databases) await admin.query(`drop database if exists ${database} with (force)`);
      await admin.end();
    }
    rmSync(root, { recursive: true, force: true });
  };
}
