// host.directory: what plugins read of the host's directory, bound to one complex; and the boundary it keeps:
// no plugin's server code names a host table in its SQL (they join the directory's views instead).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DIRECTORY_VIEWS, type PluginMigration } from '@conjunto/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directoryOf } from '../src/directory/reader.ts';
import { authMigrations } from '../src/migrations/auth.ts';
import { directoryMigrations } from '../src/migrations/directory.ts';
import { filesMigrations } from '../src/migrations/files.ts';
import { idempotencyMigrations } from '../src/migrations/idempotency.ts';
import { mailMigrations } from '../src/migrations/mail.ts';
import { startTestServer, type TestServer } from './harness.ts';

let t: TestServer;
let alamos: string;
let bosque: string;
beforeAll(async () => {
  t = await startTestServer();
  alamos = await t.complexId('alamos');
  bosque = await t.complexId('bosque');
});
afterAll(() => t?.close());

const read = (complexId: string) => directoryOf(t.db.orm.em.fork() as never, complexId);

describe('host.directory', () => {
  it("answers the complex's units in their natural order, with who answers for each, and nothing of another complex", async () => {
    const units = await read(alamos).units();
    const expected = await t.sql<{ id: string; holder: string | null }>(
      `select un.id, coalesce(un.owner_id, un.tenant_id)::text as holder from units un
        where un.complex_id = ? and un.is_active order by un.number_sort, un.id`,
      [alamos],
    );
    expect(units.map((u) => [u.id, u.holderId])).toEqual(expected.map((r) => [r.id, r.holder]));
    const held = units.find((u) => u.holderId)!;
    const [holder] = await t.sql<{ name: string; email: string }>(
      "select first_name || ' ' || last_name as name, email from users where id = ?",
      [held.holderId],
    );
    expect(held).toMatchObject({ holderName: holder.name, holderEmail: holder.email, isActive: true });
    expect(typeof held.aliquot).toBe('string');

    const other = (await read(bosque).units())[0];
    expect(await read(alamos).unit(other.id)).toBeUndefined();
    expect(await read(alamos).units({ ids: [other.id] })).toEqual([]);
    expect(await read(alamos).units({ numbers: [other.number.toUpperCase()] })).not.toContainEqual(
      expect.objectContaining({ id: other.id }),
    );
    expect((await read(alamos).units({ numbers: [held.number.toLowerCase()] })).map((u) => u.id)).toEqual([held.id]);
    expect(await read(alamos).units({ ids: [] })).toEqual([]);
    expect(await read(alamos).units({ limit: 2 })).toEqual(units.slice(0, 2));
    // Malformed input matches nothing instead of failing the statement (a 500 for the caller).
    expect(await read(alamos).unit('nope')).toBeUndefined();
    expect(await read(alamos).person('nope')).toBeUndefined();
    expect(await read(alamos).units({ ids: ['nope'] })).toEqual([]);
    expect(await read(alamos).residents({ ids: ['nope'] })).toEqual([]);
    expect(await read(alamos).units({ limit: Number.POSITIVE_INFINITY })).toEqual(units);
  });

  it('answers residents and staff of the complex only, and a person only when they live or work there', async () => {
    const residents = await read(alamos).residents();
    const rows = await t.sql<{ id: string }>(
      `select id from users where residence_complex_id = ? and roles @> '["residente"]' and is_active order by last_name, first_name, id`,
      [alamos],
    );
    expect(residents.map((r) => r.id)).toEqual(rows.map((r) => r.id));
    expect(residents.length).toBeGreaterThan(0);
    const elsewhere = (await read(bosque).residents())[0];
    expect(await read(alamos).residents({ ids: [elsewhere.id] })).toEqual([]);
    expect(await read(alamos).person(elsewhere.id)).toBeUndefined();
    expect(await read(bosque).person(elsewhere.id)).toMatchObject({ id: elsewhere.id, name: elsewhere.name });

    const admins = await read(alamos).staff('administrador');
    expect(admins.map((a) => a.email)).toContain('admin@demo.test');
    expect((await read(alamos).staff('directiva')).map((a) => a.email)).toContain('directiva@demo.test');
    expect((await read(bosque).staff('directiva')).map((a) => a.email)).not.toContain('directiva@demo.test');
    expect(await read(alamos).person(admins[0].id)).toMatchObject({ id: admins[0].id });
    // A resident's VIP flag (the gate hides their visits from guards).
    await t.sql('update users set vip = true where id = ?', [residents[0].id]);
    try {
      expect(await read(alamos).person(residents[0].id)).toMatchObject({ vip: true });
      expect((await read(alamos).residents({ ids: [residents[1].id] }))[0]).toMatchObject({ vip: false });
    } finally {
      await t.sql('update users set vip = false where id = ?', [residents[0].id]);
    }
  });

  it('publishes its views for joins in plugin SQL', async () => {
    for (const view of Object.values(DIRECTORY_VIEWS)) expect(await t.sql(`select * from ${view} limit 1`)).toHaveLength(1);
  });

  it("answers the complex's letterhead data with its company's name", async () => {
    const complex = await read(alamos).complex();
    const [row] = await t.sql<{ name: string; company: string | null }>(
      'select c.name, co.name as company from complexes c left join companies co on co.id = c.company_id where c.id = ?',
      [alamos],
    );
    expect(complex).toMatchObject({ id: alamos, name: row.name, companyName: row.company });
  });
});

describe('the boundary between plugins and the host', () => {
  const hostTables = [directoryMigrations, mailMigrations, filesMigrations, authMigrations, idempotencyMigrations]
    .flat()
    .flatMap((m: PluginMigration) => (Array.isArray(m.up) ? m.up : []))
    .flatMap((statement) => [...String(statement).matchAll(/create table (\w+)/gi)].map((m) => m[1]));

  const sources = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return name === 'migrations' || name === 'test' ? [] : sources(path);
      return /\.tsx?$/.test(name) ? [path] : [];
    });

  it('no plugin names a host table in its SQL: they read through host.directory or join its views', () => {
    expect(hostTables).toEqual(expect.arrayContaining(['complexes', 'units', 'users', 'user_complexes', 'companies']));
    const root = join(import.meta.dirname, '../../plugins');
    const offences: string[] = [];
    for (const plugin of readdirSync(root)) {
      const server = join(root, plugin, 'server');
      if (!statSync(server, { throwIfNoEntry: false })?.isDirectory()) continue;
      for (const file of sources(server)) {
        const text = readFileSync(file, 'utf8');
        for (const table of hostTables) {
          const use = new RegExp(`\\b(from|join|update|into|table)\\s+"?${table}"?\\b`, 'gi');
          for (const m of text.matchAll(use)) offences.push(`${file.slice(root.length + 1)}: ${m[0]}`);
        }
      }
    }
    expect(offences).toEqual([]);
  });
});
