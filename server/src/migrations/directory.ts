import type { PluginMigration } from '@conjunto/core';

/** The host's own tables: directory, auth, audit and platform switches. */
export const directoryMigrations: PluginMigration[] = [
  {
    name: 'server_0001_directory',
    up: [
      `create table companies (
        id uuid primary key,
        name varchar(150) not null,
        ruc varchar(13),
        color varchar(7),
        contact_name varchar(150),
        contact_phone varchar(20),
        contact_email varchar(100),
        is_active boolean not null default true,
        created_at timestamptz not null default now()
      )`,
      `create table complexes (
        id uuid primary key,
        name varchar(150) not null,
        ruc varchar(13),
        image text,
        resident_count integer not null default 0,
        parking_count integer not null default 0,
        receipt_number integer not null default 1,
        expense_receipt_number integer not null default 1,
        address varchar(250),
        city varchar(100),
        province varchar(100),
        trust_limit integer,
        session_limit integer,
        last_aliquot_month varchar(7),
        company_id uuid references companies(id) on delete set null deferrable initially deferred,
        contact_name varchar(150),
        contact_phone varchar(20),
        contact_email varchar(100),
        parkey boolean not null default false,
        cashbook boolean not null default false,
        is_active boolean not null default true,
        theme_color varchar(7),
        custom_email varchar(100),
        payment_notice_number integer not null default 1,
        payment_notice_date timestamptz,
        modules jsonb not null default '{}',
        created_at timestamptz not null default now()
      )`,
      'create index complexes_company_idx on complexes (company_id)',
      'create unique index complexes_name_unique on complexes (lower(name))',
      `create table users (
        id uuid primary key,
        first_name varchar(100) not null,
        last_name varchar(100) not null,
        email varchar(100) not null,
        phone varchar(20),
        id_number varchar(20),
        roles jsonb not null default '[]',
        password_hash text,
        is_active boolean not null default true,
        company_id uuid references companies(id) on delete set null deferrable initially deferred,
        residence_complex_id uuid references complexes(id) on delete set null deferrable initially deferred,
        unit_id uuid,
        legal_accepted boolean not null default false,
        legal_accepted_at timestamptz,
        created_at timestamptz not null default now()
      )`,
      'create unique index users_email_unique on users (lower(email))',
      'create unique index users_id_number_unique on users (id_number) where id_number is not null',
      'create index users_residence_idx on users (residence_complex_id, last_name, first_name)',
      `create table user_complexes (
        user_id uuid not null references users(id) on delete cascade deferrable initially deferred,
        complex_id uuid not null references complexes(id) on delete cascade deferrable initially deferred,
        primary key (user_id, complex_id)
      )`,
      'create index user_complexes_complex_idx on user_complexes (complex_id)',
      `create table units (
        id uuid primary key,
        complex_id uuid not null references complexes(id) on delete cascade deferrable initially deferred,
        number varchar(30) not null,
        number_sort varchar(200) not null,
        aliquot numeric(9,4) not null default 0 check (aliquot >= 0 and aliquot <= 100),
        type varchar(50),
        sub_complex varchar(50),
        owner_id uuid references users(id) on delete set null deferrable initially deferred,
        tenant_id uuid references users(id) on delete set null deferrable initially deferred,
        rented boolean not null default false,
        is_active boolean not null default true,
        created_at timestamptz not null default now()
      )`,
      'create unique index units_complex_number_unique on units (complex_id, lower(number))',
      'create index units_complex_sort_idx on units (complex_id, number_sort)',
      'alter table users add constraint users_unit_fk foreign key (unit_id) references units(id) on delete set null deferrable initially deferred',
      `create table audit_logs (
        id uuid primary key,
        complex_id uuid not null references complexes(id) on delete cascade deferrable initially deferred,
        user_id uuid,
        user_name varchar(201) not null,
        at timestamptz not null default now(),
        resource varchar(50) not null,
        record_id varchar(64) not null,
        action varchar(30) not null,
        changes jsonb
      )`,
      'create index audit_logs_complex_at_idx on audit_logs (complex_id, at desc)',
      'create table platform_plugins (id varchar(50) primary key, enabled boolean not null)',
      `create table refresh_tokens (
        id uuid primary key,
        user_id uuid not null references users(id) on delete cascade deferrable initially deferred,
        family_id uuid not null,
        token_hash varchar(64) not null,
        expires_at timestamptz not null,
        used_at timestamptz,
        revoked_at timestamptz,
        created_at timestamptz not null default now()
      )`,
      'create index refresh_tokens_family_idx on refresh_tokens (family_id)',
      'create index refresh_tokens_user_idx on refresh_tokens (user_id)',
    ],
  },
  {
    // Spec 002 §3 "Resident settings": what the administrator sets on a resident besides the person.
    // The C.I. stays unique across all users (users_id_number_unique of 0001), which keeps it unique per complex.
    // The complex's user limit is trust_limit (LimiteConfianza) of 0001: residents with app access, null = none.
    name: 'server_0011_resident_settings',
    up: [
      'alter table users add column vip boolean not null default false',
      'alter table users add column payment_agreement boolean not null default false',
      'alter table users add column prepaid_guarantee boolean not null default false',
      "alter table users add column notification_emails jsonb not null default '[]'",
      "alter table users add column groups jsonb not null default '[]'",
    ],
  },
];

/**
 * The directory's read-only views (core DIRECTORY_VIEWS): what plugins may join in their own SQL, and what
 * host.directory reads. Unused columns cost nothing: PostgreSQL drops a left join whose columns are not read.
 */
export const directoryViews: PluginMigration = {
  name: 'server_0008_directory_views',
  up: [
    `create view directory_units as
       select un.id, un.complex_id, un.number, un.number_sort, un.type, un.aliquot, un.is_active,
              coalesce(un.owner_id, un.tenant_id) as holder_id, h.first_name || ' ' || h.last_name as holder_name,
              h.email as holder_email, h.phone as holder_phone
         from units un left join users h on h.id = coalesce(un.owner_id, un.tenant_id)`,
    `create view directory_people as
       select u.id, u.first_name || ' ' || u.last_name as name, u.first_name, u.last_name, u.email, u.phone,
              u.residence_complex_id, u.unit_id, u.roles @> '["residente"]'::jsonb as is_resident, u.is_active
         from users u`,
  ],
};
