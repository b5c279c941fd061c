import type { PluginMigration } from '@conjunto/core';

const complexFk = 'complex_id uuid not null references complexes(id) on delete cascade deferrable initially deferred';
const money = (column: string, check = `${column} >= 0`) => `${column} numeric(14,2) not null default 0 check (${check})`;

/** The ledger of a complex: categories, accounts, receivables, incomes, expenses, transfers, reconciliations. */
export const accountingInit: PluginMigration = {
  name: 'accounting_0001_ledger',
  up: [
    // Settings of spec 002 §3 that belong to accounting: the total monthly fee, the grace days of a fee and
    // the cheque numbering (NumeracionCheque).
    `create table accounting_settings (
      ${complexFk} primary key,
      total_fee numeric(14,2) check (total_fee >= 0),
      grace_days integer not null default 10 check (grace_days between 0 and 60),
      cheque_numbering boolean not null default false,
      cheque_start integer check (cheque_start > 0)
    )`,
    // The bank catalogue is the platform's, shared by every complex.
    `create table banks (
      id uuid primary key,
      name varchar(100) not null,
      image text
    )`,
    'create unique index banks_name_unique on banks (lower(name))',
    `create table categories (
      id uuid primary key,
      ${complexFk},
      kind varchar(7) not null check (kind in ('income', 'expense')),
      name varchar(100) not null check (length(trim(name)) > 0),
      subcategories jsonb not null default '[]',
      is_default boolean not null default false,
      created_at timestamptz not null default now()
    )`,
    'create unique index categories_name_unique on categories (complex_id, kind, lower(name))',
    `create table bank_accounts (
      id uuid primary key,
      ${complexFk},
      method_type varchar(25) not null check (method_type in ('Cuenta Bancaria', 'Caja', 'Cuenta BancariaOculta')),
      name varchar(100) not null,
      number varchar(25) check (number ~ '^[0-9]*$'),
      id_type varchar(10) check (id_type in ('Ruc', 'Cédula', 'Pasaporte')),
      account_type varchar(10) check (account_type in ('Ahorros', 'Corriente')),
      id_number varchar(20),
      email varchar(50),
      bank_id uuid references banks(id) deferrable initially deferred,
      initial_balance numeric(14,2) not null default 0 check (initial_balance between 0 and 1000000),
      cutoff_date date not null,
      logo text,
      created_at timestamptz not null default now(),
      check (method_type = 'Caja' or (bank_id is not null and account_type is not null and id_type is not null))
    )`,
    'create index bank_accounts_complex_idx on bank_accounts (complex_id, method_type, name)',
    `create table suppliers (
      id uuid primary key,
      ${complexFk},
      name varchar(150) not null check (length(trim(name)) > 0),
      id_number varchar(20),
      email varchar(100),
      phone varchar(20),
      address varchar(250),
      created_at timestamptz not null default now()
    )`,
    'create unique index suppliers_name_unique on suppliers (complex_id, lower(name))',
    // A receivable's balance is what the unit still owes: original - discount - payments applied to it.
    `create table receivables (
      id uuid primary key,
      ${complexFk},
      unit_id uuid not null references units(id) on delete cascade deferrable initially deferred,
      user_id uuid references users(id) on delete set null deferrable initially deferred,
      kind varchar(15) not null check (kind in ('fee', 'extraordinary', 'imported')),
      period varchar(7) check (period ~ '^[0-9]{4}-[0-9]{2}$'),
      name varchar(150) not null check (length(trim(name)) > 0),
      description varchar(500),
      category varchar(100) not null,
      subcategory varchar(100),
      original_amount numeric(14,2) not null check (original_amount > 0),
      ${money('discount')},
      balance numeric(14,2) not null check (balance >= 0 and balance + discount <= original_amount),
      due_date date not null,
      created_at timestamptz not null default now()
    )`,
    'create index receivables_complex_unit_idx on receivables (complex_id, unit_id, due_date)',
    'create index receivables_complex_due_idx on receivables (complex_id, due_date) where balance > 0',
    // One monthly fee per unit and month: generating a month twice creates nothing new.
    "create unique index receivables_one_fee_per_month on receivables (complex_id, unit_id, period) where kind = 'fee'",
    `create table reconciliations (
      id uuid primary key,
      ${complexFk},
      account_id uuid not null references bank_accounts(id) on delete cascade deferrable initially deferred,
      until_date date not null,
      income_count integer not null,
      expense_count integer not null,
      ${money('income_total')},
      ${money('expense_total')},
      user_id uuid,
      user_name varchar(201) not null,
      created_at timestamptz not null default now()
    )`,
    'create index reconciliations_complex_idx on reconciliations (complex_id, created_at desc)',
    // amount is the money that entered the account; lines are what it paid (their sum = amount + discount);
    // balance is the part kept in favour of the unit (an advance).
    `create table incomes (
      id uuid primary key,
      ${complexFk},
      account_id uuid not null references bank_accounts(id) deferrable initially deferred,
      receipt_number integer,
      date date not null,
      description varchar(500) not null,
      method varchar(30) not null,
      ${money('amount')},
      ${money('discount')},
      ${money('balance')},
      is_advance boolean not null default false,
      is_initial_balance boolean not null default false,
      unit_id uuid references units(id) on delete set null deferrable initially deferred,
      user_id uuid references users(id) on delete set null deferrable initially deferred,
      payer_name varchar(201),
      transaction_reference varchar(50),
      reconciled boolean not null default false,
      reconciliation_id uuid references reconciliations(id) on delete set null deferrable initially deferred,
      annulled_at timestamptz,
      created_at timestamptz not null default now()
    )`,
    'create unique index incomes_receipt_unique on incomes (complex_id, receipt_number)',
    'create index incomes_complex_date_idx on incomes (complex_id, date desc, id desc)',
    'create index incomes_complex_account_date_idx on incomes (complex_id, account_id, date desc, id desc)',
    'create index incomes_complex_unit_idx on incomes (complex_id, unit_id)',
    'create index incomes_unreconciled_idx on incomes (account_id, date) where not reconciled',
    // A balance sums an account's movements from the index alone.
    'create index incomes_account_amount_idx on incomes (account_id) include (amount)',
    'create index incomes_reconciliation_idx on incomes (reconciliation_id) where reconciliation_id is not null',
    `create table income_lines (
      id uuid primary key,
      ${complexFk},
      income_id uuid not null references incomes(id) on delete cascade deferrable initially deferred,
      position integer not null,
      unit_id uuid references units(id) on delete set null deferrable initially deferred,
      receivable_id uuid references receivables(id) on delete set null deferrable initially deferred,
      description varchar(250) not null,
      category varchar(100) not null,
      subcategory varchar(100),
      ${money('amount')}
    )`,
    'create index income_lines_income_idx on income_lines (income_id, position)',
    'create index income_lines_receivable_idx on income_lines (receivable_id) where receivable_id is not null',
    `create table payables (
      id uuid primary key,
      ${complexFk},
      supplier_id uuid references suppliers(id) on delete set null deferrable initially deferred,
      supplier_name varchar(150) not null,
      detail varchar(500) not null,
      amount numeric(14,2) not null check (amount > 0),
      due_date date not null,
      recurrence_days integer check (recurrence_days in (7, 30, 365)),
      paid_at timestamptz,
      expense_id uuid,
      created_at timestamptz not null default now()
    )`,
    'create index payables_complex_due_idx on payables (complex_id, due_date)',
    `create table expenses (
      id uuid primary key,
      ${complexFk},
      account_id uuid not null references bank_accounts(id) deferrable initially deferred,
      receipt_number integer not null,
      date date not null,
      description varchar(500) not null,
      method varchar(30) not null,
      amount numeric(14,2) not null check (amount > 0),
      supplier_id uuid references suppliers(id) on delete set null deferrable initially deferred,
      payee_name varchar(150),
      invoice varchar(50),
      cheque_number integer check (cheque_number > 0),
      payable_id uuid references payables(id) on delete set null deferrable initially deferred,
      reconciled boolean not null default false,
      reconciliation_id uuid references reconciliations(id) on delete set null deferrable initially deferred,
      created_at timestamptz not null default now()
    )`,
    'create unique index expenses_receipt_unique on expenses (complex_id, receipt_number)',
    'create unique index expenses_cheque_unique on expenses (complex_id, cheque_number)',
    'create index expenses_complex_date_idx on expenses (complex_id, date desc, id desc)',
    'create index expenses_unreconciled_idx on expenses (account_id, date) where not reconciled',
    'create index expenses_account_amount_idx on expenses (account_id) include (amount)',
    'create index expenses_reconciliation_idx on expenses (reconciliation_id) where reconciliation_id is not null',
    `create table expense_lines (
      id uuid primary key,
      ${complexFk},
      expense_id uuid not null references expenses(id) on delete cascade deferrable initially deferred,
      position integer not null,
      description varchar(250) not null,
      category varchar(100) not null,
      subcategory varchar(100),
      amount numeric(14,2) not null check (amount > 0)
    )`,
    'create index expense_lines_expense_idx on expense_lines (expense_id, position)',
    `create table transfers (
      id uuid primary key,
      ${complexFk},
      from_account_id uuid not null references bank_accounts(id) deferrable initially deferred,
      to_account_id uuid not null references bank_accounts(id) deferrable initially deferred,
      amount numeric(14,2) not null check (amount > 0),
      date date not null,
      description varchar(500),
      created_at timestamptz not null default now(),
      check (from_account_id <> to_account_id)
    )`,
    'create index transfers_complex_date_idx on transfers (complex_id, date desc)',
    'create index transfers_from_idx on transfers (from_account_id) include (amount)',
    'create index transfers_to_idx on transfers (to_account_id) include (amount)',
    `create table pending_transfers (
      id uuid primary key,
      ${complexFk},
      user_id uuid references users(id) on delete set null deferrable initially deferred,
      unit_id uuid not null references units(id) on delete cascade deferrable initially deferred,
      amount numeric(14,2) not null check (amount > 0),
      detail varchar(500) not null,
      reference varchar(50),
      receivable_ids jsonb not null default '[]',
      status varchar(10) not null default 'Pendiente' check (status in ('Pendiente', 'Aprobada', 'Rechazada')),
      income_id uuid references incomes(id) on delete set null deferrable initially deferred,
      reject_reason varchar(250),
      reviewed_by varchar(201),
      reviewed_at timestamptz,
      created_at timestamptz not null default now()
    )`,
    'create index pending_transfers_complex_idx on pending_transfers (complex_id, status, created_at desc)',
    // Balances are derived from the movements, never stored: one row per movement and account.
    `create view account_movements as
      select complex_id, account_id, date, amount as amount, 'income' as kind, id from incomes
      union all select complex_id, account_id, date, -amount, 'expense', id from expenses
      union all select complex_id, from_account_id, date, -amount, 'transfer-out', id from transfers
      union all select complex_id, to_account_id, date, amount, 'transfer-in', id from transfers`,
  ],
};

/** Ecuador's banks and cooperatives, the catalogue every complex picks from (Nombre, Imagen). */
export const accountingBanks: PluginMigration = {
  name: 'accounting_0002_banks',
  up: [
    `insert into banks (id, name) select gen_random_uuid(), name from (values
      ('Banco Pichincha'), ('Banco Guayaquil'), ('Banco del Pacífico'), ('Produbanco'), ('Banco Internacional'),
      ('Banco Bolivariano'), ('Banco del Austro'), ('Banco de Machala'), ('Banco Solidario'), ('Banco General Rumiñahui'),
      ('Banco de Loja'), ('Banco Amazonas'), ('Banco Diners Club'), ('BanEcuador'), ('Banco ProCredit'),
      ('Cooperativa JEP'), ('Cooperativa Jardín Azuayo'), ('Cooperativa Policía Nacional'), ('Cooperativa 29 de Octubre'),
      ('Mutualista Pichincha')) as b(name)`,
  ],
};

/**
 * An annulled income keeps the values it had (its receipt shows them under ANULADO). Incomes annulled before
 * take them from their annulment's audit entry.
 */
export const accountingAnnulledValues: PluginMigration = {
  name: 'accounting_0003_annulled_values',
  up: [
    'alter table incomes add column before_annulment jsonb',
    `update incomes i set before_annulment = a.changes->'before'
       from (select distinct on (record_id) record_id, changes from audit_logs
              where resource = 'incomes' and action = 'annul' order by record_id, at desc) a
      where i.annulled_at is not null and i.id::text = a.record_id`,
  ],
};

/** Charges other plugins post through accounting's service carry their key: one charge per key and complex. */
export const accountingChargeRefs: PluginMigration = {
  name: 'accounting_0004_charge_refs',
  up: [
    'alter table receivables add column source_ref varchar(200)',
    'create unique index receivables_source_ref_idx on receivables (complex_id, source_ref) where source_ref is not null',
  ],
};

/**
 * Accounting's counters and flags leave the host's `complexes` for accounting's own settings row (issue 10): the
 * receipt numbers (NumeroComprobante, NumeroComprobanteEgreso), the payment notice's number and date
 * (NumeroAvisoCobro, FechaAvisoCobro), the last month of fees (UltimoMesAlicuota) and the cashbook flag. They
 * were accounting's all along, so this migration carries its columns, values included, and drops them there.
 */
export const accountingCounters: PluginMigration = {
  name: 'accounting_0005_counters',
  up: [
    `alter table accounting_settings
       add column receipt_number integer not null default 1 check (receipt_number > 0),
       add column expense_receipt_number integer not null default 1 check (expense_receipt_number > 0),
       add column payment_notice_number integer not null default 1 check (payment_notice_number > 0),
       add column payment_notice_date timestamptz,
       add column last_aliquot_month varchar(7),
       add column cashbook boolean not null default false`,
    `insert into accounting_settings (complex_id, receipt_number, expense_receipt_number, payment_notice_number,
            payment_notice_date, last_aliquot_month, cashbook)
     select id, receipt_number, expense_receipt_number, payment_notice_number, payment_notice_date, last_aliquot_month, cashbook
       from complexes
     on conflict (complex_id) do update set receipt_number = excluded.receipt_number,
       expense_receipt_number = excluded.expense_receipt_number, payment_notice_number = excluded.payment_notice_number,
       payment_notice_date = excluded.payment_notice_date, last_aliquot_month = excluded.last_aliquot_month,
       cashbook = excluded.cashbook`,
    `alter table complexes drop column receipt_number, drop column expense_receipt_number,
       drop column payment_notice_number, drop column payment_notice_date, drop column last_aliquot_month,
       drop column cashbook`,
  ],
};

/**
 * Statement notices run as a background job (issue 11): each resident's mail of a notice is recorded with it, in
 * the mail's transaction, so that a retry of the job after a crash sends only to whom it has not reached yet.
 */
export const accountingNoticeDeliveries: PluginMigration = {
  name: 'accounting_0006_notice_deliveries',
  up: [
    `create table accounting_notice_deliveries (
       complex_id uuid not null,
       notice_number integer not null,
       user_id uuid not null,
       mail_id uuid,
       created_at timestamptz not null default now(),
       primary key (complex_id, notice_number, user_id))`,
  ],
};
