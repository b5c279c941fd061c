import type { PluginMigration } from '@conjunto/core';

/** Push notifications (server/src/push.ts): the outbox, the users' browsers and app devices, the VAPID key pair. */
export const pushMigrations: PluginMigration[] = [
  {
    name: 'server_0013_push',
    up: [
      // One row per recipient. status: 'pending' (to deliver), 'sent' (reached at least one browser or device),
      // 'failed' (gave up, or refused for good), 'unsent' (no provider configured when it was queued: it stays
      // readable here and is never sent later), 'no_target' (the user had no browser or device subscribed).
      // delivered: the targets already reached, skipped by a retry.
      `create table push_outbox (
        id uuid primary key,
        complex_id uuid references complexes(id) on delete cascade deferrable initially deferred,
        user_id uuid not null references users(id) on delete cascade deferrable initially deferred,
        category varchar(50),
        title varchar(60) not null,
        body varchar(500) not null,
        url varchar(500),
        data jsonb,
        urgent boolean not null default false,
        status varchar(10) not null check (status in ('pending', 'sent', 'failed', 'unsent', 'no_target')),
        attempts integer not null default 0,
        delivered jsonb not null default '[]',
        last_error varchar(500),
        next_attempt_at timestamptz not null default now(),
        created_at timestamptz not null default now(),
        sent_at timestamptz
      )`,
      'create index push_outbox_complex_idx on push_outbox (complex_id, created_at desc)',
      'create index push_outbox_user_idx on push_outbox (user_id)',
      "create index push_outbox_pending_idx on push_outbox (next_attempt_at) where status = 'pending'",
      // A browser's Web Push subscription: one endpoint belongs to whoever subscribed it last.
      `create table push_subscriptions (
        id uuid primary key,
        user_id uuid not null references users(id) on delete cascade deferrable initially deferred,
        endpoint varchar(1000) not null,
        p256dh varchar(100) not null,
        auth varchar(50) not null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      )`,
      'create unique index push_subscriptions_endpoint_unique on push_subscriptions (endpoint)',
      'create index push_subscriptions_user_idx on push_subscriptions (user_id, updated_at)',
      // The mobile app's FCM registration tokens.
      `create table push_devices (
        id uuid primary key,
        user_id uuid not null references users(id) on delete cascade deferrable initially deferred,
        token varchar(1024) not null,
        platform varchar(10) not null check (platform in ('android', 'ios')),
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      )`,
      'create unique index push_devices_token_unique on push_devices (token)',
      'create index push_devices_user_idx on push_devices (user_id, updated_at)',
      // The VAPID key pair made once when none is configured (outside production): kept beside the subscriptions
      // that are bound to it, and shared by every server process of the database.
      `create table push_settings (
        id smallint primary key check (id = 1),
        vapid_public_key varchar(100) not null,
        vapid_private_key varchar(100) not null,
        created_at timestamptz not null default now()
      )`,
    ],
  },
];
