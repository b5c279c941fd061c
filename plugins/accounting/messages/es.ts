// Spanish messages of the accounting plugin (the default language: no English word may show). One part per
// group of screens: each owns its resources and its keys under 'accounting' (the ledger's part also holds
// accounting.shared), so the parts merge one level deep.
import dashboard from './es.dashboard.ts';
import documents from './es.documents.ts';
import ledger from './es.ledger.ts';
import treasury from './es.treasury.ts';

export const parts = { ledger, treasury, documents, dashboard } as Record<string, Record<string, Record<string, unknown>>>;

export default {
  resources: Object.assign({}, ...Object.values(parts).map((p) => p.resources ?? {})),
  accounting: Object.assign({}, ...Object.values(parts).map((p) => p.accounting ?? {})),
};
