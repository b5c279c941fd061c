// Spanish texts of the accounting widgets on the administrator's Inicio (spec 002 §2.5 item 13: its graphics).
export default {
  accounting: {
    dashboard: {
      collection: {
        title: 'Cobrado vs. facturado',
        billed: 'Facturado',
        collected: 'Cobrado',
        rate: '%{rate} de lo facturado',
        empty: 'No hay cobros ni valores facturados este mes.',
      },
      pendingTransfers: {
        title: 'Transferencias por aprobar',
        count: 'pendientes de revisión',
        none: 'No hay transferencias por aprobar.',
      },
      balances: {
        title: 'Saldo por cuenta',
        bank: 'Banco',
        total: 'Total',
        empty: 'No hay cuentas ni cajas registradas.',
      },
      arrears: {
        title: 'Cartera por días vencidos',
        total: 'Total vencido',
        units: 'U.H. con deuda vencida',
        buckets: { '1-30': '1-30 días', '31-60': '31-60 días', '61-90': '61-90 días', '90+': '+90 días' },
        empty: 'No hay deudas vencidas.',
      },
      monthly: {
        title: 'Ingresos vs. egresos (12 meses)',
        income: 'Ingresos',
        expense: 'Egresos',
        empty: 'No hay ingresos ni egresos en los últimos 12 meses.',
      },
      breakdown: {
        title: 'Movimientos agrupados',
        kind: 'Movimientos',
        by: 'Agrupar por',
        period: 'Período',
        kinds: { income: 'Ingresos', expense: 'Egresos' },
        groups: {
          category: 'Rubro',
          subcategory: 'Subrubro',
          account: 'Cuenta',
          method: 'Forma de pago',
          supplier: 'Proveedor',
        },
        periods: { month: 'Este mes', year: 'Últimos 12 meses', custom: 'Personalizado' },
        from: 'Desde',
        to: 'Hasta',
        reversed: 'La fecha inicial no puede ser posterior a la final.',
        others: 'Otros',
        total: 'Total',
        empty: 'No hay movimientos en este período.',
      },
      amount: 'Valor',
    },
  },
};
