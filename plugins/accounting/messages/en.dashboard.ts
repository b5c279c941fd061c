// English texts of the accounting widgets on the administrator's dashboard.
export default {
  accounting: {
    dashboard: {
      collection: {
        title: 'Collected vs. billed',
        billed: 'Billed',
        collected: 'Collected',
        rate: '%{rate} of the billed amount',
        empty: 'Nothing collected or billed this month.',
      },
      pendingTransfers: {
        title: 'Transfers to approve',
        count: 'awaiting review',
        none: 'No transfers to approve.',
      },
      balances: {
        title: 'Balance per account',
        bank: 'Bank',
        total: 'Total',
        empty: 'No bank accounts or cash boxes yet.',
      },
      arrears: {
        title: 'Receivables by days past due',
        total: 'Total past due',
        units: 'Units with overdue debts',
        buckets: { '1-30': '1-30 days', '31-60': '31-60 days', '61-90': '61-90 days', '90+': '90+ days' },
        empty: 'No overdue debts.',
      },
      monthly: {
        title: 'Incomes vs. expenses (12 months)',
        income: 'Incomes',
        expense: 'Expenses',
        empty: 'No incomes or expenses in the last 12 months.',
      },
      breakdown: {
        title: 'Transactions grouped',
        kind: 'Transactions',
        by: 'Group by',
        period: 'Period',
        kinds: { income: 'Incomes', expense: 'Expenses' },
        groups: {
          category: 'Category',
          subcategory: 'Subcategory',
          account: 'Account',
          method: 'Payment method',
          supplier: 'Supplier',
        },
        periods: { month: 'This month', year: 'Last 12 months', custom: 'Custom' },
        from: 'From',
        to: 'To',
        reversed: 'The start date cannot be later than the end date.',
        others: 'Others',
        total: 'Total',
        empty: 'No transactions in this period.',
      },
      amount: 'Amount',
    },
  },
};
