import type { PluginMigration } from '@conjunto/core';
import { ACCESS_CHANNEL, ACCESS_TABLES } from '../access-cache.ts';

/**
 * Every process caches who may reach which complex (access-cache.ts): a committed change to the tables that
 * decide it tells every process at once. Statement triggers, one NOTIFY per statement, delivered at commit.
 * New refresh tokens change nothing (only their revocation does), so inserts there are not announced.
 */
export const accessMigrations: PluginMigration[] = [
  {
    name: 'server_0006_access_notify',
    up: [
      `create function notify_access_change() returns trigger language plpgsql as $$
       begin perform pg_notify('${ACCESS_CHANNEL}', tg_table_name); return null; end $$`,
      ...ACCESS_TABLES.map(
        (table) =>
          `create trigger ${table}_access_notify after ${table === 'refresh_tokens' ? 'update or delete' : 'insert or update or delete or truncate'}
             on ${table} for each statement execute function notify_access_change()`,
      ),
    ],
  },
];
