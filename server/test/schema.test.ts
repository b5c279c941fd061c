// One source of truth for the schema. The project is SQL-first: the migrations create the schema, with its
// foreign keys, indexes (partial and expression ones too), check constraints, and the tables and columns that only
// raw SQL reads. The entities map the columns they use and must describe each of them exactly (type, length,
// nullability, default), and declare nothing the migrations do not create. So MikroORM's own comparison of the
// entities with a freshly migrated database (getUpdateSchemaSQL's diff) must come out empty once the migrations'
// extras are set aside: what is only in the database (`removed*`: never dropped) is the migrations' to own.
import { SchemaComparator } from '@mikro-orm/sql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installedPlugins } from '../src/plugins.ts';
import { watchPlugin } from './fixtures/watch-plugin.ts';
import { startTestServer, type TestServer } from './harness.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ plugins: [...installedPlugins, watchPlugin] });
});
afterAll(() => t?.close());

/** The statements that would make the database match the entities, leaving out what only the migrations declare. */
async function entityDrift(): Promise<string[]> {
  // biome-ignore lint/suspicious/noExplicitAny: the generator's comparison steps are not in its public typings
  const generator = t.db.orm.schema as any;
  const options = { wrap: false, safe: true, dropTables: false };
  const { fromSchema, toSchema } = await generator.prepareSchemaForComparison(options);
  const diff = new SchemaComparator(t.db.orm.em.getPlatform()).compare(fromSchema, toSchema);
  for (const table of Object.values(diff.changedTables)) {
    for (const key of [
      'removedColumns',
      'removedIndexes',
      'removedChecks',
      'removedForeignKeys',
      'removedTriggers',
      'removedPolicies',
    ] as const)
      table[key] = {};
    // A column the migrations index or constrain is compared column by column, not by those extras.
    table.renamedIndexes = {};
  }
  diff.removedTables = {};
  return (generator.diffToSQL(diff, options) as string).split('\n').filter((line) => line.trim());
}

describe('the entities and the migrated database', () => {
  it('agree on every mapped column, and the entities declare nothing the migrations lack', async () => {
    expect(await entityDrift()).toEqual([]);
  });
});
