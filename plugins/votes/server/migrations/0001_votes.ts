import type { PluginMigration } from '@conjunto/core';

export const votesInit: PluginMigration = {
  name: 'votes_0001_init',
  up: [
    `create table votes (
      id uuid primary key,
      complex_id uuid not null references complexes(id) on delete cascade deferrable initially deferred,
      title varchar(150) not null check (length(trim(title)) > 0),
      -- [{ "text": "...", "options": ["...", "..."] }]: the Preguntas list; answers name (question index, option index).
      questions jsonb not null,
      ends_at timestamptz not null,
      -- Finalizada (spec 002 §4): set once the end has passed, when the votes are listed; the rules read ends_at.
      finished boolean not null default false,
      weighted boolean not null default true,
      exclude_arrears boolean not null default false,
      arrears_applied boolean not null default false,
      created_by uuid,
      created_at timestamptz not null default now()
    )`,
    'create index votes_complex_created_idx on votes (complex_id, created_at desc)',
    'create index votes_complex_ends_idx on votes (complex_id, ends_at)',
    `create table vote_files (
      id uuid primary key,
      complex_id uuid not null references complexes(id) on delete cascade deferrable initially deferred,
      vote_id uuid not null references votes(id) on delete cascade deferrable initially deferred,
      file_id uuid not null,
      filename varchar(255) not null,
      size integer not null,
      created_at timestamptz not null default now()
    )`,
    'create index vote_files_vote_idx on vote_files (vote_id)',
    // Units in arrears when the vote was created (accounting): they may not vote, nor count for the quorum.
    `create table vote_exclusions (
      id uuid primary key,
      complex_id uuid not null references complexes(id) on delete cascade deferrable initially deferred,
      vote_id uuid not null references votes(id) on delete cascade deferrable initially deferred,
      unit_id uuid not null references units(id) on delete cascade deferrable initially deferred,
      constraint vote_exclusions_one_per_unit unique (vote_id, unit_id)
    )`,
    // A unit's vote given to another resident of the complex for one vote (recorded and audited).
    `create table vote_proxies (
      id uuid primary key,
      complex_id uuid not null references complexes(id) on delete cascade deferrable initially deferred,
      vote_id uuid not null references votes(id) on delete cascade deferrable initially deferred,
      unit_id uuid not null references units(id) on delete cascade deferrable initially deferred,
      holder_id uuid not null references users(id) on delete cascade deferrable initially deferred,
      granted_by uuid,
      created_at timestamptz not null default now(),
      constraint vote_proxies_one_per_unit unique (vote_id, unit_id)
    )`,
    'create index vote_proxies_holder_idx on vote_proxies (vote_id, holder_id)',
    // One ballot per unit and vote (changed in place until the end). weight: the unit's aliquot when it voted, in
    // ten-thousandths of a percent (2.7778 % -> 27778), so that weighted sums are exact integers.
    `create table vote_ballots (
      id uuid primary key,
      complex_id uuid not null references complexes(id) on delete cascade deferrable initially deferred,
      vote_id uuid not null references votes(id) on delete cascade deferrable initially deferred,
      unit_id uuid not null references units(id) on delete cascade deferrable initially deferred,
      answers smallint[] not null,
      weight integer not null check (weight >= 0),
      cast_by uuid,
      via_proxy boolean not null default false,
      cast_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint vote_ballots_one_per_unit unique (vote_id, unit_id)
    )`,
  ],
};
