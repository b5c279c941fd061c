// Spanish messages of the accounting plugin (the default language: no English word may show). One part per
// group of screens: each owns its resources and its keys under 'accounting' (the ledger's part also holds
// accounting.shared), so the parts merge one level deep.
import { auditResources } from '@conjunto/core';
import certificates from './es.certificates.ts';
import dashboard from './es.dashboard.ts';
import documents from './es.documents.ts';
import ledger from './es.ledger.ts';
import resident from './es.resident.ts';
import treasury from './es.treasury.ts';

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
            lines: 'Detalle',
            pendingTransferId: 'Transferencia por aprobar',
            before: 'Antes',
            balance: 'Saldo',
            isAdvance: 'Anticipo',
            isInitialBalance: 'Saldo inicial',
          },
        },
        expenses: { fields: { lines: 'Detalle' } },
        receivables: { fields: { fileName: 'Archivo', userId: 'Residente', period: 'Período', kind: 'Tipo' } },
        'pending-transfers': {
          fields: {
            incomeId: 'Ingreso',
            reason: 'Motivo',
            rejectReason: 'Motivo del rechazo',
            reviewedBy: 'Revisada por',
            reviewedAt: 'Revisada el',
          },
        },
        categories: { fields: { kind: 'Tipo', isDefault: 'Predeterminado' } },
        reconciliations: { fields: { accountId: 'Cuenta', untilDate: 'Hasta' } },
        'accounting-settings': {
          name: 'Configuración contable',
          fields: { receiptNumber: 'N° de comprobante', cashbook: 'Libro de caja' },
        },
        statements: {
          name: 'Estado de cuenta',
          fields: { to: 'Para', additionalEmails: 'Correos adicionales', mailId: 'Correo' },
        },
        'payment-notices': { name: 'Aviso de cobro', fields: { number: 'Número', subject: 'Asunto', sent: 'Enviados' } },
      },
    ),
    actions: {
      annul: 'Anulación',
      assign: 'Asignación',
      import: 'Importación',
      generate: 'Generación',
      'generate-queued': 'Generación en cola',
      'import-queued': 'Importación en cola',
      transfer: 'Traspaso',
      'apply-credit': 'Aplicación de saldo a favor',
      send: 'Envío',
      approve: 'Aprobación',
      reject: 'Rechazo',
      overdue: 'Aviso de valores vencidos',
      statements: 'Aviso con estado de cuenta',
      manual: 'Aviso manual',
    },
  },
};
