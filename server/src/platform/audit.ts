import { AUDIT_DESCRIPTION_MAX, type AuditEntry, businessDay, newId } from '@conjunto/core';
import type { SqlEntityManager as EntityManager } from '@mikro-orm/sql';
import { AuditLog } from './platform.entities.ts';

/** Who wrote, and in which complex. */
export interface AuditActor {
  complexId: string;
  /** null for work of the platform itself. */
  userId: string | null;
  userName: string;
}

const describe = (entry: AuditEntry) => entry.description?.trim().slice(0, AUDIT_DESCRIPTION_MAX) || null;

/** Queues the audit record of a write in `em`, so it commits (or not) with the write itself. */
export function recordAudit(
  em: EntityManager,
  // complexId null: platform staff writing the platform's own data (a plugin's FAQ), in no complex's log.
  actor: Omit<AuditActor, 'complexId'> & { complexId: string | null },
  entry: AuditEntry,
): void {
  em.persist(
    em.create(AuditLog, {
      complexId: actor.complexId,
      userId: actor.userId,
      userName: actor.userName,
      resource: entry.resource,
      recordId: entry.recordId,
      action: entry.action,
      changes: (entry.changes ?? null) as never,
      description: describe(entry),
    } as never),
  );
}

/**
 * Records a repeated read (a personal photo seen as a thumbnail, again and again) as one entry per complex, user,
 * record, action and business day: the first read inserts it, the next ones count and move `at` to the last read.
 * Runs at once on `em` (inside its transaction when it has one).
 */
export async function recordGroupedRead(
  em: EntityManager,
  actor: AuditActor,
  entry: AuditEntry,
  at: Date = new Date(),
): Promise<void> {
  await em.execute(
    `insert into audit_logs (id, complex_id, user_id, user_name, at, resource, record_id, action, changes, description, count, first_at, day)
     values (?, ?, ?, ?, ?, ?, ?, ?, null, ?, 1, ?, ?)
     on conflict (complex_id, user_id, record_id, day, action) where day is not null
     do update set count = audit_logs.count + 1, at = greatest(audit_logs.at, excluded.at),
                   user_name = excluded.user_name, description = coalesce(excluded.description, audit_logs.description)`,
    [
      newId(),
      actor.complexId,
      actor.userId,
      actor.userName,
      at,
      entry.resource,
      entry.recordId,
      entry.action,
      describe(entry),
      at,
      businessDay(at),
    ],
    'run',
  );
}
