import type { PluginMigration } from '@conjunto/core';

/** Stored files of every complex (server/src/files/): the bytes live in the storage driver under storage_key. */
export const filesMigrations: PluginMigration[] = [
  {
    name: 'server_0003_files',
    up: [
      // personal: biometric or personal data (face photos, IDs): every read is audited.
      `create table files (
        id uuid primary key,
        complex_id uuid not null references complexes(id) on delete cascade deferrable initially deferred,
        category varchar(50) not null,
        personal boolean not null,
        storage_key varchar(100) not null unique,
        original_name varchar(200) not null,
        content_type varchar(100) not null,
        size bigint not null,
        sha256 char(64) not null,
        created_by uuid,
        created_at timestamptz not null default now()
      )`,
      'create index files_complex_idx on files (complex_id, category, created_at desc)',
    ],
  },
];
