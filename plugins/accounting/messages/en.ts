// English messages of the accounting plugin, in the same parts as the Spanish ones (es.ts).
import dashboard from './en.dashboard.ts';
import documents from './en.documents.ts';
import ledger from './en.ledger.ts';
import treasury from './en.treasury.ts';

export const parts = { ledger, treasury, documents, dashboard } as Record<string, Record<string, Record<string, unknown>>>;

export default {
  resources: Object.assign({}, ...Object.values(parts).map((p) => p.resources ?? {})),
  accounting: Object.assign({}, ...Object.values(parts).map((p) => p.accounting ?? {})),
};
