import type { PluginMigration } from '@conjunto/core';

/**
 * Spec 002 §3 "Housing unit": the unit's own settings (alternative address, the owner's rights over the tenant,
 * the property lock) and the catalogues of unit types and sub-complexes (conjuntoConfig.Subconjuntos). The
 * derived fields (FechaUltimoPago, UltimaExpensa, balances, arrears) are not stored here: the plugin that keeps
 * the ledger answers them at read time (ServerPlugin.unitAccounts).
 */
export const unitMigrations: PluginMigration[] = [
  {
    name: 'server_0012_unit_settings',
    up: [
      'alter table units add column alt_address varchar(250)',
      'alter table units add column owner_lives_in boolean not null default true',
      'alter table units add column owner_may_see_tenant boolean not null default false',
      'alter table units add column owner_may_block_tenant boolean not null default false',
      'alter table units add column tenant_access_blocked boolean not null default false',
      'alter table units add column tenant_visits_blocked boolean not null default false',
      'alter table units add column tenant_reservations_blocked boolean not null default false',
      // The property lock (spec 002 §4): a flag of its own, because is_active already means "a unit in use"
      // to plugins (host.directory lists active units only, e.g. for monthly fees, which a locked unit still owes).
      'alter table units add column locked boolean not null default false',
      `create table unit_types (
        id uuid primary key,
        complex_id uuid not null references complexes(id) on delete cascade deferrable initially deferred,
        name varchar(50) not null,
        created_at timestamptz not null default now()
      )`,
      'create unique index unit_types_name_unique on unit_types (complex_id, name)',
      `create table sub_complexes (
        id uuid primary key,
        complex_id uuid not null references complexes(id) on delete cascade deferrable initially deferred,
        name varchar(50) not null,
        created_at timestamptz not null default now()
      )`,
      'create unique index sub_complexes_name_unique on sub_complexes (complex_id, name)',
      // The catalogues start with what the units already name (ids: uuid v4 in SQL for these old rows only).
      `insert into unit_types (id, complex_id, name)
         select gen_random_uuid(), complex_id, type from units where type is not null group by complex_id, type`,
      `insert into sub_complexes (id, complex_id, name)
         select gen_random_uuid(), complex_id, sub_complex from units where sub_complex is not null group by complex_id, sub_complex`,
      // A unit's lock and its tenant's block decide access (tenancy.ts): its writes clear every access cache.
      `create trigger units_access_notify after insert or update or delete or truncate
         on units for each statement execute function notify_access_change()`,
      // Columns appended (a view keeps its old columns, so plugins' SQL is unchanged).
      `create or replace view directory_units as
         select un.id, un.complex_id, un.number, un.number_sort, un.type, un.aliquot, un.is_active,
                coalesce(un.owner_id, un.tenant_id) as holder_id, h.first_name || ' ' || h.last_name as holder_name,
                h.email as holder_email, h.phone as holder_phone,
                un.alt_address as address, un.locked, un.owner_id, un.tenant_id,
                un.tenant_visits_blocked, un.tenant_reservations_blocked
           from units un left join users h on h.id = coalesce(un.owner_id, un.tenant_id)`,
    ],
  },
  {
    // The resident's VIP flag (server_0011) for plugins (host.directory): a column appended.
    name: 'server_0013_directory_people_vip',
    up: [
      `create or replace view directory_people as
         select u.id, u.first_name || ' ' || u.last_name as name, u.first_name, u.last_name, u.email, u.phone,
                u.residence_complex_id, u.unit_id, u.roles @> '["residente"]'::jsonb as is_resident, u.is_active, u.vip
           from users u`,
    ],
  },
  {
    // The resident's payment-agreement and prepaid-guarantee flags (spec 002 §3) for plugins: columns appended.
    name: 'server_0015_directory_people_agreements',
    up: [
      `create or replace view directory_people as
         select u.id, u.first_name || ' ' || u.last_name as name, u.first_name, u.last_name, u.email, u.phone,
                u.residence_complex_id, u.unit_id, u.roles @> '["residente"]'::jsonb as is_resident, u.is_active, u.vip,
                u.payment_agreement, u.prepaid_guarantee
           from users u`,
    ],
  },
];
