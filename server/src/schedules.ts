// Recurring schedules, a platform service: a plugin sets a schedule per complex and key (host.schedules) that runs one
// of its `schedulable` jobs at each occurrence of a recurrence in Guayaquil time. Not pg-boss' own cron: it cannot
// say "once at 09:00 on the 5th" or "the 31st or the month's last day", it hands a job no occurrence to key its
// effects by, and its cron monitor would poll in every process. Instead each process ticks every 30 s: one indexed
// read of the due rows, a lease taken by compare-and-set on the row (two processes never both submit an occurrence),
// the job submitted with the occurrence in its singleton key and in JobInfo.schedule, then the row moved on to the
// next occurrence. A crash between the submit and the move lets the lease expire and the occurrence is submitted
// again: delivery is at least once, and a job keys what it does by the occurrence (exactly once in effect).
import {
  ApiError,
  MESSAGES,
  newId,
  SCHEDULE_GRACE_HOURS,
  type ScheduleInput,
  type ScheduleState,
  type ServerPlugin,
} from '@conjunto/core';
import type { SqlEntityManager as EntityManager } from '@mikro-orm/sql';
import type { FastifyBaseLogger } from 'fastify';
import rrule, { type Options } from 'rrule';
import type { Orm } from './db.ts';
import { iso } from './directory/serialize.ts';
import type { JobsService } from './jobs.ts';

const { RRule } = rrule;

/** Guayaquil is UTC-5 all year (no daylight saving): local wall time = UTC instant - 5 h. */
const OFFSET_MS = 5 * 3600_000;
const LEASE_MS = 2 * 60_000;
const BATCH = 50;
/** How far ahead an occurrence is looked for: a yearly rule on 29 February finds one within 5 years. */
const HORIZON_MS = 5 * 366 * 24 * 3600_000;
const RRULE_MAX = 200;
const DATA_MAX_BYTES = 4096;
const KEY_MAX = 100;

const KEYS = new Set(['FREQ', 'INTERVAL', 'COUNT', 'UNTIL', 'BYDAY', 'BYMONTHDAY', 'BYMONTH', 'BYSETPOS', 'WKST']);
const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

export const SCHEDULE_MESSAGES = {
  start: 'La fecha y hora de inicio no es válida.',
  rrule: 'La regla de recurrencia no es válida.',
  ended: 'La recurrencia no tiene fechas futuras.',
} as const;

const bad = (field: 'start' | 'rrule', message: string) =>
  new ApiError(400, 'VALIDATION', MESSAGES.invalidInput, { [field]: message });

/** A Guayaquil wall time 'YYYY-MM-DDTHH:mm' as the instant it names; 400 when it is not a real date-time. */
export function localInstant(text: string): Date {
  const m = LOCAL.exec(text);
  if (!m) throw bad('start', SCHEDULE_MESSAGES.start);
  const [y, mo, d, h, mi] = m.slice(1).map(Number);
  const frame = new Date(Date.UTC(y, mo - 1, d, h, mi));
  if (frame.getUTCFullYear() !== y || frame.getUTCMonth() !== mo - 1 || frame.getUTCDate() !== d || h > 23 || mi > 59 || y < 2000)
    throw bad('start', SCHEDULE_MESSAGES.start);
  return new Date(frame.getTime() + OFFSET_MS);
}

/** The instant as Guayaquil wall time 'YYYY-MM-DDTHH:mm'. */
export const localText = (instant: Date) => new Date(instant.getTime() - OFFSET_MS).toISOString().slice(0, 16);

/** A rule's text checked and normalised ('FREQ=WEEKLY;BYDAY=MO'): at most daily, no time-of-day parts; 400 otherwise. */
export function normaliseRule(text: string): string {
  const rule = text
    .trim()
    .replace(/^RRULE:/i, '')
    .toUpperCase();
  if (!rule || rule.length > RRULE_MAX || !/^[A-Z0-9=;,+-]+$/.test(rule)) throw bad('rrule', SCHEDULE_MESSAGES.rrule);
  const parts = rule.split(';').filter(Boolean);
  const seen = new Set<string>();
  for (const part of parts) {
    const [key, value, extra] = part.split('=');
    if (!KEYS.has(key) || !value || extra !== undefined || seen.has(key)) throw bad('rrule', SCHEDULE_MESSAGES.rrule);
    seen.add(key);
  }
  let options: Partial<Options>;
  try {
    options = RRule.parseString(parts.join(';'));
    new RRule({ ...options, dtstart: new Date(Date.UTC(2026, 0, 1)) });
  } catch {
    throw bad('rrule', SCHEDULE_MESSAGES.rrule);
  }
  // FREQ: YEARLY 0 .. DAILY 3; nothing more often than daily.
  if (options.freq === undefined || options.freq > RRule.DAILY) throw bad('rrule', SCHEDULE_MESSAGES.rrule);
  // rrule scans a rule that never matches up to the year 9999, and checks its window only on a match: 20 s for a
  // daily rule of 30 February, 0.1 s for a yearly one. Months are named in yearly rules only (the others always match
  // within a few years).
  if (options.bymonth != null && options.freq !== RRule.YEARLY) throw bad('rrule', SCHEDULE_MESSAGES.rrule);
  for (const n of [options.interval, options.count])
    if (n !== undefined && n !== null && (!Number.isInteger(n) || n < 1 || n > 1000)) throw bad('rrule', SCHEDULE_MESSAGES.rrule);
  return parts.join(';');
}

/**
 * The first occurrence strictly after `after`, or null when there is none (within 5 years). Computed in a frame where
 * Guayaquil's wall time reads as UTC, so that rrule's days and hours are the business ones.
 */
export function nextOccurrence(recurrence: { start: Date; rrule: string | null }, after: Date): Date | null {
  if (!recurrence.rrule) return recurrence.start > after ? recurrence.start : null;
  const dtstart = new Date(recurrence.start.getTime() - OFFSET_MS);
  const rule = new RRule({ ...RRule.parseString(recurrence.rrule), dtstart });
  const from = new Date(Math.max(after.getTime(), recurrence.start.getTime() - 1) - OFFSET_MS);
  // between() stops at its end: a rule that never matches cannot make rrule scan to the year 9999.
  const [found] = rule.between(from, new Date(from.getTime() + HORIZON_MS), false, (_d, i) => i < 1);
  return found ? new Date(found.getTime() + OFFSET_MS) : null;
}

interface Row {
  id: string;
  plugin: string;
  complex_id: string;
  key: string;
  job: string;
  starts_at: Date | string;
  rrule: string | null;
  data: Record<string, unknown> | string;
  user_id: string | null;
  user_name: string | null;
  next_run_at: Date | string;
}

const toState = (row: { key: string; next_run_at: unknown; last_run_at: unknown }): ScheduleState => ({
  key: row.key,
  nextRunAt: iso(row.next_run_at as Date | null),
  lastRunAt: iso(row.last_run_at as Date | null),
});

export interface Scheduler {
  /** Submits the due occurrences (the timer calls it; tests call it with a clock of their own). Answers how many. */
  tick(now?: Date): Promise<{ submitted: number; skipped: number }>;
  set(
    em: EntityManager,
    scope: { plugin: string; complexId: string; userId: string | null; userName: string | null },
    key: string,
    input: ScheduleInput,
    now?: Date,
  ): Promise<ScheduleState>;
  /** As set(), but an existing schedule stays as it is, its next run included (HostSchedules.ensure). */
  ensure(
    em: EntityManager,
    scope: { plugin: string; complexId: string; userId: string | null; userName: string | null },
    key: string,
    input: ScheduleInput,
  ): Promise<void>;
  remove(em: EntityManager, scope: { plugin: string; complexId: string }, key: string): Promise<void>;
  states(
    em: EntityManager,
    scope: { plugin: string; complexId: string },
    keys: readonly string[],
  ): Promise<Map<string, ScheduleState>>;
  start(): void;
  stop(): Promise<void>;
}

export function createScheduler(
  orm: Orm,
  jobs: Pick<JobsService, 'submit'>,
  plugins: readonly ServerPlugin[],
  log: FastifyBaseLogger,
  tickSeconds = 30,
): Scheduler {
  const schedulable = new Set(plugins.flatMap((p) => (p.schedulable ?? []).map((job) => `${p.manifest.id}.${job}`)));
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;

  async function fire(em: EntityManager, row: Row, now: Date): Promise<'submitted' | 'skipped' | 'lost'> {
    const due = new Date(row.next_run_at);
    // The lease: only the process whose update matches the row as it read it goes on.
    const [won] = await em.execute(
      `update host_schedules set lease_until = ? where id = ? and next_run_at = ? and (lease_until is null or lease_until < ?)
       returning id`,
      [new Date(now.getTime() + LEASE_MS), row.id, due, now],
    );
    if (!won) return 'lost';
    const late = now.getTime() - due.getTime() > SCHEDULE_GRACE_HOURS * 3600_000;
    const known = schedulable.has(`${row.plugin}.${row.job}`);
    let outcome: 'submitted' | 'skipped' = 'skipped';
    if (late || !known) log.warn({ schedule: row.key, plugin: row.plugin, late, known }, 'schedule occurrence skipped');
    else {
      const data = typeof row.data === 'string' ? JSON.parse(row.data) : row.data;
      await jobs.submit(
        row.plugin,
        { complexId: row.complex_id, userId: row.user_id, userName: row.user_name ?? undefined },
        row.job,
        data ?? {},
        { singletonKey: `schedule:${row.key}:${due.toISOString()}` },
        { key: row.key, occurrence: due.toISOString() },
      );
      outcome = 'submitted';
    }
    // The next occurrence after now: a server that was down runs a missed daily mail once, not once per day missed.
    const next = nextOccurrence(
      { start: new Date(row.starts_at), rrule: row.rrule },
      new Date(Math.max(due.getTime(), now.getTime())),
    );
    // Unless the schedule was replaced meanwhile (set() clears the lease and moves next_run_at).
    await em.execute(
      'update host_schedules set next_run_at = ?, last_run_at = ?, lease_until = null where id = ? and next_run_at = ?',
      [next, outcome === 'submitted' ? due : null, row.id, due],
    );
    return outcome;
  }

  /** Writes schedule `key`: replaced, or with `keep` left as it is when it exists (then answers nothing). */
  async function write(
    em: EntityManager,
    scope: { plugin: string; complexId: string; userId: string | null; userName: string | null },
    key: string,
    input: ScheduleInput,
    now: Date,
    keep: boolean,
  ) {
    if (!key || key.length > KEY_MAX) throw new Error(`Schedule key must have 1 to ${KEY_MAX} characters.`);
    if (!schedulable.has(`${scope.plugin}.${input.job}`))
      throw new Error(`Plugin ${scope.plugin} does not declare '${input.job}' in schedulable.`);
    const data = JSON.stringify(input.data ?? {});
    if (Buffer.byteLength(data) > DATA_MAX_BYTES) throw new Error(`Schedule data over ${DATA_MAX_BYTES} bytes.`);
    const start = localInstant(input.start);
    const rule = input.rrule ? normaliseRule(input.rrule) : null;
    const next = nextOccurrence({ start, rrule: rule }, now);
    const [row] = await em.execute<{ key: string; next_run_at: unknown; last_run_at: unknown }[]>(
      `insert into host_schedules (id, plugin, complex_id, key, job, starts_at, rrule, data, user_id, user_name, next_run_at)
       values (?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?, ?, ?)
       on conflict (complex_id, plugin, key) do ${
         keep
           ? 'nothing'
           : `update set job = excluded.job, starts_at = excluded.starts_at,
         rrule = excluded.rrule, data = excluded.data, user_id = excluded.user_id, user_name = excluded.user_name,
         next_run_at = excluded.next_run_at, lease_until = null, updated_at = now()`
       }
       returning key, next_run_at, last_run_at`,
      [newId(), scope.plugin, scope.complexId, key, input.job, start, rule, data, scope.userId, scope.userName, next],
    );
    return row;
  }

  const service: Scheduler = {
    async tick(now = new Date()) {
      const em = orm.em.fork() as EntityManager;
      const rows = await em.execute<Row[]>(
        `select id, plugin, complex_id, key, job, starts_at, rrule, data, user_id, user_name, next_run_at from host_schedules
          where next_run_at <= ? and (lease_until is null or lease_until < ?) order by next_run_at limit ${BATCH}`,
        [now, now],
      );
      let submitted = 0;
      let skipped = 0;
      for (const row of rows) {
        try {
          const outcome = await fire(em, row, now);
          if (outcome === 'submitted') submitted++;
          else if (outcome === 'skipped') skipped++;
        } catch (error) {
          // The lease expires and the next tick (here or in another process) tries the occurrence again.
          log.error({ err: error, schedule: row.key }, 'schedule occurrence failed');
        }
      }
      return { submitted, skipped };
    },
    async set(em, scope, key, input, now = new Date()) {
      // Replaced, so always answered.
      return toState((await write(em, scope, key, input, now, false))!);
    },
    async ensure(em, scope, key, input) {
      await write(em, scope, key, input, new Date(), true);
    },
    async remove(em, scope, key) {
      await em.execute('delete from host_schedules where complex_id = ? and plugin = ? and key = ?', [
        scope.complexId,
        scope.plugin,
        key,
      ]);
    },
    async states(em, scope, keys) {
      if (!keys.length) return new Map();
      const rows = await em.execute<{ key: string; next_run_at: unknown; last_run_at: unknown }[]>(
        `select key, next_run_at, last_run_at from host_schedules
          where complex_id = ? and plugin = ? and key in (${keys.map(() => '?').join(', ')})`,
        [scope.complexId, scope.plugin, ...keys],
      );
      return new Map(rows.map((r) => [r.key, toState(r)]));
    },
    start() {
      if (timer || !schedulable.size) return;
      timer = setInterval(() => {
        running ??= service
          .tick()
          .catch((err) => log.warn({ err }, 'schedules: tick failed; retrying'))
          .finally(() => {
            running = undefined;
          });
      }, tickSeconds * 1000);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
  return service;
}
