// What every accounting route module shares: roles, the transaction-with-audit helper, reloading and the outbox.
import type { AuditEntry, HostServices, ListDeclaration, MailMessage, SheetExport } from '@conjunto/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ACCOUNTING_TOPICS } from '../../manifest.ts';
import es from '../../messages/es.ts';
import { ACCOUNTING_EVENTS, type IncomeCreated } from '../../service.ts';
import { amountOf, type Tx } from '../ledger.ts';

/** Writes: administrators and platform staff. Reads: also the board (directiva), read-only. */
export const MANAGE = ['administrador', 'superAdministrador'] as const;
export const READ = [...MANAGE, 'directiva'] as const;

const LABELS = es.auditLog.resources as Record<string, { fields?: Record<string, unknown> } | undefined>;

/**
 * A list's export columns when it names none: the fields its screens label, under their Spanish labels (as the
 * audit log names them), in the item's order; ids are left out (a spreadsheet is read, not joined).
 */
function labelledColumns(resource: string, item: { properties?: object }): Record<string, string> | undefined {
  const labels = LABELS[resource]?.fields ?? {};
  const fields = Object.keys(item.properties ?? {}).filter(
    (field) => field !== 'id' && !field.endsWith('Id') && typeof labels[field] === 'string',
  );
  return fields.length ? Object.fromEntries(fields.map((field) => [field, labels[field] as string])) : undefined;
}

export function routeKit(host: HostServices) {
  const em = (request: FastifyRequest) => host.em(request) as SqlEntityManager;
  return {
    em,
    ctx: (request: FastifyRequest) => host.context(request),
    /** Runs `work` in one transaction; its audit entries are written in the same transaction. */
    write<T>(request: FastifyRequest, work: (tx: Tx, audit: (entry: AuditEntry) => void) => Promise<T>): Promise<T> {
      return em(request).transactional((tx) => work(tx, (entry) => host.audit(request, tx, entry)));
    },
    /** Records an entity change and flushes it with its audit entry, in one transaction. */
    flushWithAudit(request: FastifyRequest, entry: AuditEntry): Promise<void> {
      host.audit(request, em(request), entry);
      return em(request).flush();
    },
    /** A record as it is now in the database (not as the request's identity map remembers it). */
    reload<T>(request: FastifyRequest, entity: unknown, id: string): Promise<T> {
      return em(request)
        .fork()
        .findOneOrFail(entity as never, { id } as never) as Promise<T>;
    },
    /** A list and its export, declared once (the host's list helper); the export under the screens' labels. */
    listRoute<Row, Item>(app: FastifyInstance, declaration: ListDeclaration<Row, Item>) {
      host.listRoute(app, {
        exportColumns: labelledColumns(declaration.resource, declaration.item as { properties?: object }),
        ...declaration,
      });
    },
    load<T>(request: FastifyRequest, entity: unknown) {
      return host.findOr404<T>(request, entity, (request.params as { id: string }).id);
    },
    /** Answers with a spreadsheet the route computed (CSV or .xlsx in the spec's format). */
    sendSheet: (reply: FastifyReply, sheet: SheetExport) => host.sheets.send(reply, sheet),
    /** Queues an e-mail in the host's outbox, inside the transaction `tx`. */
    queueMail(request: FastifyRequest, tx: Tx, message: MailMessage): Promise<string> {
      return host.queueMail(request, tx, message);
    },
    /** Announces a new income ('accounting.income.created') in its transaction: e-invoicing and others follow it. */
    async incomeCreated(request: FastifyRequest, tx: Tx, incomeId: string): Promise<void> {
      const [row] = await tx.execute('select receipt_number, unit_id, amount::text as amount, date from incomes where id = ?', [
        incomeId,
      ]);
      const payload: IncomeCreated = {
        incomeId,
        receiptNumber: Number(row.receipt_number),
        unitId: row.unit_id ?? null,
        amount: amountOf(row.amount),
        date: row.date,
      };
      await host.emit(request, tx, ACCOUNTING_EVENTS.incomeCreated, { ...payload });
    },
    /**
     * Tells the complex's open screens (the office's bell, the lists) that pending transfer `id` is now `status`:
     * published in `tx`, so it goes out at commit and a rollback drops it.
     */
    pendingTransferChanged(request: FastifyRequest, tx: Tx, id: string, status: string): Promise<void> {
      return host.publish(host.context(request).complexId, ACCOUNTING_TOPICS.pendingTransfers, { id, status }, tx);
    },
    sheets: host.sheets,
    files: host.files,
    /** Queues one of accounting's jobs (jobs.ts) for the request's complex; call it outside any transaction. */
    submitJob: host.submitJob,
    runningJob: host.runningJob,
  };
}
export type RouteKit = ReturnType<typeof routeKit>;

/** An income's or an expense's receipt as the audit log names it: 'Ingreso N° 000123'. */
export const receiptLabel = (kind: 'Ingreso' | 'Egreso', n: number | null | undefined) =>
  n == null ? null : `${kind} N° ${String(n).padStart(6, '0')}`;

/** The receipt label of a stored income or expense (by id), for entries written before the record is loaded. */
export async function receiptOf(tx: Tx, table: 'incomes' | 'expenses', id: string): Promise<string | null> {
  const [row] = await tx.execute(`select receipt_number from ${table} where id = ?`, [id]);
  return receiptLabel(table === 'incomes' ? 'Ingreso' : 'Egreso', row?.receipt_number as number | null | undefined);
}

export const isTrue = (value: unknown) => value === true || value === 'true';
