import type { PluginMigration } from '@conjunto/core';
import { GATE_LIMITS as L } from '../../gate.ts';

/**
 * Panic alerts (spec 002 §3 Panic alert): who raised it as they were then (DatosUsuario: name, phone, unit), the
 * detail, Estado (1 open, 0 closed), the guard's closing observation. One index for the complex's timeline, one for
 * its open alerts (the guards' dialog and a resident's repeat within a minute).
 */
export const gatePanic: PluginMigration = {
  name: 'gate_0002_panic',
  up: [
    `create table panic_alerts (
      id uuid primary key,
      complex_id uuid not null references complexes(id) on delete cascade deferrable initially deferred,
      resident_id uuid references users(id) on delete set null deferrable initially deferred,
      resident_name varchar(141) not null,
      resident_phone varchar(20),
      unit_id uuid references units(id) on delete set null deferrable initially deferred,
      unit_number varchar(30),
      detail varchar(${L.panicDetail}),
      status smallint not null default 1 check (status in (0, 1)),
      observation varchar(${L.panicObservation}),
      raised_at timestamptz not null default now(),
      closed_at timestamptz,
      closed_by uuid references users(id) on delete set null deferrable initially deferred,
      check ((status = 0) = (closed_at is not null))
    )`,
    'create index panic_alerts_complex_raised on panic_alerts (complex_id, raised_at desc)',
    'create index panic_alerts_open on panic_alerts (complex_id, resident_id) where status = 1',
  ],
};
