// Field limits of the host's directory, shared by the server's schemas (which enforce them) and the admin's
// forms (which mirror them for comfort).
export const COMPLEX_LIMITS = {
  name: 150,
  ruc: 13,
  address: 250,
  city: 100,
  province: 100,
  contactName: 150,
  contactPhone: 20,
  contactEmail: 100,
  customEmail: 100,
} as const;

export const COMPANY_LIMITS = { name: 150, ruc: 13, contactName: 150, contactPhone: 20, contactEmail: 100 } as const;

export const USER_LIMITS = { firstName: 100, lastName: 100, email: 100, phone: 20, idNumber: 20, passwordMin: 8 } as const;

export const UNIT_LIMITS = { number: 30, type: 50, subComplex: 50, aliquotMax: 100, address: 250 } as const;

// ---------------------------------------------------------------- the directory read API (host.directory)

/** A complex as plugins read it. */
export interface DirectoryComplex {
  id: string;
  name: string;
  ruc: string | null;
  /** The logo's stored file key or URL. */
  image: string | null;
  address: string | null;
  city: string | null;
  province: string | null;
  contactName: string | null;
  contactPhone: string | null;
  contactEmail: string | null;
  customEmail: string | null;
  companyName: string | null;
}

/** A unit of the complex as plugins read it. */
export interface DirectoryUnit {
  id: string;
  number: string;
  type: string | null;
  /** Alícuota, percent with 4 decimals, as exact text ('2.7778'). */
  aliquot: string;
  isActive: boolean;
  /** Who answers for the unit: the owner, else the tenant. */
  holderId: string | null;
  holderName: string | null;
  holderEmail: string | null;
  holderPhone: string | null;
  /** The unit's own address (spec 002 §3), which replaces the complex's on its receipts and statements; null: the complex's. */
  address: string | null;
  /** The property lock (spec 002 §4): its residents reach the payments part of the API only. */
  locked: boolean;
  ownerId: string | null;
  tenantId: string | null;
  /** Set by the administrator or the owner: the tenant may not register visits / make reservations. */
  tenantVisitsBlocked: boolean;
  tenantReservationsBlocked: boolean;
}

/**
 * A unit's account as the plugin that keeps the ledger sees it (spec 002 §3 FechaUltimoPago, UltimaExpensa,
 * saldos, en mora): derived, never typed. Amounts as exact text with 2 decimals ('-12.50'); a balance is what is
 * owed minus what is in favour.
 */
export interface UnitAccount {
  unitId: string;
  /** The date (YYYY-MM-DD) of the unit's last payment, null if none. */
  lastPaymentDate: string | null;
  /** The amount of the unit's last monthly fee, null if none. */
  lastFee: string | null;
  /** What each person the charges name owes (their id -> balance); charges naming nobody under ''. */
  balances: Record<string, string>;
  /** A charge of the unit is past due and unpaid. */
  inArrears: boolean;
}

/**
 * ServerPlugin.unitAccounts: the accounts of some units of a complex, read on `em` (the request's). The host
 * asks it when it shows units, only while the plugin is enabled and switched on for the complex.
 */
// biome-ignore lint/suspicious/noExplicitAny: EntityManager of the host's driver
export type UnitAccountsProvider = (scope: { em: any; complexId: string }, unitIds: readonly string[]) => Promise<UnitAccount[]>;

/** A person of the complex (a resident or a member of its staff) as plugins read them. */
export interface DirectoryPerson {
  id: string;
  /** First and last name. */
  name: string;
  email: string;
  phone: string | null;
  /** The unit they live in, for residents. */
  unitId: string | null;
  isActive: boolean;
  /** A resident the administrator flagged VIP (spec 002 §3): e.g. their visits are not shown to guards. */
  vip: boolean;
  /** Spec 002 §3: a resident with a payment agreement may book common areas despite debts. */
  paymentAgreement: boolean;
  /** Spec 002 §3: a resident's prepaid guarantee: their reservations are approved at once, without deposit. */
  prepaidGuarantee: boolean;
}

export interface UnitQuery {
  ids?: readonly string[];
  /** Unit numbers, compared without case. */
  numbers?: readonly string[];
  /** Units whose holder is one of these people. */
  holders?: readonly string[];
  /** Inactive units too (default: active ones only). */
  includeInactive?: boolean;
  /** At most this many, in the units' order. */
  limit?: number;
}

export interface PeopleQuery {
  ids?: readonly string[];
  /** Inactive people too (default: active ones only). */
  includeInactive?: boolean;
}

/**
 * The host's directory of one complex, for plugins: typed reads of the complex, its units, its residents and its
 * staff. Every answer belongs to that complex; units come in their natural order (101 before 1001), people by
 * last then first name. Plugins never read the host's tables; inside their own SQL (a list's join, an order by
 * unit) they use the read-only views of DIRECTORY_VIEWS, which keep these columns whatever the host's tables become.
 */
export interface HostDirectory {
  complex(): Promise<DirectoryComplex>;
  units(query?: UnitQuery): Promise<DirectoryUnit[]>;
  /** A unit of the complex, active or not; undefined for another complex's. */
  unit(id: string): Promise<DirectoryUnit | undefined>;
  /** Residents: people living in the complex with the residente role. */
  residents(query?: PeopleQuery): Promise<DirectoryPerson[]>;
  /** Staff of the complex holding `role` (e.g. its administrators). */
  staff(role: string, query?: PeopleQuery): Promise<DirectoryPerson[]>;
  /** Someone who lives in the complex or works for it, active or not; undefined otherwise. */
  person(id: string): Promise<DirectoryPerson | undefined>;
}

/**
 * Read-only views for a plugin's own SQL, joined on the ids its rows hold:
 * - `directory_units` (id, complex_id, number, number_sort, type, aliquot, is_active, holder_id, holder_name,
 *   holder_email, holder_phone, address, locked, owner_id, tenant_id, tenant_visits_blocked,
 *   tenant_reservations_blocked): order by number_sort for the natural order;
 * - `directory_people` (id, name, first_name, last_name, email, phone, residence_complex_id, unit_id, is_active, vip,
 *   payment_agreement, prepaid_guarantee).
 * Always join them from the plugin's rows of the request's complex (`on u.id = mine.unit_id`), never list them.
 */
export const DIRECTORY_VIEWS = { units: 'directory_units', people: 'directory_people', staff: 'directory_staff' } as const;

// ---------------------------------------------------------------- staff of a complex (host.staff)

/**
 * A back-office user linked to a complex, as a plugin that manages one kind of staff (e.g. the supervisors) sees them.
 * The view `directory_staff` (id, complex_id, name, first_name, last_name, email, phone, id_number, is_active, roles,
 * created_at) has one row per user and complex they are linked to: a plugin lists it filtered by the request's complex
 * and a role (`t.roles @> '["supervisor"]'`).
 */
export interface StaffMember {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  idNumber: string | null;
  isActive: boolean;
}

/** A new staff member: no password, they set it from the e-mailed invitation link. */
export interface StaffInput {
  firstName: string;
  lastName: string;
  email: string;
  phone?: string | null;
  idNumber?: string | null;
}

/** The roles a complex's own staff may hold (those who act on a complex by being linked to it, DESIGN §4). */
export const COMPLEX_STAFF_ROLES = ['administrador', 'supervisor', 'directiva', 'parkey', 'puntoVenta'] as const;
export type ComplexStaffRole = (typeof COMPLEX_STAFF_ROLES)[number];
