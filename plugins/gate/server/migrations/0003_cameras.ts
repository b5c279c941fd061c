import type { PluginMigration } from '@conjunto/core';
import { CAMERA_DRIVERS, CAMERA_LIMITS as L } from '../../cameras.ts';

const among = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');

/**
 * The guard posts' cameras (spec 002 §2.2 'Ver Cámaras'): one row per camera of a post, its driver and snapshot URL,
 * the credentials' user in clear and the password sealed by the host (host.secrets, AES-256-GCM bound to the row).
 * The pictures taken when an entry is registered: stored files (host.files) referenced from the entry, in order.
 */
export const gateCameras: PluginMigration = {
  name: 'gate_0003_cameras',
  up: [
    `create table gate_cameras (
      id uuid primary key,
      complex_id uuid not null references complexes(id) on delete cascade deferrable initially deferred,
      post_id uuid not null references gate_posts(id) on delete cascade deferrable initially deferred,
      name varchar(${L.name}) not null check (length(trim(name)) > 0),
      driver varchar(20) not null check (driver in (${among(CAMERA_DRIVERS)})),
      url varchar(${L.url}) check (url is null or url ~ '^https?://'),
      username varchar(${L.username}),
      password_sealed text,
      created_at timestamptz not null default now(),
      check (driver <> 'http-snapshot' or url is not null)
    )`,
    'create unique index gate_cameras_post_name_unique on gate_cameras (post_id, lower(name))',
    'create index gate_cameras_complex_post on gate_cameras (complex_id, post_id)',
    `create table gate_entry_images (
      id uuid primary key,
      complex_id uuid not null references complexes(id) on delete cascade deferrable initially deferred,
      entry_id uuid not null references gate_entries(id) on delete cascade deferrable initially deferred,
      file_id uuid not null references files(id) on delete cascade deferrable initially deferred,
      position smallint not null check (position >= 0),
      source varchar(${L.name * 2 + 3}) not null,
      content_type varchar(40) not null,
      taken_at timestamptz not null
    )`,
    'create unique index gate_entry_images_entry_position on gate_entry_images (entry_id, position)',
    'create index gate_entry_images_complex on gate_entry_images (complex_id)',
  ],
};
