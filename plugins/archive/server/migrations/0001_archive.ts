import type { PluginMigration } from '@conjunto/core';

export const archiveInit: PluginMigration = {
  name: 'archive_0001_init',
  up: [
    `create table archive_folders (
      id uuid primary key,
      complex_id uuid not null references complexes(id) on delete cascade deferrable initially deferred,
      name varchar(100) not null check (length(trim(name)) > 0),
      parent_id uuid references archive_folders(id) on delete restrict deferrable initially deferred,
      created_at timestamptz not null default now()
    )`,
    // Unique per parent (case-insensitive); the root is one parent too.
    `create unique index archive_folders_name_unique on archive_folders
      (complex_id, coalesce(parent_id, '00000000-0000-0000-0000-000000000000'::uuid), lower(name))`,
    'create index archive_folders_parent_idx on archive_folders (complex_id, parent_id)',
    `create table archive_documents (
      id uuid primary key,
      complex_id uuid not null references complexes(id) on delete cascade deferrable initially deferred,
      folder_id uuid references archive_folders(id) on delete restrict deferrable initially deferred,
      title varchar(150) not null check (length(trim(title)) > 0),
      file_id uuid not null references files(id) on delete cascade deferrable initially deferred,
      filename varchar(255) not null,
      content_type varchar(150) not null,
      size_bytes bigint not null check (size_bytes >= 0),
      visible_to_residents boolean not null default false,
      uploaded_by uuid references users(id) on delete set null deferrable initially deferred,
      created_at timestamptz not null default now()
    )`,
    'create index archive_documents_complex_created_idx on archive_documents (complex_id, created_at desc)',
    'create index archive_documents_file_idx on archive_documents (file_id)',
    'create index archive_documents_folder_idx on archive_documents (complex_id, folder_id)',
    'create index archive_documents_visible_idx on archive_documents (complex_id, visible_to_residents, created_at desc)',
  ],
};
