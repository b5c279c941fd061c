import { definePlugin } from '@conjunto/core';
import { ACCOUNTING_EVENTS } from './service.ts';

/** TipoMetodo of an account (spec 000 §3); the hidden bank type is not offered in the admin. */
export const ACCOUNT_TYPES = ['Cuenta Bancaria', 'Caja', 'Cuenta BancariaOculta'] as const;
export const ID_TYPES = ['Ruc', 'Cédula', 'Pasaporte'] as const;
/** The kinds of payment-notice runs (Avisos enviados): overdue fees, monthly statements, a manual notice. */
export const NOTICE_KINDS = ['overdue', 'statement', 'manual'] as const;
export const BANK_ACCOUNT_KINDS = ['Ahorros', 'Corriente'] as const;

/** Payment methods (Forma) by account type (spec 000 §3, 002 §9). */
export const CASH_METHODS = ['Efectivo', 'Cheque'] as const;
export const BANK_METHODS = [
  'Transferencia',
  'Deposito',
  'Tarjeta credito/debito',
  'Nota de debito',
  'Debito bancario',
  'Debito',
  'Intereses',
  'Cheque en banco',
] as const;
export const methodsFor = (type: string): readonly string[] => (type === 'Caja' ? CASH_METHODS : BANK_METHODS);
/** Each stored method's message key: the codes carry no accents ('Deposito'); people read 'Depósito'. */
export const METHOD_KEYS: Record<(typeof CASH_METHODS)[number] | (typeof BANK_METHODS)[number], string> = {
  Efectivo: 'cash',
  Cheque: 'cheque',
  Transferencia: 'transfer',
  Deposito: 'deposit',
  'Tarjeta credito/debito': 'card',
  'Nota de debito': 'debitNote',
  'Debito bancario': 'bankDebit',
  Debito: 'debit',
  Intereses: 'interest',
  'Cheque en banco': 'bankCheque',
};
/** The Spanish texts of the methods (by key): the admin's Spanish messages and the printed documents. */
export const METHOD_TEXTS_ES: Record<string, string> = {
  cash: 'Efectivo',
  cheque: 'Cheque',
  transfer: 'Transferencia',
  deposit: 'Depósito',
  card: 'Tarjeta crédito/débito',
  debitNote: 'Nota de débito',
  bankDebit: 'Débito bancario',
  debit: 'Débito',
  interest: 'Intereses',
  bankCheque: 'Cheque en banco',
};
/** A stored method as printed ('Deposito' -> 'Depósito'); an unknown code as it is. */
export const methodText = (code: string) =>
  Object.hasOwn(METHOD_KEYS, code) ? METHOD_TEXTS_ES[METHOD_KEYS[code as keyof typeof METHOD_KEYS]] : code;
/** Methods that pay with a cheque and so take a NumeroCheque. */
export const CHEQUE_METHODS = ['Cheque', 'Cheque en banco'];

/** Limits of spec 000 §5 and §9. */
export const LIMITS = {
  accountName: 100,
  accountNumber: 25,
  accountEmail: 50,
  accountIdNumber: 20,
  initialBalanceMax: 1_000_000,
  /** Payables due within the next month are listed. */
  payablesWithinMonths: 1,
} as const;

/**
 * The income-category mapping of spec 000 §3: what each kind of income is booked as (rubro / subrubro).
 * These categories are part of the default set, so the mapping always resolves.
 */
export const INCOME_PURPOSES = {
  Expensas: { category: 'Ingresos Ordinarios', subcategory: 'Expensa mensual' },
  'Saldos a favor': { category: 'Ingresos Ordinarios', subcategory: 'Saldo a favor' },
  Descuentos: { category: 'Ingresos Extraordinarios', subcategory: 'Descuento' },
  Reservas: { category: 'Ingresos Extraordinarios', subcategory: 'Reserva de área comunal' },
} as const;
export const INITIAL_BALANCE = { category: 'Saldos Iniciales', subcategory: 'Saldo inicial de cuenta' } as const;

/** The default rubros and subrubros of a new complex (spec 002 §3 "Rubros"). */
export const DEFAULT_CATEGORIES: Record<'income' | 'expense', Record<string, string[]>> = {
  income: {
    'Ingresos Ordinarios': ['Expensa mensual', 'Saldo a favor', 'Alícuota de parqueadero', 'Intereses por mora', 'Multas'],
    'Saldos Iniciales': ['Saldo inicial de cuenta', 'Saldo inicial de cartera'],
    'Ingresos Extraordinarios': [
      'Cuota extraordinaria',
      'Descuento',
      'Reserva de área comunal',
      'Arriendo de espacios',
      'Otros ingresos',
    ],
  },
  expense: {
    'Servicios Básicos': ['Agua potable', 'Energía eléctrica', 'Teléfono', 'Internet'],
    'Sueldos y Salarios': [
      'Sueldos',
      'Décimo tercer sueldo',
      'Décimo cuarto sueldo',
      'Aporte patronal IESS',
      'Horas extra',
      'Vacaciones',
    ],
    Mantenimiento: ['Áreas verdes', 'Piscina', 'Ascensores', 'Bombas de agua', 'Pintura', 'Reparaciones', 'Materiales'],
    Administración: ['Honorarios de administración', 'Contabilidad', 'Suministros de oficina', 'Asesoría legal'],
    Seguridad: ['Guardianía', 'Cámaras y alarmas', 'Control de accesos'],
    Servicios: ['Limpieza', 'Recolección de basura', 'Fumigación', 'Jardinería'],
    'Servicios Bancarios': ['Comisiones bancarias', 'Chequeras', 'Impuestos y retenciones bancarias'],
    'Caja Chica': ['Reposición de caja chica', 'Gastos menores', 'Movilización'],
  },
};

/** The texts users read (spec 000 §5, §8; 002 §5, §8), verbatim where the spec gives them. */
export const ACCOUNTING_MESSAGES = {
  accountHasTransactions: 'No es posible eliminar un banco que aún contiene transacciones. Contacte con el administrador.',
  accountAdded: 'Cuenta añadida correctamente',
  accountUpdated: 'Cuenta actualizada correctamente',
  accountDeleteError: '¡Error al eliminar la cuenta!',
  balanceError: 'No se pudo obtener el saldo',
  insufficientBalance: 'Saldo insuficiente para realizar esta transacción.',
  bankLocked: 'El banco no se puede cambiar.',
  onlyDigits: 'Solo se permiten números.',
  feeRequiresTotal: 'Para usar porcentajes, el conjunto debe tener un valor total de expensas.',
  selectDebt: 'Seleccione al menos una deuda.',
  selectUser: 'Seleccione al menos un usuario.',
  monthsUpToDecember: 'Las expensas se pueden generar hasta diciembre.',
  reconciled: 'El registro está conciliado y no se puede modificar.',
  annulled: 'El ingreso ya fue anulado.',
  initialBalanceIncome: 'El saldo inicial se modifica desde la cuenta.',
  lineExceedsDebt: 'El valor supera el saldo de la deuda.',
  debtOfOtherUnit: 'La deuda no pertenece a esta unidad.',
  debtPaid: 'La deuda ya está pagada.',
  methodNotAllowed: 'Forma de pago no válida para esta cuenta.',
  discountTooHigh: 'El descuento no puede superar el valor de los cobros.',
  chequeTaken: 'Ya existe un egreso con ese número de cheque.',
  sameAccount: 'Seleccione una cuenta de destino distinta a la de origen.',
  categoryTaken: 'Ya existe un rubro con ese nombre.',
  categoryUnknown: 'El rubro no existe.',
  categoryInUse: 'El rubro está en uso y no se puede eliminar.',
  supplierTaken: 'Ya existe un proveedor con ese nombre.',
  incomeNotDeletable: 'Los ingresos no se eliminan: anúlelos.',
  pendingNotPending: 'La transferencia ya fue revisada.',
  unitRequired: 'Seleccione una U.H.',
  unitAssigned: 'El ingreso ya está asignado a una U.H.',
  residentNotInComplex: 'El residente no pertenece a este conjunto.',
  statementsRunning: 'Hay un envío de estados de cuenta en curso.',
} as const;

/** Accounting's background jobs (server/jobs.ts), by the name the routes submit them with. */
export const ACCOUNTING_JOBS = {
  statementNotices: 'statementNotices',
  generateFees: 'generateFees',
  importCharges: 'importCharges',
} as const;
/** A job's queue as the job routes name it (GET …/jobs?name=accounting.generateFees): the screens look it up. */
export const accountingJob = (job: keyof typeof ACCOUNTING_JOBS) => `accounting.${ACCOUNTING_JOBS[job]}`;

/**
 * Accounting's live topics (HostServices.publish), payload `{ id, status }`: a pending transfer reported, approved,
 * rejected or given its receipt. The office's bell reads its pending transfers again on it.
 */
export const ACCOUNTING_TOPICS = { pendingTransfers: 'accounting.pending-transfers.changed' } as const;

/** The ledger's resources; the statements of a unit live under the host's units (/units/:unitId/statement...). */
const LEDGER = [
  'categories',
  'banks',
  'bank-accounts',
  'receivables',
  'incomes',
  'expenses',
  'suppliers',
  'payables',
  'transfers',
  'pending-transfers',
  'reconciliations',
  'accounting-settings',
  'notices',
  'notice-runs',
  'accounting-dashboard',
] as const;
/** Administrators and platform staff: every action of every ledger resource. */
const everything = Object.fromEntries([...LEDGER, 'units'].map((resource) => [resource, '*' as const]));

/** Days past due of the dashboard's arrears (spec 002 §2.5 item 13). */
export const ARREARS_BUCKETS = ['1-30', '31-60', '61-90', '90+'] as const;
/** What the dashboard's breakdown groups, and by what (suppliers: expenses only). */
export const BREAKDOWN_KINDS = ['income', 'expense'] as const;
export const BREAKDOWN_GROUPS = ['category', 'subcategory', 'account', 'method', 'supplier'] as const;
/** The dashboard's figures (GET /accounting-dashboard/<figure>): read by whoever reads the ledger. */
export const DASHBOARD_FIGURES = ['month', 'arrears', 'balances', 'monthly', 'breakdown'] as const;

export default definePlugin({
  id: 'accounting',
  titleKey: 'accounting.title',
  // A switch of its own (the spec's catalogue lacks one): off for new complexes, on for the demo ones.
  moduleSwitch: { name: 'Contabilidad', label: 'Contabilidad', default: false },
  // What a resident of a locked property still reaches (spec 002 §4): reporting a transfer (the statement's
  // routes say it themselves: config.payments).
  paymentResources: ['pending-transfers'],
  roles: ['administrador', 'directiva', 'superAdministrador'],
  resources: [
    'categories',
    'banks',
    'bank-accounts',
    'receivables',
    'incomes',
    'expenses',
    'suppliers',
    'payables',
    'transfers',
    'pending-transfers',
    'reconciliations',
    'accounting-settings',
    'notices',
    'notice-runs',
    'accounting-dashboard',
  ],
  emits: [ACCOUNTING_EVENTS.incomeCreated],
  access: {
    administrador: everything,
    superAdministrador: everything,
    // The board reads the ledger (spec 002 §6): lists, records, balances, receipts and statements; it changes nothing.
    directiva: {
      ...Object.fromEntries(LEDGER.map((resource) => [resource, ['list', 'show', 'export']])),
      'bank-accounts': ['list', 'show', 'export', 'balance', 'movements'],
      incomes: ['list', 'show', 'export', 'receipt.pdf'],
      expenses: ['list', 'show', 'export', 'voucher.pdf'],
      reconciliations: ['list', 'show', 'export', 'detail'],
      'pending-transfers': ['list', 'show', 'export', 'voucher'],
      units: ['statement', 'statement.pdf'],
      'accounting-dashboard': DASHBOARD_FIGURES,
    },
    // Residents report the transfers they made and follow their own (the routes narrow them to the caller's), read
    // their own unit's statement (/my-unit: the unit comes from the session) and print its certificates.
    residente: {
      'pending-transfers': ['list', 'export', 'create', 'voucher', 'attach-voucher'],
      'my-unit': ['statement', 'statement.pdf'],
      units: ['certificates'],
    },
  },
});
