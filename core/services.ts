// How plugins use each other (DESIGN: plugins that need each other). A plugin never reads another plugin's
// tables: it calls the other's declared service through the host, or handles the other's domain events.
import type { HostPush } from './plugin.ts';

/** On whose behalf a service runs: the complex, the user, and the caller's EntityManager (its transaction, if any). */
export interface ServiceScope {
  complexId: string;
  userId: string | null;
  userName: string;
  // biome-ignore lint/suspicious/noExplicitAny: each plugin narrows it to the driver's EntityManager
  em: any;
}

/** Why a service cannot be used now: the consumer degrades (hides the feature, skips the step), it never crashes. */
export type ServiceUnavailable = 'not-installed' | 'disabled' | 'switched-off';

/** What `host.service(...)` answers: the provider's service bound to the scope, or why it is not available. */
export type ServiceAccess<S> = { available: true; service: S } | { available: false; reason: ServiceUnavailable };

/**
 * A fact a plugin announces after it happened, e.g. 'accounting.income.created': stored in the writer's
 * transaction (an outbox, so it exists if and only if the write committed) and delivered after commit, at least
 * once, to every installed plugin that handles it. Names: '<plugin id>.<aggregate>.<past tense>'.
 */
export interface DomainEvent<P = unknown> {
  id: string;
  name: string;
  /** The plugin that emitted it. */
  source: string;
  complexId: string;
  userId: string | null;
  payload: P;
  occurredAt: string;
}

export interface DomainEventContext {
  /**
   * The delivery's transaction: what the handler writes here commits together with the delivery's "done", so a
   * crash anywhere before that commit delivers again and nothing is written twice (exactly once in effect).
   * Effects outside the database (an e-mail, a call to the SRI) must be idempotent by the event's id.
   */
  // biome-ignore lint/suspicious/noExplicitAny: each plugin narrows it to the driver's EntityManager
  em: any;
  log: { info(obj: object, msg?: string): void; warn(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
  /** 0 on the first delivery, then 1, 2 ... after failures. */
  attempt: number;
  /** Push notifications queued in the delivery's transaction (`ctx.push.queue(ctx.em, message)`): sent once it commits. */
  push: HostPush;
  /**
   * A live event to the event's complex's open streams (as HostServices.publish), on the delivery's transaction:
   * sent at its commit, dropped by a rollback.
   */
  publish(topic: string, payload: unknown): Promise<void>;
}

// biome-ignore lint/suspicious/noExplicitAny: handlers narrow their own payload type
export type DomainEventHandler<P = any> = (event: DomainEvent<P>, ctx: DomainEventContext) => Promise<void>;
