// What accounting offers other plugins (host.service(request, 'accounting')), and the events it emits.
// Types only: a consumer imports them from '@conjunto/plugin-accounting/service' and never accounting's code.

export interface PostChargeInput {
  unitId: string;
  /** An income rubro of the complex (and optionally its subrubro), e.g. 'Ingresos Extraordinarios' / 'Reserva de área comunal'. */
  category: string;
  subcategory?: string | null;
  /** What the resident reads on the charge, e.g. 'Reserva BBQ 2026-12-05'. */
  name: string;
  description?: string | null;
  /** Dollars, two decimals, > 0. */
  amount: number;
  /** YYYY-MM-DD; default today. */
  dueDate?: string;
  /**
   * The caller's own key of what is charged, e.g. 'reservations:<reservation id>': posting the same ref again
   * answers the charge already posted (retries and re-delivered events charge once).
   */
  ref: string;
}

export interface PostedCharge {
  receivableId: string;
  /** False when `ref` had been charged before: nothing new was posted. */
  created: boolean;
}

export interface WithdrawnCharge {
  /** 'withdrawn': deleted; 'paid': it has payments and stays; 'none': nothing was posted with that ref. */
  outcome: 'withdrawn' | 'paid' | 'none';
  receivableId: string | null;
}

export interface Arrears {
  /** Owed and past due (dollars). */
  overdue: number;
  /** Owed in total, due or not (dollars). */
  pending: number;
  /** The oldest unpaid due date, or null. */
  oldestDueDate: string | null;
  /** Days since oldestDueDate when it is past, else 0. */
  daysOverdue: number;
}

export interface AccountingService {
  /** Posts a charge (receivable) on a unit of the scope's complex, once per `ref`; 400 for bad input, as the API. */
  postCharge(input: PostChargeInput): Promise<PostedCharge>;
  /**
   * Takes back the charge posted with `ref` (a cancelled reservation): deleted while nothing was paid on it; once
   * paid in part or in full it stays (the office refunds or credits it) and the answer says so.
   */
  withdrawCharge(ref: string): Promise<WithdrawnCharge>;
  /** What a unit of the scope's complex owes (e.g. reservations refuse units in arrears). */
  arrearsOf(unitId: string): Promise<Arrears>;
  /**
   * Which of `unitIds` (units of the scope's complex) are in arrears (owed and past due > 0): one query for many units
   * (e.g. a vote excluding every unit in arrears). Ids of other complexes or of no unit are simply not in the answer;
   * a malformed id answers 400, as the API.
   */
  unitsInArrears(unitIds: readonly string[]): Promise<Set<string>>;
}

/** Payload of 'accounting.income.created' (e.g. e-invoicing issues the invoice of the income). */
export interface IncomeCreated {
  incomeId: string;
  receiptNumber: number;
  unitId: string | null;
  amount: number;
  date: string;
}

export const ACCOUNTING_EVENTS = { incomeCreated: 'accounting.income.created' } as const;
