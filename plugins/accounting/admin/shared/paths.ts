// Where the accounting screens live inside the role area (/administrador, /directiva, /superAdmin): the spec's
// Spanish paths. Screens link to one another (an expense to its supplier, a payable to a new expense), so
// every path is named here once.

/** react-admin resources (list, create, edit and show screens). */
export const RESOURCES = {
  bankAccounts: 'cuentasBancarias',
  cashBoxes: 'cajas',
  incomes: 'ingresos',
  unidentifiedIncomes: 'ingresosNoIdentificados',
  annulledIncomes: 'anulaciones',
  receivables: 'cuentasPorCobrar',
  incomeCategories: 'rubros/rubrosingresos',
  expenseCategories: 'rubros/rubrosegresos',
  expenses: 'egresos',
  suppliers: 'proveedores',
  payables: 'proveedores/cuentasporpagar',
  recurringPayables: 'proveedores/cuentasRecurrentes',
  transfers: 'crucecuentas',
  pendingTransfers: 'transferenciasporaprobar',
  reconciliations: 'conciliar',
} as const;

/** Pages that are not resources. */
export const PAGES = {
  fundHistory: 'historicoFondos',
  settings: 'configuracionContable',
  statement: 'estadoCuenta',
  notices: 'notificaciones',
  chargesImport: 'importarCobros',
} as const;
