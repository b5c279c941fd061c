// Background jobs, a platform service: pg-boss 12 on the application's own database (its tables in the
// 'pgboss' schema; on PGlite it shares the one embedded instance). A plugin declares handlers in
// `ServerPlugin.jobs`; routes queue them with `host.submitJob(request, name, data)`, which records the
// request's complex and user in the job. Before a job runs the host re-checks its complex (exists, active,
// plugin enabled, module switch on); otherwise the job is completed as skipped without running.
// Handlers must be idempotent: a job can run again after a failure, a crash or an expired claim.

import {
  type AuditEntry,
  ERROR_RESPONSES,
  isUuid,
  JOB_PROGRESS_TOPIC,
  type JobHandler,
  type JobProgress,
  type JobStatus,
  type ModuleSwitch,
  Nullable,
  newId,
  notFound,
  type PluginApp,
  type ServerPlugin,
  type ServiceAccess,
  type SubmitJobOptions,
  switchIsOn,
} from '@conjunto/core';
import type { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import { fromPglite, type Job, PgBoss } from 'pg-boss';
import { Type } from 'typebox';
import type { Orm } from './db.ts';
import { directoryOf } from './directory/reader.ts';
import { iso } from './directory/serialize.ts';
import { isDatabaseUnavailable, outageWarner } from './errors.ts';
import { publishEvent } from './events.ts';
import type { FileService } from './files/service.ts';
import type { MailService } from './mail.ts';
import { recordAudit } from './platform/audit.ts';
import { hostPush, type PushService } from './push.ts';
import { moduleGate } from './tenancy.ts';
import { sharedWorkers } from './workers.ts';

/** pg-boss keeps its tables in this schema of the same database. */
export const JOBS_SCHEMA = 'pgboss';

export interface JobsOptions {
  databaseUrl?: string;
  pglite?: PGlite;
  /** Jobs running at once in this process, over all queues (JOBS_CONCURRENCY). */
  concurrency: number;
  /** Idle poll of each queue, seconds (>= 0.5); new jobs also wake the workers by NOTIFY. */
  pollSeconds: number;
  /** How long stop() lets running jobs finish. */
  stopTimeoutMs?: number;
  /** Plugins' services for a job's complex (the domain events' service(), bound later in app.ts). */
  service?(
    caller: string,
    provider: string,
    scope: { complexId: string; userId: string | null; userName: string; em: unknown },
  ): Promise<ServiceAccess<unknown>>;
}

/** Who submitted a job, for which complex. */
export interface JobActor {
  complexId: string;
  userId: string | null;
  /** Shown in the audit log for what the job does on the user's behalf. */
  userName?: string;
}

/** What pg-boss stores as the job's data. */
interface Envelope {
  complexId: string;
  userId: string | null;
  userName?: string;
  data: Record<string, unknown>;
  /** Set when a schedule submitted it (server/src/schedules.ts). */
  schedule?: { key: string; occurrence: string };
}

export type { JobStatus };

/** The jobs the list route answers at most. */
const LIST_LIMIT = 20;
/** Progress reports closer than this are merged (the first and the last always go out). */
const PROGRESS_EVERY_MS = 300;
const FINAL_STATES = ['completed', 'cancelled', 'failed'];

export interface JobsService {
  /** Registers the queues and starts the workers (after migrations: the app's onReady). */
  start(): Promise<void>;
  /** Stops fetching, lets running jobs finish up to the timeout (default: the service's), then hands back the rest (failed, retried later). */
  stop(timeoutMs?: number): Promise<void>;
  /** Queues job `name` of plugin (scope) `scope`; answers the job id (the existing one for a singletonKey still queued or running). */
  submit(
    scope: string,
    actor: JobActor,
    name: string,
    data: Record<string, unknown>,
    options?: SubmitJobOptions,
    /** The schedule and occurrence that submit it (server/src/schedules.ts). */
    schedule?: { key: string; occurrence: string },
  ): Promise<string>;
  /** A job of the complex, or null (also for another complex's job). */
  status(complexId: string, id: string): Promise<JobStatus | null>;
  /**
   * The complex's newest jobs of queue `name` ('<plugin id>.<job>'): only those queued or running when `active`,
   * and with `endedWithin` (seconds) also those that ended that recently.
   */
  list(complexId: string, filter: { name: string; active?: boolean; endedWithin?: number }): Promise<JobStatus[]>;
}

type JobRow = {
  id: string;
  name: string;
  state: JobStatus['state'];
  created_on: string | Date;
  started_on: string | Date | null;
  completed_on: string | Date | null;
  output: unknown;
};

/** A stored job as the routes answer it. While it runs its output holds the progress only (see progress()). */
function toStatus(row: JobRow): JobStatus {
  const stored = (typeof row.output === 'string' ? JSON.parse(row.output) : row.output) as Record<string, unknown> | null;
  const { progress = null, ...rest } = (stored ?? {}) as { progress?: JobProgress | null };
  const finished = row.state === 'completed' || row.state === 'cancelled';
  return {
    id: row.id,
    name: row.name,
    state: row.state,
    createdAt: iso(row.created_on)!,
    startedAt: iso(row.started_on),
    completedAt: iso(row.completed_on),
    progress: row.state === 'failed' || row.state === 'retry' ? null : progress,
    // A failure's output is the error: its message only, never the stack.
    output:
      row.state === 'failed' || row.state === 'retry'
        ? { message: String(stored?.message ?? '') }
        : finished && stored
          ? rest
          : null,
  };
}

interface Queue {
  name: string;
  plugin: ServerPlugin;
  handler: JobHandler;
  /** The plugin's module switch on a complex's stored switches. */
  moduleOn(modules: Record<string, unknown> | null | undefined): boolean;
}

/** A counting semaphore: the cap of jobs running at once over every queue. */
function slots(size: number) {
  let free = size;
  const waiting: (() => void)[] = [];
  return {
    async acquire() {
      if (free > 0) free--;
      else await new Promise<void>((resolve) => waiting.push(resolve));
    },
    release() {
      const next = waiting.shift();
      if (next) next();
      else free++;
    },
  };
}

export function createJobsService(
  options: JobsOptions,
  orm: Orm,
  files: Pick<FileService, 'forActor'>,
  mail: Pick<MailService, 'queue' | 'queueMany'>,
  push: Pick<PushService, 'queue' | 'deviceOwners'>,
  plugins: readonly ServerPlugin[],
  catalogue: readonly ModuleSwitch[],
  log: FastifyBaseLogger,
): JobsService {
  const queues = new Map<string, Queue>();
  const pushAdapter = hostPush(push);
  const outage = outageWarner('jobs: database unavailable, retrying');
  for (const plugin of plugins) {
    for (const [name, handler] of Object.entries(plugin.jobs ?? {})) {
      queues.set(`${plugin.manifest.id}.${name}`, {
        name: `${plugin.manifest.id}.${name}`,
        plugin,
        handler,
        moduleOn: moduleGate(plugin, catalogue),
      });
    }
  }
  const concurrency = Math.max(1, Math.floor(options.concurrency));
  const running = slots(concurrency);
  let boss: PgBoss | undefined;

  /** Why the job must not run now (null when its complex still allows it), and the complex's stored switches. */
  async function check(queue: Queue, complexId: string): Promise<{ reason: string | null; modules?: Record<string, unknown> }> {
    const [row] = await orm.em.fork().execute(
      `select c.is_active, c.modules, (select enabled from platform_plugins where id = ?) as plugin_enabled
         from complexes c where c.id = ?`,
      [queue.plugin.manifest.id, isUuid(complexId) ? complexId : null],
    );
    if (!row) return { reason: 'complex_not_found' };
    if (!row.is_active) return { reason: 'complex_inactive' };
    if (row.plugin_enabled === false) return { reason: 'plugin_disabled' };
    if (!queue.moduleOn(row.modules)) return { reason: 'module_off' };
    return { reason: null, modules: row.modules ?? {} };
  }

  async function run(queue: Queue, job: Job<Envelope>): Promise<Record<string, unknown> | undefined> {
    const { complexId, userId, userName, data, schedule } = job.data;
    const jobLog = log.child({ job: job.id, queue: queue.name, complexId });
    await running.acquire();
    try {
      const { reason, modules } = await check(queue, complexId);
      if (reason) {
        jobLog.warn({ reason }, 'job skipped');
        return { skipped: reason };
      }
      const em = orm.em.fork();
      const actor = { complexId, userId, userName: userName ?? 'Tarea en segundo plano' };
      // The latest figures: written to the job's row (pg-boss keeps `output` free until the job completes),
      // then put back into the output the handler answers, so that a finished job still says "N of M".
      let last: JobProgress | null = null;
      let lastWrite = 0;
      const progress = async (done: number, total: number, detail?: string, onEm?: unknown) => {
        const count = (n: number) => (Number.isFinite(n) ? Math.max(0, Math.floor(n)) : 0);
        last = { done: count(done), total: count(total), ...(detail ? { detail: String(detail).slice(0, 200) } : {}) };
        const now = Date.now();
        if (lastWrite && last.done < last.total && now - lastWrite < PROGRESS_EVERY_MS) return;
        lastWrite = now;
        const target = (onEm as typeof em | undefined) ?? em;
        await target.execute(
          `update ${JOBS_SCHEMA}.job set output = jsonb_build_object('progress', ?::jsonb) where name = ? and id = ? and state = 'active'`,
          [JSON.stringify(last), queue.name, job.id],
        );
        await publishEvent(target, complexId, JOB_PROGRESS_TOPIC, { id: job.id, name: queue.name, ...last });
      };
      const output = await queue.handler(
        { id: job.id, name: queue.name, complexId, userId, data, attempt: job.retryCount, ...(schedule ? { schedule } : {}) },
        {
          em,
          log: jobLog,
          signal: job.signal,
          publish: (topic, payload, onEm) => publishEvent((onEm as typeof em | undefined) ?? em, complexId, topic, payload),
          // Reads of personal files are audited under the user who submitted the job, as in the request.
          files: files.forActor(actor),
          workers: sharedWorkers,
          progress,
          queueMail: (onEm, message) => mail.queue(onEm as typeof em, actor, message),
          directory: (onEm) => directoryOf((onEm as typeof em | undefined) ?? em, complexId),
          queueMails: (onEm, messages) => mail.queueMany(onEm as typeof em, actor, messages),
          service: <S>(provider: string, onEm?: unknown) => {
            if (!options.service) return Promise.reject(new Error('Plugin services are not available to jobs here'));
            return options.service(queue.plugin.manifest.id, provider, {
              ...actor,
              em: onEm ?? em,
            }) as Promise<ServiceAccess<S>>;
          },
          push: pushAdapter,
          audit: (onEm, entry: AuditEntry) => recordAudit(onEm as typeof em, actor, entry),
          switchOn: (name) => switchIsOn(name, modules, catalogue),
        },
      );
      const answer =
        output && typeof output === 'object' && !Array.isArray(output) ? (output as Record<string, unknown>) : undefined;
      return last ? { ...answer, progress: last } : answer;
    } catch (error) {
      jobLog.error({ err: error, attempt: job.retryCount }, 'job failed');
      throw error;
    } finally {
      running.release();
    }
  }

  const service: JobsService = {
    async start() {
      if (boss || queues.size === 0) return;
      const common = {
        schema: JOBS_SCHEMA,
        // Recurring schedules are not used: no cron polling.
        schedule: false,
        superviseIntervalSeconds: 10,
        useListenNotify: true,
      } as const;
      boss = options.pglite
        ? new PgBoss({ ...common, db: fromPglite(options.pglite), backend: 'pglite' })
        : new PgBoss({
            ...common,
            connectionString: options.databaseUrl,
            max: concurrency + 3,
            application_name: 'conjunto-jobs',
          });
      // Without a listener an 'error' event would throw and bring the process down.
      // A lost database connection is an outage (one warning; pg-boss reconnects), not a defect.
      boss.on('error', (err) => (isDatabaseUnavailable(err) ? outage(log, err) : log.error({ err }, 'jobs')));
      boss.on('warning', (warning) => log.warn({ warning }, 'jobs'));
      await boss.start();
      for (const queue of queues.values()) {
        // 'exclusive': one job per singletonKey queued or running. Every job gets a key (see submit).
        // A heartbeat (checked every 10 s, see superviseIntervalSeconds) lets a job of a crashed process be
        // retried within about 20 seconds, not after its expiry.
        const settings = {
          retryLimit: 3,
          retryDelay: 1,
          retryBackoff: true,
          retryDelayMax: 300,
          expireInSeconds: 3600,
          heartbeatSeconds: 10,
          deleteAfterSeconds: 7 * 24 * 3600,
          notify: true,
        };
        if (await boss.getQueue(queue.name)) await boss.updateQueue(queue.name, settings);
        else await boss.createQueue(queue.name, { ...settings, policy: 'exclusive' });
        await boss.work<Envelope>(
          queue.name,
          {
            batchSize: 1,
            localConcurrency: concurrency,
            // Delayed jobs and retries are found by polling only (NOTIFY is sent when a job is created).
            pollingIntervalSeconds: options.pollSeconds,
            notifyPollingIntervalSeconds: options.pollSeconds,
          },
          async ([job]) => run(queue, job),
        );
      }
    },
    async stop(timeoutMs) {
      const b = boss;
      boss = undefined;
      await b?.stop({ graceful: true, close: true, timeout: timeoutMs ?? options.stopTimeoutMs ?? 20_000 });
    },
    async submit(scope, actor, name, data, opts = {}, schedule) {
      const queueName = `${scope}.${name}`;
      if (!queues.has(queueName)) throw new Error(`No job handler '${name}' in plugin ${scope}`);
      if (!boss) throw new Error('The jobs service is not started');
      // Keys are per complex: another complex's identical work is other work.
      const key = `${actor.complexId}:${opts.singletonKey ?? newId()}`;
      const envelope: Envelope = {
        complexId: actor.complexId,
        userId: actor.userId,
        userName: actor.userName,
        data,
        ...(schedule ? { schedule } : {}),
      };
      for (let attempt = 0; attempt < 3; attempt++) {
        const id = await boss.send(queueName, envelope as never, {
          singletonKey: key,
          ...(opts.retryLimit !== undefined ? { retryLimit: opts.retryLimit } : {}),
          ...(opts.startAfterSeconds ? { startAfter: opts.startAfterSeconds } : {}),
        });
        if (id) return id;
        // The same work is queued or running: answer that job.
        const existing = (await boss.findJobs(queueName, { key })).find((j) => ['created', 'retry', 'active'].includes(j.state));
        if (existing) return existing.id;
        // It finished between the two calls: queue it again.
      }
      throw new Error(`Could not queue job ${queueName}`);
    },
    async status(complexId, id) {
      // No plugin declares jobs: pg-boss was not started and there is no job to find.
      if (!boss || !isUuid(id) || !isUuid(complexId)) return null;
      // One lookup over our queues by id (pg-boss' own findJobs needs the queue name; its key is (name, id));
      // the complex is in the job's data.
      const names = [...queues.keys()];
      const [row] = await orm.em.fork().execute(
        `select id, name, state, created_on, started_on, completed_on, output
           from ${JOBS_SCHEMA}.job where name in (${names.map(() => '?').join(', ')}) and id = ? and data->>'complexId' = ?`,
        [...names, id, complexId],
      );
      return row ? toStatus(row as JobRow) : null;
    },
    async list(complexId, { name, active, endedWithin }) {
      if (!boss || !queues.has(name) || !isUuid(complexId)) return [];
      const running = `state not in (${FINAL_STATES.map(() => '?').join(', ')})`;
      // The server's clock judges "recently": a browser's may be off by minutes.
      const recent = endedWithin ? ` or completed_on > now() - make_interval(secs => ?)` : '';
      const rows = await orm.em.fork().execute(
        `select id, name, state, created_on, started_on, completed_on, output
           from ${JOBS_SCHEMA}.job where name = ? and data->>'complexId' = ?
           ${active ? `and (${running}${recent})` : ''}
          order by created_on desc limit ${LIST_LIMIT}`,
        [name, complexId, ...(active ? [...FINAL_STATES, ...(endedWithin ? [endedWithin] : [])] : [])],
      );
      return rows.map((row) => toStatus(row as JobRow));
    },
  };
  return service;
}

// ---------------------------------------------------------------- the status API

const JobStatusSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  state: Type.String(),
  createdAt: Type.String(),
  startedAt: Nullable(Type.String()),
  completedAt: Nullable(Type.String()),
  progress: Nullable(
    Type.Object({ done: Type.Integer(), total: Type.Integer(), detail: Type.Optional(Nullable(Type.String())) }),
  ),
  output: Nullable(Type.Record(Type.String(), Type.Unknown())),
});

/** GET /api/complexes/:complexId/jobs[/:id]: the jobs' state, for administrators of their complex. */
export function jobRoutes(app: PluginApp) {
  app.get(
    '/jobs',
    {
      config: { roles: ['administrador', 'superAdministrador'] },
      schema: {
        tags: ['jobs'],
        summary:
          "The complex's newest jobs of one kind (name '<plugin id>.<job>', at most 20), only those queued or running with active=true (and those that ended in the last endedWithin seconds): a screen finds the job it started after a reload, also one that ended while the page loaded",
        params: Type.Object({ complexId: Type.String() }),
        querystring: Type.Object({
          name: Type.String({ minLength: 1, maxLength: 120 }),
          active: Type.Optional(Type.Boolean()),
          endedWithin: Type.Optional(Type.Integer({ minimum: 1, maximum: 3600 })),
        }),
        response: { 200: Type.Array(JobStatusSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => app.jobs.list(request.params.complexId, request.query),
  );
  app.get(
    '/jobs/:id',
    {
      config: { roles: ['administrador', 'superAdministrador'] },
      schema: {
        tags: ['jobs'],
        summary: 'State of a background job of the complex',
        params: Type.Object({ complexId: Type.String(), id: Type.String() }),
        response: { 200: JobStatusSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { complexId, id } = request.params;
      const job = await app.jobs.status(complexId, id);
      if (!job) throw notFound();
      return job;
    },
  );
}
