import type { PluginMigration } from '@conjunto/core';

export const supportInit: PluginMigration = {
  name: 'support_0001_init',
  up: [
    `create table support_faq (
      id uuid primary key,
      category varchar(80) not null check (length(trim(category)) > 0),
      question varchar(250) not null check (length(trim(question)) > 0),
      answer text not null check (length(trim(answer)) > 0 and length(answer) <= 5000),
      sort_order integer not null default 0 check (sort_order between 0 and 9999),
      published boolean not null default true,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`,
    'create index support_faq_order_idx on support_faq (published, category, sort_order)',
    `create table supports (
      id uuid primary key,
      complex_id uuid not null references complexes(id) on delete cascade deferrable initially deferred,
      subject varchar(150) not null check (length(trim(subject)) > 0),
      category varchar(20) not null check (category in ('Consulta', 'Problema', 'Sugerencia')),
      detail text not null check (length(trim(detail)) > 0 and length(detail) <= 5000),
      state varchar(20) not null default 'Abierto' check (state in ('Abierto', 'En proceso', 'Resuelto', 'Cerrado')),
      attachment_file_id uuid references files(id) on delete set null deferrable initially deferred,
      requester_id uuid references users(id) on delete set null deferrable initially deferred,
      requester_name varchar(201) not null,
      requester_email varchar(100),
      reply_count integer not null default 0,
      last_reply_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`,
    'create index supports_complex_created_idx on supports (complex_id, created_at desc)',
    // Staff's list across complexes: newest first, by state.
    'create index supports_state_created_idx on supports (state, created_at desc)',
    'create index supports_created_idx on supports (created_at desc)',
    `create table support_replies (
      id uuid primary key,
      complex_id uuid not null references complexes(id) on delete cascade deferrable initially deferred,
      support_id uuid not null references supports(id) on delete cascade deferrable initially deferred,
      author_id uuid references users(id) on delete set null deferrable initially deferred,
      author_name varchar(201) not null,
      from_staff boolean not null,
      message text not null check (length(message) <= 5000),
      state varchar(20) check (state in ('Abierto', 'En proceso', 'Resuelto', 'Cerrado')),
      created_at timestamptz not null default now()
    )`,
    'create index support_replies_support_idx on support_replies (complex_id, support_id, created_at)',
  ],
};
