import type { AuditEntry } from '@conjunto/core';
import type { SqlEntityManager as EntityManager } from '@mikro-orm/sql';
import { AuditLog } from './platform.entities.ts';

/** Who wrote, and in which complex. */
export interface AuditActor {
  complexId: string;
  /** null for work of the platform itself. */
  userId: string | null;
  userName: string;
}

/** Queues the audit record of a write in `em`, so it commits (or not) with the write itself. */
export function recordAudit(em: EntityManager, actor: AuditActor, entry: AuditEntry): void {
  em.persist(
    em.create(AuditLog, {
      complexId: actor.complexId,
      userId: actor.userId,
      userName: actor.userName,
      resource: entry.resource,
      recordId: entry.recordId,
      action: entry.action,
      changes: (entry.changes ?? null) as never,
    } as never),
  );
}
