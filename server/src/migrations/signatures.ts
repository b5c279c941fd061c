import type { PluginMigration } from '@conjunto/core';

/**
 * The complexes' electronic signatures (server/src/signatures/store.ts) and the documents issued with a
 * verification code (server/src/signatures/documents.ts).
 */
export const signatureMigrations: PluginMigration[] = [
  {
    name: 'server_0012_signatures',
    up: [
      // One active signature per complex. p12 and password are AES-256-GCM blobs (iv | tag | ciphertext) under
      // SIGNATURES_KEY, bound to the complex (additional data), so a blob copied to another row does not open;
      // key_id tells which key sealed them. The certificate's public facts are kept in the clear for the screens.
      `create table signatures (
        complex_id uuid primary key references complexes(id) on delete cascade deferrable initially deferred,
        id uuid not null unique,
        p12 bytea not null,
        password bytea not null,
        key_id char(16) not null,
        file_name varchar(200) not null,
        subject varchar(500) not null,
        issuer varchar(500) not null,
        serial_number varchar(100) not null,
        valid_from timestamptz not null,
        valid_to timestamptz not null,
        uploaded_by uuid,
        uploaded_by_name varchar(201),
        uploaded_at timestamptz not null default now()
      )`,
      // kind: '<plugin>.<document>' (e.g. 'accounting.no-debt'); code: 16 Crockford base32 characters, unique.
      // summary: what the public verification shows besides the complex (unit number ...), nothing personal.
      `create table issued_documents (
        id uuid primary key,
        complex_id uuid not null references complexes(id) on delete cascade deferrable initially deferred,
        kind varchar(60) not null,
        title varchar(150) not null,
        code char(16) not null unique,
        unit_id uuid,
        unit_number varchar(30),
        summary jsonb not null default '{}',
        signed boolean not null,
        sha256 char(64) not null,
        valid_until date,
        revoked_at timestamptz,
        issued_by uuid,
        issued_by_name varchar(201),
        issued_at timestamptz not null default now()
      )`,
      'create index issued_documents_complex_idx on issued_documents (complex_id, issued_at desc)',
      'create index issued_documents_unit_idx on issued_documents (complex_id, unit_id, issued_at desc)',
    ],
  },
];
