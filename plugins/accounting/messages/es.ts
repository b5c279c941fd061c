// Spanish messages of the accounting plugin (the default language: no English word may show).
import ledger from './es.ledger.ts';
import treasury from './es.treasury.ts';
import documents from './es.documents.ts';

/** Merged per top-level key: each part owns its resources and its own keys under 'accounting'. */
const parts = [ledger, treasury, documents] as Record<string, Record<string, unknown>>[];
export default {
  resources: Object.assign({}, ...parts.map((p) => p.resources ?? {})),
  accounting: Object.assign({}, ...parts.map((p) => p.accounting ?? {})),
};
