// The statement a resident section reads: the signed-in resident's own unit (/my-unit/statement, the unit comes
// from the session) in their area, or the unit of the resident an administrator opens (/units/:unitId/statement).
import { businessDay } from '@conjunto/core';
import type { Statement } from '../../schemas.ts';
import { API, useApiGet } from '../shared/accountingApi.ts';

export type StatementSource = { mine: true } | { mine: false; unitId: string | null | undefined };

/** The resource and path of the statement (and of its PDF with `.pdf`); undefined for a resident without a unit. */
export function statementPath(source: StatementSource): { resource: string; path: string } | undefined {
  if (source.mine) return { resource: 'my-unit', path: 'statement' };
  return source.unitId ? { resource: API.units, path: `${encodeURIComponent(source.unitId)}/statement` } : undefined;
}

export function useStatement(source: StatementSource) {
  const where = statementPath(source);
  return { where, ...useApiGet<Statement>(where?.resource ?? 'my-unit', where?.path) };
}

export type Charge = Statement['receivables'][number];

/** Charges still owed: those due by today (pending, overdue first) and those due later (future). */
export function splitCharges(s: Statement, today = businessDay()): { pending: Charge[]; future: Charge[] } {
  const owed = s.receivables.filter((r) => r.balance > 0);
  return {
    pending: owed.filter((r) => r.dueDate <= today).sort((a, b) => a.dueDate.localeCompare(b.dueDate)),
    future: owed.filter((r) => r.dueDate > today).sort((a, b) => a.dueDate.localeCompare(b.dueDate)),
  };
}

/** Rows of a section's list with a rule between them (a Divider inside <ul> is a separator, which a list may not hold). */
export const ROWS = { listStyle: 'none', p: 0, m: 0, '& > li + li': { borderTop: 1, borderColor: 'divider' } } as const;
