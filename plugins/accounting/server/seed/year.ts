// One complex's year in memory: what each step of the seed reads and adds to, its calendar, and its accounts.
import { centsToDecimal, newId, percentOf } from '@conjunto/core';
import { INITIAL_BALANCE, LIMITS } from '../../manifest.ts';
import { addDays } from '../receivables.ts';

export type Row = Record<string, unknown>;
/** What the seed reads of a complex (with its company and administrator) and of a unit (with who pays it). */
export type ComplexRow = Record<'id' | 'name', string> &
  Record<'ruc' | 'city' | 'contact_email' | 'company_name' | 'admin_id' | 'admin_name', string | null>;
export type UnitRow = Record<'id' | 'complex_id' | 'number' | 'aliquot', string> & Record<'user_id' | 'user_name', string | null>;
type Rubro = { category: string; subcategory: string };
export interface Line extends Rubro {
  description: string;
  cents: number;
  receivable?: Receivable;
}
export interface Receivable extends Rubro {
  id: string;
  unit: UnitRow;
  kind: 'fee' | 'extraordinary';
  period: string | null;
  name: string;
  description: string | null;
  cents: number;
  discount: number;
  paid: number;
  dueDate: string;
  /** The day it is charged: no payment before it settles it. */
  from: string;
}
interface Movement {
  id: string;
  accountId: string;
  date: string;
  description: string;
  method: string;
  lines: Line[];
  receipt?: number;
  reconciliationId?: string;
}
export interface Income extends Movement {
  unit: UnitRow | null;
  reference: string | null;
  /** The part kept in favour of the unit. */
  advance: number;
  initial?: boolean;
  annulledAt?: string;
  /** An annulled income's description and lines before the annulment (its receipt shows them). */
  annulledFrom?: { description: string; lines: Line[]; advance: number };
}
export interface Expense extends Movement {
  supplierId: string | null;
  payeeName: string | null;
  invoice: string | null;
  /** The monthly security invoice, which a recurring payable settles. */
  security?: boolean;
  cheque?: number;
  payableId?: string;
}
export interface Transfer {
  from: string;
  to: string;
  date: string;
  description: string;
  cents?: number;
  /** A cash deposit takes what the box holds above this float, known only on its day. */
  keep?: number;
}

/** Settings of the known demo complexes; any other complex gets $100 per unit. */
const PROFILES: Record<string, { totalFee: number; chequeStart: number | null; staff: number }> = {
  'Conjunto Los Álamos': { totalFee: 360_000, chequeStart: 1001, staff: 2 },
  'Conjunto El Bosque': { totalFee: 320_000, chequeStart: null, staff: 1 },
  'Conjunto La Colina': { totalFee: 270_000, chequeStart: null, staff: 1 },
};
export const GRACE_DAYS = 10;
export const CASH_FLOAT = 15_000;

/** The month ('YYYY-MM') `offset` months from the one of `day` ('YYYY-MM' or 'YYYY-MM-DD'). */
const shiftMonth = (day: string, offset: number) =>
  new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1 + offset, 1)).toISOString().slice(0, 7);
export const lastDay = (period: string) => addDays(`${shiftMonth(period, 1)}-01`, -1);
/** A moment of a business day (08:00 Guayaquil plus some minutes), never in the future. */
export const at = (date: string, minutes = 60) =>
  new Date(Math.min(Date.parse(`${date}T08:00:00-05:00`) + minutes * 60_000, Date.now())).toISOString();
export const owed = (r: Receivable) => r.cents - r.discount - r.paid;
export const total = (x: { lines: { cents: number }[] }) => x.lines.reduce((sum, l) => sum + l.cents, 0);

/** One complex's year: its calendar and accounts, and what each step of the seed adds to it. */
export class Year {
  readonly complex: ComplexRow;
  readonly units: UnitRow[];
  readonly today: string;
  readonly random: () => number;
  readonly profile: { totalFee: number; chequeStart: number | null; staff: number };
  /** The 12 months ('YYYY-MM') up to today's; the accounts open on `cutoff`, the day before. */
  readonly months: string[];
  readonly cutoff: string;
  readonly main = newId();
  readonly savings = newId();
  readonly cash = newId();
  readonly chronic = new Set<UnitRow>();
  receivables: Receivable[] = [];
  incomes: Income[] = [];
  expenses: Expense[] = [];
  transfers: Transfer[] = [];
  /** Rows written as they are, by table. */
  readonly rows: Record<'bank_accounts' | 'suppliers' | 'payables' | 'reconciliations' | 'pending_transfers', Row[]> = {
    bank_accounts: [],
    suppliers: [],
    payables: [],
    reconciliations: [],
    pending_transfers: [],
  };

  constructor(complex: ComplexRow, units: UnitRow[], today: string, random: () => number) {
    this.complex = complex;
    this.units = units;
    this.today = today;
    this.random = random;
    this.profile = PROFILES[complex.name] ?? { totalFee: units.length * 10_000, chequeStart: null, staff: 1 };
    this.months = Array.from({ length: 12 }, (_, i) => shiftMonth(today, i - 11));
    this.cutoff = addDays(`${this.months[0]}-01`, -1);
  }

  /** A whole number from `from` to `to`, both included, from the seeded generator (same demo every time). */
  int(from: number, to: number): number {
    return from + Math.floor(this.random() * (to - from + 1));
  }

  /** Account numbers, references and invoices. */
  digits(n: number): string {
    return Array.from({ length: n }, () => this.int(0, 9)).join('');
  }

  /** Day `day` of a month (its last day at most), or null while it is still to come. */
  day(period: string, day: number): string | null {
    const date = `${period}-${String(Math.min(day, Number(lastDay(period).slice(8)))).padStart(2, '0')}`;
    return date <= this.today ? date : null;
  }

  /** A unit's monthly fee: its aliquot of the total fee. */
  feeOf(unit: UnitRow): number {
    return percentOf(this.profile.totalFee, unit.aliquot);
  }
}

/** The main current account, the reserve fund's savings account and the cash box, each with its opening balance. */
export function openAccounts(y: Year, banks: Map<string, string>): void {
  const { complex, profile } = y;
  const email = complex.contact_email && complex.contact_email.length <= LIMITS.accountEmail ? complex.contact_email : null;
  const bank = (name: string, bank: string, number: string, account_type: string) => ({
    method_type: 'Cuenta Bancaria',
    name,
    number,
    id_type: 'Ruc',
    account_type,
    id_number: complex.ruc,
    email,
    bank_id: banks.get(bank),
  });
  open(y, y.main, 2 * profile.totalFee, bank('Cuenta corriente Pichincha', 'Banco Pichincha', `2100${y.digits(6)}`, 'Corriente'));
  open(y, y.savings, 4 * profile.totalFee, bank('Fondo de reserva Produbanco', 'Produbanco', `1205${y.digits(6)}`, 'Ahorros'));
  open(y, y.cash, CASH_FLOAT, { method_type: 'Caja', name: 'Caja general' });
}

/** An account's row, and the initial-balance income that gives it its opening money. */
function open(y: Year, id: string, cents: number, fields: Row): void {
  y.rows.bank_accounts.push({
    id,
    ...fields,
    initial_balance: centsToDecimal(cents),
    cutoff_date: y.cutoff,
    created_at: at(y.cutoff),
  });
  const method = fields.method_type === 'Caja' ? 'Efectivo' : 'Deposito';
  const lines = [{ ...INITIAL_BALANCE, description: 'Saldo inicial', cents }];
  const opening = { id: newId(), accountId: id, date: y.cutoff, description: 'Saldo inicial', method, lines };
  y.incomes.push({ ...opening, unit: null, reference: null, advance: 0, initial: true });
}
