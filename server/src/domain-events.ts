// Plugins that need each other: services called through the host, and domain events.
//
// Domain events use an outbox: `emit` inserts the event and one delivery per handling plugin in the writer's
// own transaction, so an event exists if and only if its write committed. Each process runs a dispatcher that
// claims due deliveries (FOR UPDATE SKIP LOCKED: several processes share the work, none takes a row twice) and
// runs the handler inside the claiming transaction, in a savepoint, then marks the delivery done in that same
// transaction. A crash before that commit leaves the delivery pending with none of the handler's writes, so it
// is delivered again and takes effect exactly once; a failure rolls back to the savepoint and is retried with
// back-off. Chosen over pg-boss publish/subscribe because its jobs are sent by a separate connection: the
// publish could not share the writer's transaction on PostgreSQL, nor the handler's writes the completion.
import { type DomainEvent, isUuid, type ModuleSwitch, newId, type ServerPlugin, type ServiceAccess, uses } from '@conjunto/core';
import type { SqlEntityManager as EntityManager } from '@mikro-orm/sql';
import type { FastifyBaseLogger } from 'fastify';
import type { Orm } from './db.ts';
import { publishEvent } from './events.ts';
import { hostPush, type PushService } from './push.ts';
import { moduleGate } from './tenancy.ts';

/** Deliveries tried at most this many times; then they stay 'failed' (logged) for someone to look at. */
export const MAX_ATTEMPTS = 10;
/** The emitted payload as JSON: ids and amounts, not documents. */
const MAX_PAYLOAD_BYTES = 64 * 1024;
const POLL_MS = 1000;
/** Deliveries one dispatcher pass handles before it lets the loop breathe. */
const BATCH = 50;
const EVENT_NAME = /^[a-z][a-z0-9-]*\.[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*)+$/;

export const domainEventMigrations = [
  {
    name: 'server_0007_domain_events',
    up: [
      `create table domain_events (
        id uuid primary key,
        name varchar(150) not null,
        source varchar(100) not null,
        complex_id uuid not null,
        user_id uuid,
        payload jsonb not null,
        occurred_at timestamptz not null default now()
      )`,
      'create index domain_events_complex_idx on domain_events (complex_id, occurred_at)',
      // state: pending (due at next_attempt_at), done, skipped (the handler's plugin was off), failed (gave up).
      `create table domain_event_deliveries (
        event_id uuid not null references domain_events(id) on delete cascade,
        plugin varchar(100) not null,
        state varchar(10) not null default 'pending' check (state in ('pending', 'done', 'skipped', 'failed')),
        attempts integer not null default 0,
        next_attempt_at timestamptz not null default now(),
        last_error varchar(2000),
        done_at timestamptz,
        primary key (event_id, plugin)
      )`,
      "create index domain_event_deliveries_due_idx on domain_event_deliveries (next_attempt_at) where state = 'pending'",
    ],
  },
];

/** Seconds before attempt n+1 after n failures: 5 s, 10 s, 20 s ... at most an hour. */
const backoffSeconds = (failures: number) => Math.min(5 * 2 ** (failures - 1), 3600);

/** Checks the plugins' declarations at boot: a mistake here is the developer's, found before any request. */
export function checkContracts(plugins: readonly ServerPlugin[]): void {
  const byId = new Map(plugins.map((p) => [p.manifest.id, p]));
  for (const plugin of plugins) {
    const { id, emits = [], optionalDependsOn = [] } = plugin.manifest;
    for (const name of emits) {
      if (!EVENT_NAME.test(name) || !name.startsWith(`${id}.`))
        throw new Error(`Plugin ${id}: event ${name} must be named '${id}.<aggregate>.<past tense>'.`);
    }
    for (const name of Object.keys(plugin.handles ?? {})) {
      const sourceId = name.split('.')[0];
      const source = byId.get(sourceId);
      // An optional dependency not installed: nothing emits its events, the handler simply never runs.
      if (!source && optionalDependsOn.includes(sourceId)) continue;
      if (!source?.manifest.emits?.includes(name))
        throw new Error(`Plugin ${id} handles ${name}, which no installed plugin emits.`);
      if (!uses(plugin.manifest, source.manifest.id))
        throw new Error(`Plugin ${id} handles ${name} but does not declare ${source.manifest.id} in dependsOn.`);
    }
  }
}

export interface DomainEventsService {
  /** Records an event in `em`'s transaction (see HostServices.emit). */
  emit(
    em: EntityManager,
    event: { source: string; name: string; complexId: string; userId: string | null; payload: Record<string, unknown> },
  ): Promise<void>;
  /** The service of `provider` for `caller`, bound to the scope, or why not (see HostServices.service). */
  service<S>(
    caller: string,
    provider: string,
    scope: { complexId: string; userId: string | null; userName: string; em: EntityManager },
  ): Promise<ServiceAccess<S>>;
  /** Runs every due delivery now; answers how many it handled (tests, and the dispatcher's loop). */
  dispatch(): Promise<number>;
  start(): void;
  stop(): Promise<void>;
}

interface Claimed {
  event_id: string;
  plugin: string;
  attempts: number;
  name: string;
  source: string;
  complex_id: string;
  user_id: string | null;
  payload: unknown;
  occurred_at: Date | string;
}

export function createDomainEvents(
  orm: Orm,
  plugins: readonly ServerPlugin[],
  catalogue: readonly ModuleSwitch[],
  log: FastifyBaseLogger,
  options: { worker: boolean; push: Pick<PushService, 'queue' | 'deviceOwners'> },
): DomainEventsService {
  const byId = new Map(plugins.map((p) => [p.manifest.id, p]));
  const push = hostPush(options.push);
  const gates = new Map(plugins.map((p) => [p.manifest.id, moduleGate(p, catalogue)]));
  /** Which installed plugins handle each event name. */
  const handlers = new Map<string, string[]>();
  for (const plugin of plugins) {
    for (const name of Object.keys(plugin.handles ?? {})) handlers.set(name, [...(handlers.get(name) ?? []), plugin.manifest.id]);
  }

  /** Why `pluginId` may not act on the complex now (platform switch, module switch, inactive complex), or null. */
  async function unavailable(
    em: EntityManager,
    pluginId: string,
    complexId: string,
  ): Promise<'disabled' | 'switched-off' | null> {
    const [row] = await em.execute(
      `select c.is_active, c.modules, (select enabled from platform_plugins where id = ?) as plugin_enabled from complexes c where c.id = ?`,
      [pluginId, isUuid(complexId) ? complexId : null],
    );
    if (!row || row.plugin_enabled === false) return 'disabled';
    if (!row.is_active || !gates.get(pluginId)?.(row.modules)) return 'switched-off';
    return null;
  }

  /** One delivery: claimed, handled in a savepoint and marked, all in one transaction. False when none is due. */
  async function deliverOne(): Promise<boolean> {
    return orm.em.fork().transactional(async (tx) => {
      const [d] = (await tx.execute(
        `select d.event_id, d.plugin, d.attempts, e.name, e.source, e.complex_id, e.user_id, e.payload, e.occurred_at
           from domain_event_deliveries d join domain_events e on e.id = d.event_id
          where d.state = 'pending' and d.next_attempt_at <= now()
          order by d.next_attempt_at
          limit 1 for update of d skip locked`,
      )) as Claimed[];
      if (!d) return false;
      const mark = (state: string, error: string | null, delaySeconds = 0) =>
        tx.execute(
          `update domain_event_deliveries set state = ?, attempts = attempts + 1, last_error = ?,
                  next_attempt_at = now() + make_interval(secs => ?), done_at = case when ? in ('done', 'skipped', 'failed') then now() end
            where event_id = ? and plugin = ?`,
          [state, error?.slice(0, 2000) ?? null, delaySeconds, state, d.event_id, d.plugin],
        );
      const handler = byId.get(d.plugin)?.handles?.[d.name];
      const skip = handler ? await unavailable(tx, d.plugin, d.complex_id) : 'uninstalled';
      if (skip) {
        await mark('skipped', skip);
        return true;
      }
      const event: DomainEvent = {
        id: d.event_id,
        name: d.name,
        source: d.source,
        complexId: d.complex_id,
        userId: d.user_id,
        payload: d.payload,
        occurredAt: new Date(d.occurred_at).toISOString(),
      };
      const eventLog = log.child({ event: d.event_id, name: d.name, handler: d.plugin });
      try {
        // A nested transaction is a savepoint: a failing handler's writes go, the claim stays.
        await tx.transactional((em) =>
          (handler as NonNullable<typeof handler>)(event, {
            em,
            log: eventLog,
            attempt: d.attempts,
            push,
            // The event's complex only: a handler announces what it wrote, at the delivery's commit.
            publish: (topic, payload) => publishEvent(em, d.complex_id, topic, payload),
          }),
        );
        await mark('done', null);
      } catch (error) {
        const failures = d.attempts + 1;
        eventLog.error({ err: error, attempt: d.attempts }, 'domain event handler failed');
        await mark(
          failures >= MAX_ATTEMPTS ? 'failed' : 'pending',
          error instanceof Error ? error.message : String(error),
          backoffSeconds(failures),
        );
      }
      return true;
    });
  }

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let stopped = false;

  const service: DomainEventsService = {
    async emit(em, { source, name, complexId, userId, payload }) {
      if (!byId.get(source)?.manifest.emits?.includes(name))
        throw new Error(`Plugin ${source} does not declare event ${name} in emits.`);
      const json = JSON.stringify(payload);
      if (Buffer.byteLength(json) > MAX_PAYLOAD_BYTES) throw new Error(`Event ${name}: payload over ${MAX_PAYLOAD_BYTES} bytes.`);
      const id = newId();
      await em.execute(
        'insert into domain_events (id, name, source, complex_id, user_id, payload) values (?, ?, ?, ?, ?, ?::jsonb)',
        [id, name, source, complexId, userId, json],
      );
      const targets = handlers.get(name) ?? [];
      if (targets.length) {
        await em.execute(
          `insert into domain_event_deliveries (event_id, plugin) values ${targets.map(() => '(?, ?)').join(', ')}`,
          targets.flatMap((t) => [id, t]),
        );
      }
    },

    async service<S>(
      caller: string,
      provider: string,
      scope: { complexId: string; userId: string | null; userName: string; em: EntityManager },
    ): Promise<ServiceAccess<S>> {
      if (!uses(byId.get(caller)?.manifest, provider))
        throw new Error(`Plugin ${caller} uses ${provider} without declaring it in dependsOn.`);
      const plugin = byId.get(provider);
      if (!plugin?.service) return { available: false, reason: 'not-installed' };
      const reason = await unavailable(scope.em, provider, scope.complexId);
      if (reason) return { available: false, reason };
      return { available: true, service: plugin.service(scope) as S };
    },

    async dispatch() {
      let handled = 0;
      while (handled < BATCH && !stopped && (await deliverOne())) handled++;
      return handled;
    },

    start() {
      if (!options.worker || !handlers.size || timer) return;
      const tick = async () => {
        try {
          running = service.dispatch();
          // A full batch means more may be due: go on at once rather than after the pause.
          const handled = await running;
          if (!stopped) timer = setTimeout(tick, handled >= BATCH ? 0 : POLL_MS);
        } catch (error) {
          log.warn({ err: error }, 'domain events: dispatcher pass failed; retrying');
          if (!stopped) timer = setTimeout(tick, POLL_MS);
        }
      };
      timer = setTimeout(tick, POLL_MS);
    },

    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running?.catch(() => undefined);
    },
  };
  return service;
}
