import type { PluginMigration } from '@conjunto/core';

/** Sign-in hardening: one e-mail form, shared failure counters, a per-user token version, the API rate limiter's counters. */
export const authMigrations: PluginMigration[] = [
  {
    name: 'server_0004_auth_hardening',
    up: [
      // E-mails are stored normalised (NFKC + lower case, auth/access.ts normalizeEmail) and compared exactly.
      // ASCII rows here (SQL and JS agree on them); the rare others are normalised in JS at boot
      // (normalizeStoredEmails), because PostgreSQL's lower() differs from JavaScript's beyond ASCII.
      "update users set email = lower(btrim(email)) where email ~ '^[ -~]*$' and email <> lower(btrim(email))",
      'drop index users_email_unique',
      'create unique index users_email_unique on users (email)',
      // Bumped by a password change or a disable: access tokens carry it (claim `ver`) and older ones stop working.
      'alter table users add column token_version integer not null default 0',
      // Every authenticated request asks whether its sign-in (refresh family, claim `sid`) was ended: one probe.
      'create index refresh_tokens_revoked_family_idx on refresh_tokens (family_id) where revoked_at is not null',
      // Failed sign-ins per account ('account:<email>') and per address ('address:<ip>') in a fixed window,
      // taken atomically before the password is checked, shared by every server process.
      `create table login_failures (
        key varchar(150) primary key,
        count integer not null,
        window_start timestamptz not null
      )`,
      // The API rate limiter's counters (server/src/rate-limit.ts): losing them in a crash is harmless, so no WAL.
      `create unlogged table rate_limits (
        key varchar(200) primary key,
        count integer not null,
        reset_at timestamptz not null
      )`,
      'create index rate_limits_reset_idx on rate_limits (reset_at)',
    ],
  },
  {
    name: 'server_0010_password_links',
    up: [
      // Single-use links to create (invite) or reset a password (auth/password-links.ts). Only the SHA-256 of the
      // token is kept: a copy of the database cannot be used to set anyone's password.
      `create table password_links (
        id uuid primary key,
        user_id uuid not null references users (id) on delete cascade,
        token_hash text not null unique,
        purpose varchar(10) not null check (purpose in ('invite', 'reset')),
        expires_at timestamptz not null,
        used_at timestamptz null,
        created_at timestamptz not null default now()
      )`,
      'create index password_links_user_idx on password_links (user_id)',
    ],
  },
];
