// TypeBox schemas of the accounting resources: validation, OpenAPI and the admin's types.
// Amounts are JSON numbers with at most 2 decimals; days are 'YYYY-MM-DD' in America/Guayaquil.
import { DateOnly, Money, Nullable } from '@conjunto/core';
import { type Static, type TEnum, Type } from 'typebox';
import {
  ACCOUNT_TYPES,
  ARREARS_BUCKETS,
  BANK_ACCOUNT_KINDS,
  BREAKDOWN_GROUPS,
  BREAKDOWN_KINDS,
  ID_TYPES,
  LIMITS,
  NOTICE_KINDS,
} from './manifest.ts';

const Id = Type.String({ format: 'uuid' });
const Text = (maxLength: number, minLength = 1) => Type.String({ minLength, maxLength });
/** One of the given texts; typed as their union, so typed routes see e.g. 'income' | 'expense'. */
const Literals = <const T extends readonly string[]>(values: T) =>
  Type.Enum(values as unknown as string[]) as unknown as TEnum<[...T]>;
const Positive = () => Money({ exclusiveMinimum: 0 });

// ------------------------------------------------------------------ settings, categories, banks

export const SettingsSchema = Type.Object({
  id: Type.String(),
  totalFee: Nullable(Type.Number()),
  graceDays: Type.Integer(),
  chequeNumbering: Type.Boolean(),
  chequeStart: Nullable(Type.Integer()),
  nextChequeNumber: Type.Integer(),
  receiptNumber: Type.Integer(),
  expenseReceiptNumber: Type.Integer(),
  /** UltimoMesAlicuota: the last month whose fees were generated (YYYY-MM). */
  lastAliquotMonth: Nullable(Type.String()),
  /** The complex keeps a cashbook (libro de caja). */
  cashbook: Type.Boolean(),
});
export const SettingsUpdateSchema = Type.Object(
  {
    cashbook: Type.Optional(Type.Boolean()),
    totalFee: Type.Optional(Nullable(Money({ minimum: 0 }))),
    graceDays: Type.Optional(Type.Integer({ minimum: 0, maximum: 60 })),
    chequeNumbering: Type.Optional(Type.Boolean()),
    chequeStart: Type.Optional(Nullable(Type.Integer({ minimum: 1 }))),
  },
  { additionalProperties: false },
);

export const CategorySchema = Type.Object({
  id: Id,
  kind: Literals(['income', 'expense']),
  name: Type.String(),
  subcategories: Type.Array(Type.String()),
  isDefault: Type.Boolean(),
});
export const CategoryCreateSchema = Type.Object(
  {
    kind: Literals(['income', 'expense']),
    name: Text(100),
    subcategories: Type.Optional(Type.Array(Text(100), { maxItems: 100 })),
  },
  { additionalProperties: false },
);
export const CategoryUpdateSchema = Type.Object(
  { name: Type.Optional(Text(100)), subcategories: Type.Optional(Type.Array(Text(100), { maxItems: 100 })) },
  { additionalProperties: false },
);

export const BankSchema = Type.Object({ id: Id, name: Type.String(), image: Nullable(Type.String()) });

// ------------------------------------------------------------------ bank accounts and cash boxes

export const BankAccountSchema = Type.Object({
  id: Id,
  methodType: Literals(ACCOUNT_TYPES),
  name: Type.String(),
  number: Nullable(Type.String()),
  idType: Nullable(Type.String()),
  accountType: Nullable(Type.String()),
  idNumber: Nullable(Type.String()),
  email: Nullable(Type.String()),
  bankId: Nullable(Type.String()),
  bankName: Nullable(Type.String()),
  initialBalance: Type.Number(),
  cutoffDate: Type.String(),
  logo: Nullable(Type.String()),
  balance: Type.Number(),
  createdAt: Type.String(),
});
const bankAccountFields = {
  name: Text(LIMITS.accountName),
  number: Type.Optional(Nullable(Type.String({ maxLength: LIMITS.accountNumber, pattern: '^[0-9]*$' }))),
  idType: Type.Optional(Nullable(Literals(ID_TYPES))),
  accountType: Type.Optional(Nullable(Literals(BANK_ACCOUNT_KINDS))),
  idNumber: Type.Optional(Nullable(Type.String({ maxLength: LIMITS.accountIdNumber }))),
  email: Type.Optional(
    Nullable(Type.Union([Type.String({ format: 'email', maxLength: LIMITS.accountEmail }), Type.Literal('')])),
  ),
  logo: Type.Optional(Nullable(Type.String({ maxLength: 300 }))),
};
export const BankAccountCreateSchema = Type.Object(
  {
    methodType: Literals(ACCOUNT_TYPES),
    bankId: Type.Optional(Nullable(Id)),
    ...bankAccountFields,
    initialBalance: Money({ minimum: 0, maximum: LIMITS.initialBalanceMax }),
    cutoffDate: DateOnly(),
  },
  { additionalProperties: false },
);
/** The bank and the type are fixed once the account exists; the initial balance rewrites its income. */
export const BankAccountUpdateSchema = Type.Object(
  {
    ...Type.Partial(Type.Object(bankAccountFields)).properties,
    bankId: Type.Optional(Nullable(Id)),
    initialBalance: Type.Optional(Money({ minimum: 0, maximum: LIMITS.initialBalanceMax })),
    cutoffDate: Type.Optional(DateOnly()),
  },
  { additionalProperties: false },
);
export const MovementsQuerySchema = Type.Object({ from: DateOnly(), to: DateOnly() });
export const MovementsExportQuerySchema = Type.Object({
  ...MovementsQuerySchema.properties,
  format: Type.Optional(Type.Union([Type.Literal('csv'), Type.Literal('xlsx')])),
});
export const MovementsSchema = Type.Object({
  accountId: Id,
  from: Type.String(),
  to: Type.String(),
  openingBalance: Type.Number(),
  closingBalance: Type.Number(),
  /** More movements than one answer lists (MOVEMENTS_MAX): narrow the range. */
  truncated: Type.Boolean(),
  movements: Type.Array(
    Type.Object({
      id: Id,
      kind: Literals(['income', 'expense', 'transfer-in', 'transfer-out']),
      date: Type.String(),
      receiptNumber: Nullable(Type.Integer()),
      description: Type.String(),
      /** The other account of a transfer. */
      counterpart: Nullable(Type.String()),
      /** Signed: what entered (+) or left (-) the account. */
      amount: Type.Number(),
      /** Running balance after the movement. */
      balance: Type.Number(),
    }),
  ),
});
export const BalanceSchema = Type.Object({ accountId: Id, balance: Type.Number(), at: Type.String() });

// ------------------------------------------------------------------ receivables

export const ReceivableSchema = Type.Object({
  id: Id,
  unitId: Id,
  unitNumber: Type.String(),
  userId: Nullable(Type.String()),
  userName: Nullable(Type.String()),
  kind: Type.String(),
  period: Nullable(Type.String()),
  name: Type.String(),
  description: Nullable(Type.String()),
  category: Type.String(),
  subcategory: Nullable(Type.String()),
  originalAmount: Type.Number(),
  discount: Type.Number(),
  paid: Type.Number(),
  balance: Type.Number(),
  dueDate: Type.String(),
  daysOverdue: Type.Integer(),
  overdue: Type.Boolean(),
  createdAt: Type.String(),
});
export const ReceivableCreateSchema = Type.Object(
  {
    /** One unit, or several for a mass charge; omitted: every active unit of the complex. */
    unitIds: Type.Optional(Type.Array(Id, { minItems: 1, maxItems: 5000 })),
    name: Text(150),
    description: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
    category: Text(100),
    subcategory: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
    amount: Positive(),
    dueDate: DateOnly(),
  },
  { additionalProperties: false },
);
export const ReceivableUpdateSchema = Type.Object(
  {
    name: Type.Optional(Text(150)),
    description: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
    dueDate: Type.Optional(DateOnly()),
    discount: Type.Optional(Money({ minimum: 0 })),
  },
  { additionalProperties: false },
);
export const GenerateFeesSchema = Type.Object(
  {
    /** Name of each fee; '{month}' or '{mes}' becomes the month's name ('Expensa {mes}' -> 'Expensa noviembre 2026'). */
    name: Text(150),
    /** First and last month, 'YYYY-MM', up to December of the first month's year. */
    fromMonth: Type.String({ pattern: '^[0-9]{4}-(0[1-9]|1[0-2])$' }),
    toMonth: Type.String({ pattern: '^[0-9]{4}-(0[1-9]|1[0-2])$' }),
    /** 'percentage': the unit's aliquot of the complex's total fee; 'fixed': the same amount for every unit. */
    mode: Literals(['percentage', 'fixed']),
    amount: Type.Optional(Positive()),
    /** Day of the month the fee is due (1..28); the grace days of the settings are added. */
    dueDay: Type.Optional(Type.Integer({ minimum: 1, maximum: 28, default: 1 })),
    unitIds: Type.Optional(Type.Array(Id, { minItems: 1, maxItems: 5000 })),
  },
  { additionalProperties: false },
);
export const GenerateFeesResultSchema = Type.Object({ created: Type.Integer(), skipped: Type.Integer(), total: Type.Number() });
export const ApplyCreditSchema = Type.Object({ unitId: Id }, { additionalProperties: false });
export const ApplyCreditResultSchema = Type.Object({ applied: Type.Number(), receivableIds: Type.Array(Type.String()) });
export const TransferDebtsSchema = Type.Object(
  { receivableIds: Type.Array(Id, { maxItems: 5000 }), userId: Id },
  { additionalProperties: false },
);

// ------------------------------------------------------------------ incomes

export const IncomeLineSchema = Type.Object({
  id: Id,
  unitId: Nullable(Type.String()),
  unitNumber: Nullable(Type.String()),
  receivableId: Nullable(Type.String()),
  description: Type.String(),
  category: Type.String(),
  subcategory: Nullable(Type.String()),
  amount: Type.Number(),
});
export const IncomeSchema = Type.Object({
  id: Id,
  accountId: Id,
  accountName: Type.String(),
  receiptNumber: Nullable(Type.Integer()),
  date: Type.String(),
  description: Type.String(),
  method: Type.String(),
  amount: Type.Number(),
  discount: Type.Number(),
  balance: Type.Number(),
  isAdvance: Type.Boolean(),
  isInitialBalance: Type.Boolean(),
  unitId: Nullable(Type.String()),
  unitNumber: Nullable(Type.String()),
  userId: Nullable(Type.String()),
  payerName: Nullable(Type.String()),
  transactionReference: Nullable(Type.String()),
  reconciled: Type.Boolean(),
  annulled: Type.Boolean(),
  createdAt: Type.String(),
  lines: Type.Optional(Type.Array(IncomeLineSchema)),
});
export const IncomeLineInput = Type.Object(
  {
    /** A debt of the income's unit that this line pays; without it the line is a plain income. */
    receivableId: Type.Optional(Nullable(Id)),
    description: Text(250),
    category: Text(100),
    subcategory: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
    amount: Positive(),
  },
  { additionalProperties: false },
);
export const IncomeCreateSchema = Type.Object(
  {
    accountId: Id,
    /** Without a unit the income is unidentified (ingresosNoIdentificados) until assigned. */
    unitId: Type.Optional(Nullable(Id)),
    date: DateOnly(),
    description: Text(500),
    method: Text(30),
    transactionReference: Type.Optional(Nullable(Type.String({ maxLength: 50 }))),
    discount: Type.Optional(Money({ minimum: 0 })),
    /** Money beyond the lines stays in favour of the unit (esAnticipoCuentas). */
    advance: Type.Optional(Money({ minimum: 0 })),
    lines: Type.Array(IncomeLineInput, { maxItems: 200 }),
  },
  { additionalProperties: false },
);
export const IncomeUpdateSchema = Type.Object(
  {
    description: Type.Optional(Text(500)),
    date: Type.Optional(DateOnly()),
    transactionReference: Type.Optional(Nullable(Type.String({ maxLength: 50 }))),
  },
  { additionalProperties: false },
);
export const AssignIncomeSchema = Type.Object(
  { unitId: Id, lines: Type.Optional(Type.Array(IncomeLineInput, { maxItems: 200 })) },
  { additionalProperties: false },
);

// ------------------------------------------------------------------ expenses, suppliers, payables

export const ExpenseLineSchema = Type.Object({
  id: Id,
  description: Type.String(),
  category: Type.String(),
  subcategory: Nullable(Type.String()),
  amount: Type.Number(),
});
export const ExpenseSchema = Type.Object({
  id: Id,
  accountId: Id,
  accountName: Type.String(),
  receiptNumber: Type.Integer(),
  date: Type.String(),
  description: Type.String(),
  method: Type.String(),
  amount: Type.Number(),
  supplierId: Nullable(Type.String()),
  supplierName: Nullable(Type.String()),
  payeeName: Nullable(Type.String()),
  invoice: Nullable(Type.String()),
  chequeNumber: Nullable(Type.Integer()),
  payableId: Nullable(Type.String()),
  reconciled: Type.Boolean(),
  createdAt: Type.String(),
  lines: Type.Optional(Type.Array(ExpenseLineSchema)),
});
export const ExpenseLineInput = Type.Object(
  {
    description: Text(250),
    category: Text(100),
    subcategory: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
    amount: Positive(),
  },
  { additionalProperties: false },
);
export const ExpenseCreateSchema = Type.Object(
  {
    accountId: Id,
    supplierId: Type.Optional(Nullable(Id)),
    payeeName: Type.Optional(Nullable(Type.String({ maxLength: 150 }))),
    date: DateOnly(),
    description: Text(500),
    method: Text(30),
    invoice: Type.Optional(Nullable(Type.String({ maxLength: 50 }))),
    /** For cheques: omitted, the next number of the NumeracionCheque. */
    chequeNumber: Type.Optional(Nullable(Type.Integer({ minimum: 1 }))),
    payableId: Type.Optional(Nullable(Id)),
    lines: Type.Array(ExpenseLineInput, { minItems: 1, maxItems: 200 }),
  },
  { additionalProperties: false },
);
export const ExpenseUpdateSchema = Type.Object(
  {
    description: Type.Optional(Text(500)),
    date: Type.Optional(DateOnly()),
    invoice: Type.Optional(Nullable(Type.String({ maxLength: 50 }))),
    payeeName: Type.Optional(Nullable(Type.String({ maxLength: 150 }))),
    supplierId: Type.Optional(Nullable(Id)),
  },
  { additionalProperties: false },
);

export const SupplierSchema = Type.Object({
  id: Id,
  name: Type.String(),
  idNumber: Nullable(Type.String()),
  email: Nullable(Type.String()),
  phone: Nullable(Type.String()),
  address: Nullable(Type.String()),
  createdAt: Type.String(),
});
const supplierFields = {
  name: Text(150),
  idNumber: Type.Optional(Nullable(Type.String({ maxLength: 20, pattern: '^[0-9]*$' }))),
  email: Type.Optional(Nullable(Type.Union([Type.String({ format: 'email', maxLength: 100 }), Type.Literal('')]))),
  phone: Type.Optional(Nullable(Type.String({ maxLength: 20, pattern: '^\\+?[0-9 ]*$' }))),
  address: Type.Optional(Nullable(Type.String({ maxLength: 250 }))),
};
export const SupplierCreateSchema = Type.Object(supplierFields, { additionalProperties: false });
export const SupplierUpdateSchema = Type.Partial(SupplierCreateSchema, { additionalProperties: false });

export const PayableSchema = Type.Object({
  id: Id,
  supplierId: Nullable(Type.String()),
  supplierName: Type.String(),
  detail: Type.String(),
  amount: Type.Number(),
  dueDate: Type.String(),
  recurrenceDays: Nullable(Type.Integer()),
  paidAt: Nullable(Type.String()),
  expenseId: Nullable(Type.String()),
  createdAt: Type.String(),
});
const payableFields = {
  supplierId: Type.Optional(Nullable(Id)),
  supplierName: Text(150),
  detail: Text(500),
  amount: Positive(),
  dueDate: DateOnly(),
  /** Recurring payables come back every 7, 30 or 365 days once paid. */
  recurrenceDays: Type.Optional(Nullable(Type.Union([Type.Literal(7), Type.Literal(30), Type.Literal(365)]))),
};
export const PayableCreateSchema = Type.Object(payableFields, { additionalProperties: false });
export const PayableUpdateSchema = Type.Partial(PayableCreateSchema, { additionalProperties: false });

// ------------------------------------------------------------------ transfers, pending transfers, reconciliations

export const TransferSchema = Type.Object({
  id: Id,
  fromAccountId: Id,
  fromAccountName: Type.String(),
  toAccountId: Id,
  toAccountName: Type.String(),
  amount: Type.Number(),
  date: Type.String(),
  description: Nullable(Type.String()),
  createdAt: Type.String(),
});
export const TransferCreateSchema = Type.Object(
  {
    fromAccountId: Id,
    toAccountId: Id,
    amount: Positive(),
    date: DateOnly(),
    description: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
  },
  { additionalProperties: false },
);

export const PendingTransferSchema = Type.Object({
  id: Id,
  unitId: Id,
  unitNumber: Type.String(),
  userId: Nullable(Type.String()),
  userName: Nullable(Type.String()),
  amount: Type.Number(),
  detail: Type.String(),
  reference: Nullable(Type.String()),
  receivableIds: Type.Array(Type.String()),
  status: Type.String(),
  incomeId: Nullable(Type.String()),
  rejectReason: Nullable(Type.String()),
  reviewedBy: Nullable(Type.String()),
  reviewedAt: Nullable(Type.String()),
  /** Whether the resident attached the bank's receipt (GET /pending-transfers/:id/voucher). */
  hasVoucher: Type.Boolean(),
  createdAt: Type.String(),
});
export const PendingTransferCreateSchema = Type.Object(
  {
    unitId: Type.Optional(Id),
    amount: Positive(),
    detail: Text(500),
    reference: Type.Optional(Nullable(Type.String({ maxLength: 50 }))),
    receivableIds: Type.Array(Id, { minItems: 1, maxItems: 200 }),
  },
  { additionalProperties: false },
);
export const ApproveSchema = Type.Object(
  { accountId: Id, date: Type.Optional(DateOnly()), method: Type.Optional(Text(30)) },
  { additionalProperties: false },
);
export const RejectSchema = Type.Object(
  { reason: Type.Optional(Type.String({ maxLength: 250 })) },
  { additionalProperties: false },
);

export const ReconciliationSchema = Type.Object({
  id: Id,
  accountId: Id,
  accountName: Type.String(),
  untilDate: Type.String(),
  incomeCount: Type.Integer(),
  expenseCount: Type.Integer(),
  incomeTotal: Type.Number(),
  expenseTotal: Type.Number(),
  userName: Type.String(),
  createdAt: Type.String(),
});
export const ReconciliationCreateSchema = Type.Object({ accountId: Id, untilDate: DateOnly() }, { additionalProperties: false });
export const ReconciliationDetailSchema = Type.Object({
  reconciliation: ReconciliationSchema,
  movements: Type.Array(
    Type.Object({
      id: Id,
      kind: Literals(['income', 'expense']),
      receiptNumber: Nullable(Type.Integer()),
      date: Type.String(),
      description: Type.String(),
      amount: Type.Number(),
    }),
  ),
});

// ------------------------------------------------------------------ documents: statement, notices, import of charges

/** A unit's statement of account (estado de cuenta): its charges, its payments, the credit in its favour. */
export const StatementSchema = Type.Object({
  /** The cut-off day: debts due on or before it are overdue. */
  date: Type.String(),
  unit: Type.Object({ id: Type.String(), number: Type.String(), type: Nullable(Type.String()), aliquot: Type.Number() }),
  resident: Nullable(
    Type.Object({ id: Type.String(), name: Type.String(), email: Nullable(Type.String()), phone: Nullable(Type.String()) }),
  ),
  receivables: Type.Array(
    Type.Object({
      id: Type.String(),
      kind: Type.String(),
      name: Type.String(),
      description: Nullable(Type.String()),
      category: Type.String(),
      subcategory: Nullable(Type.String()),
      dueDate: Type.String(),
      originalAmount: Type.Number(),
      discount: Type.Number(),
      paid: Type.Number(),
      balance: Type.Number(),
      overdue: Type.Boolean(),
      daysOverdue: Type.Integer(),
    }),
  ),
  incomes: Type.Array(
    Type.Object({
      id: Type.String(),
      receiptNumber: Nullable(Type.Integer()),
      date: Type.String(),
      description: Type.String(),
      method: Type.String(),
      accountName: Type.String(),
      amount: Type.Number(),
      discount: Type.Number(),
      balance: Type.Number(),
      annulled: Type.Boolean(),
    }),
  ),
  totals: Type.Object({
    charged: Type.Number(),
    discounts: Type.Number(),
    paid: Type.Number(),
    /** Still owed. */
    pending: Type.Number(),
    overdue: Type.Number(),
    /** In favour of the unit. */
    credit: Type.Number(),
    received: Type.Number(),
    /** pending - credit (negative: in the unit's favour). */
    net: Type.Number(),
  }),
});
export const StatementSentSchema = Type.Object({ mailId: Type.String(), to: Type.String(), unitId: Type.String() });

/** The next payment-notice number (NumeroAvisoCobro) and the date of the last notice (FechaAvisoCobro). */
export const NoticeStateSchema = Type.Object({ nextNumber: Type.Integer(), lastNoticeDate: Nullable(Type.String()) });
export const NoticeResultSchema = Type.Object({
  number: Type.Integer(),
  securityCode: Type.String(),
  noticeDate: Type.String(),
  /** Mails queued in the outbox. */
  queued: Type.Integer(),
  /** Selected residents left out: nothing overdue, or no unit. */
  skipped: Type.Integer(),
});

/** A run of payment notices in the history the office and the board read (issue 14). */
export const NoticeRunItemSchema = Type.Object({
  id: Id,
  number: Type.Integer(),
  kind: Literals(NOTICE_KINDS),
  noticeDate: Type.String(),
  cutoffDate: Nullable(Type.String()),
  /** Mails queued (statements: the residents the run's job mails). */
  queued: Type.Integer(),
  skipped: Type.Integer(),
  userName: Type.String(),
});

export type NoticeRunItem = Static<typeof NoticeRunItemSchema>;

/** 202 of the routes that queue a job: its id, to follow at GET /api/complexes/:complexId/jobs/:jobId. */
export const JobQueuedSchema = Type.Object({ jobId: Type.String() });
/** 202 of the statement notices: the job, and the notice it sends (its number and code are taken at once). */
export const StatementRunQueuedSchema = Type.Object({
  jobId: Type.String(),
  number: Type.Integer(),
  securityCode: Type.String(),
  noticeDate: Type.String(),
  /** Residents the job mails (one mail each). */
  total: Type.Integer(),
  /** Selected residents left out: no unit. */
  skipped: Type.Integer(),
});

export const ImportRowErrorSchema = Type.Object({ fila: Type.Integer(), errores: Type.Array(Type.String()) });
/** The answer of a dry run: every row of the file, the rows' errors and the units found. Nothing is written. */
export const ImportPreviewSchema = Type.Object({
  fileName: Type.String(),
  rows: Type.Array(
    Type.Object({
      fila: Type.Integer(),
      casa: Type.String(),
      unitId: Nullable(Type.String()),
      residente: Nullable(Type.String()),
      nombre: Type.String(),
      descripcion: Nullable(Type.String()),
      rubro: Type.String(),
      subrubro: Nullable(Type.String()),
      valor: Nullable(Type.Number()),
      fechaLimite: Nullable(Type.String()),
    }),
  ),
  rowErrors: Type.Array(ImportRowErrorSchema),
  units: Type.Array(
    Type.Object({
      unitId: Type.String(),
      casa: Type.String(),
      residente: Nullable(Type.String()),
      rows: Type.Integer(),
      total: Type.Number(),
    }),
  ),
});
export const ImportDoneSchema = Type.Object({ created: Type.Integer(), total: Type.Number(), ids: Type.Array(Type.String()) });
/** 422: the file has row errors, and no charge was created. */
export const ImportRowsInvalidSchema = Type.Object({
  message: Type.String(),
  code: Type.String(),
  errors: Type.Optional(Type.Record(Type.String(), Type.String())),
  rowErrors: Type.Array(ImportRowErrorSchema),
});

export type BankAccount = Static<typeof BankAccountSchema>;
export type Receivable = Static<typeof ReceivableSchema>;
export type Income = Static<typeof IncomeSchema>;
export type IncomeCreate = Static<typeof IncomeCreateSchema>;
export type Expense = Static<typeof ExpenseSchema>;
export type ExpenseCreate = Static<typeof ExpenseCreateSchema>;
export type Category = Static<typeof CategorySchema>;
export type Settings = Static<typeof SettingsSchema>;
export type Movements = Static<typeof MovementsSchema>;
export type Balance = Static<typeof BalanceSchema>;
export type GenerateFeesResult = Static<typeof GenerateFeesResultSchema>;
export type Supplier = Static<typeof SupplierSchema>;
export type Payable = Static<typeof PayableSchema>;
export type Transfer = Static<typeof TransferSchema>;
export type PendingTransfer = Static<typeof PendingTransferSchema>;
export type Reconciliation = Static<typeof ReconciliationSchema>;
export type ReconciliationDetail = Static<typeof ReconciliationDetailSchema>;
export type Statement = Static<typeof StatementSchema>;
export type StatementSent = Static<typeof StatementSentSchema>;
export type NoticeState = Static<typeof NoticeStateSchema>;
export type NoticeResult = Static<typeof NoticeResultSchema>;
export type ImportRowError = Static<typeof ImportRowErrorSchema>;
export type ImportPreview = Static<typeof ImportPreviewSchema>;
export type ImportDone = Static<typeof ImportDoneSchema>;
export type JobQueued = Static<typeof JobQueuedSchema>;
export type StatementRunQueued = Static<typeof StatementRunQueuedSchema>;

// ------------------------------------------------------------------ dashboard (spec 002 §2.5 item 13: its graphics)

const Month = () => Type.String({ pattern: '^[0-9]{4}-(0[1-9]|1[0-2])$' });
export const DashboardMonthQuerySchema = Type.Object({ month: Type.Optional(Month()) }, { additionalProperties: false });
export const DashboardDayQuerySchema = Type.Object({ date: Type.Optional(DateOnly()) }, { additionalProperties: false });
/** Collected vs billed in one month. */
export const DashboardMonthSchema = Type.Object({
  month: Type.String(),
  /** Receivables due in the month: their original value. */
  billed: Type.Number(),
  billedCount: Type.Integer(),
  /** Incomes of the month paid by units (payments and advances; not initial balances, annulled ones count 0). */
  collected: Type.Number(),
  collectedCount: Type.Integer(),
});
/** What units owe past the due date on `date`, by days past due. */
export const DashboardArrearsSchema = Type.Object({
  date: Type.String(),
  buckets: Type.Array(
    Type.Object({ bucket: Literals(ARREARS_BUCKETS), amount: Type.Number(), receivables: Type.Integer(), units: Type.Integer() }),
  ),
  total: Type.Number(),
  units: Type.Integer(),
});
/** The live balance of every account and cash box. */
export const DashboardBalancesSchema = Type.Object({
  accounts: Type.Array(Type.Object({ id: Id, name: Type.String(), methodType: Type.String(), balance: Type.Number() })),
  total: Type.Number(),
});
/** Incomes and expenses of the 12 months ending with `month`. */
export const DashboardMonthlySchema = Type.Object({
  months: Type.Array(Type.Object({ month: Type.String(), income: Type.Number(), expense: Type.Number() })),
});
/** Incomes or expenses of a period grouped by rubro, subrubro, account, payment method or (expenses) supplier. */
export const DashboardBreakdownQuerySchema = Type.Object(
  {
    kind: Literals(BREAKDOWN_KINDS),
    by: Literals(BREAKDOWN_GROUPS),
    from: DateOnly(),
    to: DateOnly(),
  },
  { additionalProperties: false },
);
export const DashboardBreakdownSchema = Type.Object({
  kind: Type.String(),
  by: Type.String(),
  from: Type.String(),
  to: Type.String(),
  /** The largest groups, biggest first (at most 8); `others` sums the rest. */
  rows: Type.Array(Type.Object({ label: Type.String(), amount: Type.Number() })),
  others: Type.Number(),
  total: Type.Number(),
});
export type DashboardMonth = Static<typeof DashboardMonthSchema>;
export type DashboardArrears = Static<typeof DashboardArrearsSchema>;
export type DashboardBalances = Static<typeof DashboardBalancesSchema>;
export type DashboardMonthly = Static<typeof DashboardMonthlySchema>;
export type DashboardBreakdown = Static<typeof DashboardBreakdownSchema>;
