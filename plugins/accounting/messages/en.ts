// English messages of the accounting plugin.
import ledger from './en.ledger.ts';
import treasury from './en.treasury.ts';
import documents from './en.documents.ts';

/** Merged per top-level key: each part owns its resources and its own keys under 'accounting'. */
const parts = [ledger, treasury, documents] as Record<string, Record<string, unknown>>[];
export default {
  resources: Object.assign({}, ...parts.map((p) => p.resources ?? {})),
  accounting: Object.assign({}, ...parts.map((p) => p.accounting ?? {})),
};
