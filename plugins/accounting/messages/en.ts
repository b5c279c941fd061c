// English messages of the accounting plugin, in the same parts as the Spanish ones (es.ts).
import { auditResources } from '@conjunto/core';
import certificates from './en.certificates.ts';
import dashboard from './en.dashboard.ts';
import documents from './en.documents.ts';
import ledger from './en.ledger.ts';
import resident from './en.resident.ts';
import treasury from './en.treasury.ts';

export const parts = { ledger, treasury, documents, dashboard, certificates, resident } as Record<
  string,
  Record<string, Record<string, unknown>>
>;

const resources = Object.assign({}, ...Object.values(parts).map((p) => p.resources ?? {}));

export default {
  resources,
  accounting: Object.assign({}, ...Object.values(parts).map((p) => p.accounting ?? {})),
  // The audit log names the plugin's resources, their fields and its own actions (shell: create, update, delete).
  auditLog: {
    resources: auditResources(
      resources,
      {
        'bank-accounts': 'cuentasBancarias',
        incomes: 'ingresos',
        receivables: 'cuentasPorCobrar',
        categories: 'rubros/rubrosingresos',
        expenses: 'egresos',
        suppliers: 'proveedores',
        payables: 'proveedores/cuentasporpagar',
        transfers: 'crucecuentas',
        'pending-transfers': 'transferenciasporaprobar',
        reconciliations: 'conciliar',
        'notice-runs': 'notice-runs',
      },
      {
        incomes: {
          fields: {
            lines: 'Lines',
            pendingTransferId: 'Transfer to approve',
            before: 'Before',
            balance: 'Balance',
            isAdvance: 'Advance',
            isInitialBalance: 'Initial balance',
          },
        },
        expenses: { fields: { lines: 'Lines' } },
        receivables: { fields: { fileName: 'File', userId: 'Resident', period: 'Period', kind: 'Kind' } },
        'pending-transfers': {
          fields: {
            incomeId: 'Income',
            reason: 'Reason',
            rejectReason: 'Rejection reason',
            reviewedBy: 'Reviewed by',
            reviewedAt: 'Reviewed at',
          },
        },
        categories: { fields: { kind: 'Kind', isDefault: 'Default' } },
        reconciliations: { fields: { accountId: 'Account', untilDate: 'Until' } },
        'accounting-settings': {
          name: 'Accounting settings',
          fields: { receiptNumber: 'Receipt number', cashbook: 'Cash book' },
        },
        statements: { name: 'Account statement', fields: { to: 'To', additionalEmails: 'Additional e-mails', mailId: 'E-mail' } },
        'payment-notices': { name: 'Payment notice', fields: { number: 'Number', subject: 'Subject', sent: 'Sent' } },
      },
    ),
    actions: {
      annul: 'Annulment',
      assign: 'Assignment',
      import: 'Import',
      generate: 'Generation',
      'generate-queued': 'Generation queued',
      'import-queued': 'Import queued',
      transfer: 'Debt transfer',
      'apply-credit': 'Credit applied',
      send: 'Sending',
      approve: 'Approval',
      reject: 'Rejection',
      overdue: 'Overdue notice',
      statements: 'Statement notice',
      manual: 'Manual notice',
    },
  },
};
