import type { PluginMigration } from '@conjunto/core';

/** Idempotency keys of POSTs that create money or numbered records (server/src/idempotency.ts). */
export const idempotencyMigrations: PluginMigration[] = [
  {
    name: 'server_0005_idempotency_keys',
    up: [
      // state: 'running' (reserved, the write has not committed), 'committed' (the write committed in the same
      // transaction, the answer is not stored yet), 'done' (answer stored: replayed to retries), 'lost' (the
      // write committed but the request failed after it: nothing to replay, a retry must not run it again).
      `create table idempotency_keys (
        id uuid primary key,
        complex_id uuid not null,
        user_id uuid not null,
        key varchar(200) not null,
        method varchar(10) not null,
        url varchar(2000) not null,
        request_hash char(64) not null,
        state varchar(10) not null check (state in ('running', 'committed', 'done', 'lost')),
        status_code integer,
        content_type varchar(200),
        response_body text,
        created_at timestamptz not null default now()
      )`,
      'create unique index idempotency_keys_key_idx on idempotency_keys (complex_id, user_id, key)',
      'create index idempotency_keys_created_idx on idempotency_keys (created_at)',
    ],
  },
];
