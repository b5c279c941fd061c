import type { PluginMigration } from '@conjunto/core';

export const surveysInit: PluginMigration = {
  name: 'surveys_0001_init',
  up: [
    `create table surveys (
      id uuid primary key,
      complex_id uuid not null references complexes(id) on delete cascade deferrable initially deferred,
      title varchar(100) not null check (length(trim(title)) > 0),
      display_days integer not null default 30 check (display_days between 1 and 30),
      is_active boolean not null default false,
      created_at timestamptz not null default now()
    )`,
    'create unique index surveys_complex_title_unique on surveys (complex_id, lower(title))',
    // Only one active survey per complex, guaranteed by the database.
    'create unique index surveys_one_active_per_complex on surveys (complex_id) where is_active',
    // The admin's list: newest first, often filtered by status; the count is answered from the index.
    'create index surveys_complex_active_created_idx on surveys (complex_id, is_active, created_at desc)',
    'create index surveys_complex_created_idx on surveys (complex_id, created_at desc)',
    `create table survey_answers (
      id uuid primary key,
      complex_id uuid not null references complexes(id) on delete cascade deferrable initially deferred,
      survey_id uuid not null references surveys(id) on delete cascade deferrable initially deferred,
      user_id uuid not null references users(id) on delete cascade deferrable initially deferred,
      confirm boolean not null,
      answered_at timestamptz not null default now(),
      constraint survey_answers_one_per_user unique (survey_id, user_id)
    )`,
  ],
};
