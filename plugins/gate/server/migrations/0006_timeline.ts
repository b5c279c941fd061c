import type { PluginMigration } from '@conjunto/core';
import { TIMELINE_KINDS } from '../../timeline.ts';

const among = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');

/**
 * The gate's timeline: one row per fact at the gate (an entry, an exit, a list hit, an early visit announced, a panic
 * alert, and what other plugins announce: face recognitions, plate and tag reads), written in the same transaction as
 * the fact (a domain event's delivery for the others: `event_id` keeps one row per event). Read newest first by
 * keyset on (occurred_at, id): the indexes lead with the complex and end with both.
 */
export const gateTimeline: PluginMigration = {
  name: 'gate_0006_timeline',
  up: [
    `create table gate_timeline (
      id uuid primary key,
      complex_id uuid not null references complexes(id) on delete cascade deferrable initially deferred,
      occurred_at timestamptz not null default now(),
      kind varchar(20) not null check (kind in (${among(TIMELINE_KINDS)})),
      post_id uuid references gate_posts(id) on delete set null deferrable initially deferred,
      place varchar(120),
      subject varchar(200) not null,
      detail varchar(300),
      unit_number varchar(30),
      ref_id uuid,
      event_id uuid,
      created_at timestamptz not null default now()
    )`,
    'create index gate_timeline_complex_at_idx on gate_timeline (complex_id, occurred_at desc, id desc)',
    'create index gate_timeline_complex_post_at_idx on gate_timeline (complex_id, post_id, occurred_at desc, id desc)',
    'create index gate_timeline_complex_kind_at_idx on gate_timeline (complex_id, kind, occurred_at desc, id desc)',
    // A domain event delivered again (at least once) writes nothing new.
    'create unique index gate_timeline_event_unique on gate_timeline (event_id) where event_id is not null',
  ],
};
