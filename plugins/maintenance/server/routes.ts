// /api/complexes/:complexId/maintenance-plans (switch Mantenimiento; the host has checked tenancy and roles).
import {
  ApiError,
  blank,
  businessDay,
  centsToDecimal,
  changesOf,
  ERROR_RESPONSES,
  ErrorSchema,
  fieldsOf,
  formatDateTime,
  formatMoney,
  type HostServices,
  IdParams,
  invalid,
  isDay,
  notFound,
  type PluginApp,
} from '@conjunto/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { MAINTENANCE_MESSAGES, MAINTENANCE_TOPIC, type Recurrence } from '../manifest.ts';
import {
  DoneCreateSchema,
  OccurrencesSchema,
  PendingSchema,
  PLAN_STATUSES,
  type Plan,
  PlanCreateSchema,
  PlanSchema,
  PlanUpdateSchema,
} from '../schemas.ts';
import { MaintenancePlan } from './plan.entity.ts';
import {
  centsOrNull,
  dayLabel,
  dayText,
  nextDay,
  type PlanComputed,
  type PlanRow,
  pendingOccurrences,
  planById,
  RULE_TASKS,
  RULE_TIME_LIMIT_MS,
  ruleOfRow,
  shownSince,
  storeDates,
  storedDates,
  toPlan,
} from './plans.ts';
import { normaliseRule, occurrencesBetween, type PlanDates, type PlanRule, RuleError } from './recurrence.ts';
import { REMINDER_JOB, scheduleReminder, syncDailySchedule } from './reminders.ts';

/** The date to remind: the pending one (overdue: at once; today's: at 07:00), else the next. */
const reminderDay = (plan: { status: string; lastDue: string | null; nextDue: string | null }) =>
  plan.status === 'pending' ? plan.lastDue : plan.nextDue;

const tags = ['maintenance'];
const RESOURCE = 'maintenance-plans';

const RECURRENCE_LABELS: Record<Recurrence, string> = {
  weekly: 'Semanal',
  monthly: 'Mensual',
  annual: 'Anual',
  rrule: 'Personalizada',
};
const STATUS_LABELS: Record<Plan['status'], string> = {
  scheduled: 'Programado',
  pending: 'Pendiente',
  upToDate: 'Al día',
  ended: 'Finalizado',
};
const dayCell = (day: string | null) => (day ? dayLabel(day) : '');

const EXPORT = {
  title: 'Título',
  recurrence: {
    header: 'Recurrencia',
    value: (p: Plan) => (p.recurrence === 'rrule' ? p.rrule : RECURRENCE_LABELS[p.recurrence]),
  },
  startDate: { header: 'Inicio', value: (p: Plan) => dayCell(p.startDate) },
  untilDate: { header: 'Hasta', value: (p: Plan) => dayCell(p.untilDate) },
  nextDue: { header: 'Próxima fecha', value: (p: Plan) => dayCell(p.nextDue) },
  status: { header: 'Estado', value: (p: Plan) => STATUS_LABELS[p.status] },
  isFuture: { header: 'Mantenimiento futuro', value: (p: Plan) => (p.isFuture ? 'Sí' : 'No') },
  supplier: 'Proveedor',
  cost: { header: 'Costo', value: (p: Plan) => (p.cost == null ? '' : formatMoney(p.cost)) },
  description: 'Descripción',
  createdAt: { header: 'Creado', value: (p: Plan) => formatDateTime(p.createdAt) },
};

export async function planRoutes(app: PluginApp, host: HostServices) {
  const em = (request: FastifyRequest) => host.em(request) as SqlEntityManager;
  const load = (request: FastifyRequest) =>
    host.findOr404<MaintenancePlan>(request, MaintenancePlan, (request.params as { id: string }).id);
  // Read again after a write: the computed columns (dates, state) are SQL's.
  const item = async (request: FastifyRequest, plan: MaintenancePlan) => {
    const found = await planById(em(request), plan.complexId, plan.id);
    if (!found) throw notFound();
    return found;
  };
  const changed = (request: FastifyRequest, tx: unknown, id: string, action: string) =>
    host.publish(host.context(request).complexId, MAINTENANCE_TOPIC, { id, action }, tx);

  /**
   * The rule's dates for a write (its end, a custom rule's stored dates, whether `check` is one of them), computed by
   * rrule in a worker thread with a time limit. Only the limit means 'no date'; any other failure is the server's.
   */
  async function datesOf(rule: PlanRule, check: string | null = null): Promise<PlanDates> {
    try {
      return await host.workers.run<PlanDates>(RULE_TASKS, 'planDates', [rule, businessDay(), check], {
        timeoutMs: RULE_TIME_LIMIT_MS,
      });
    } catch (error) {
      if ((error as Error)?.name === 'WorkerTimeoutError') throw invalid('rrule', MAINTENANCE_MESSAGES.rruleEmpty);
      throw error;
    }
  }

  /** The rule checked and its dates computed (see datesOf). */
  async function checkRule(rule: PlanRule): Promise<PlanDates> {
    if (rule.untilDate && rule.untilDate < rule.startDate) throw invalid('untilDate', MAINTENANCE_MESSAGES.untilBeforeStart);
    for (const [field, day] of [
      ['startDate', rule.startDate],
      ['untilDate', rule.untilDate],
    ] as const)
      if (day && (day < '2000-01-01' || day > '2100-12-31' || !isDay(day))) throw invalid(field, MAINTENANCE_MESSAGES.required);
    if (rule.recurrence === 'rrule') {
      if (!blank(rule.rrule)) throw invalid('rrule', MAINTENANCE_MESSAGES.rruleMissing);
      try {
        rule.rrule = normaliseRule(rule.rrule as string);
      } catch (error) {
        if (error instanceof RuleError) throw invalid('rrule', error.message);
        throw error;
      }
    } else rule.rrule = null;
    const summary = await datesOf(rule);
    if (!summary.first) throw invalid(rule.recurrence === 'rrule' ? 'rrule' : 'untilDate', MAINTENANCE_MESSAGES.rruleEmpty);
    return summary;
  }

  /** A date to mark (or unmark) done: a day between the plan's start, its end and today, else 422 — before any rrule. */
  function boundedDay(plan: MaintenancePlan, day: string): string {
    const refuse = (message: string) => new ApiError(422, 'DATE_OUT_OF_RANGE', message, { date: message });
    if (!isDay(day)) throw invalid('date', MAINTENANCE_MESSAGES.notOccurrence);
    if (day < (dayText(plan.startDate) as string)) throw refuse(MAINTENANCE_MESSAGES.doneBeforeStart);
    const endsOn = dayText(plan.endsOn);
    if (endsOn && day > endsOn) throw refuse(MAINTENANCE_MESSAGES.doneAfterEnd);
    if (day > businessDay()) throw refuse(MAINTENANCE_MESSAGES.doneFuture);
    return day;
  }

  host.listRoute(app, {
    resource: RESOURCE,
    tags,
    summary:
      'Maintenance plans: the open ones and those whose recurrence ended within the last 6 months (spec 002 §9). Filters: recurrence, isFuture, ended (true | false), status (scheduled | pending | upToDate | ended), startDate_gte/_lte',
    entity: MaintenancePlan,
    filters: {
      recurrence: 'exact',
      isFuture: 'exact',
      startDate: 'dateRange',
      ended: (value) =>
        value === true || value === 'true'
          ? { endsOn: { $lt: businessDay() } }
          : value === false || value === 'false'
            ? { $or: [{ endsOn: null }, { endsOn: { $gte: businessDay() } }] }
            : {},
      // Computed by SQL (the entity's formula), as the sorts on lastDue, nextDue and status.
      status: (value) => ((PLAN_STATUSES as readonly unknown[]).includes(value) ? { status: value as string } : {}),
    },
    search: ['title', 'supplier', 'description'],
    sortable: ['title', 'startDate', 'endsOn', 'cost', 'recurrence', 'createdAt', 'updatedAt', 'lastDue', 'nextDue', 'status'],
    defaultSort: { field: 'startDate', order: 'DESC' },
    where: () => ({ $or: [{ endsOn: null }, { endsOn: { $gte: shownSince() } }] }),
    item: PlanSchema,
    money: ['cost'],
    exportColumns: EXPORT,
    toItems: async (_request, rows: (PlanRow & PlanComputed)[]) => rows.map(toPlan),
  });

  app.get(
    `/${RESOURCE}/pending`,
    {
      config: { access: 'pending' },
      schema: {
        tags,
        summary: "The bell's pending maintenance: plans whose last date (today or overdue) is not done; the 5 newest",
        response: { 200: PendingSchema },
      },
    },
    async (request) => {
      const { complexId } = host.context(request);
      // A read: SQL only, and it queues nothing (the reminders are queued by the writes).
      const pending = await pendingOccurrences(em(request), complexId, businessDay(), 5);
      return { count: pending.total, latest: pending.items.map((p) => ({ id: p.planId, title: p.title, at: p.day })) };
    },
  );

  app.get(
    `/${RESOURCE}/:id`,
    { schema: { tags, params: IdParams, response: { 200: PlanSchema, 404: ErrorSchema } } },
    async (request) => item(request, await load(request)),
  );

  app.get(
    `/${RESOURCE}/:id/occurrences`,
    {
      schema: {
        tags,
        summary: 'The latest 5 dates up to today (done or not) and the next 10, computed from the rule',
        params: IdParams,
        response: { 200: OccurrencesSchema, 404: ErrorSchema },
      },
    },
    async (request) => {
      const plan = await load(request);
      const today = businessDay();
      let past: string[];
      let upcoming: string[];
      if (plan.recurrence === 'rrule') {
        // A custom rule's dates were stored by its last write (rrule is never run on a read).
        const dates = await storedDates(em(request), plan.id);
        past = dates
          .filter((d) => d <= today)
          .slice(-5)
          .reverse();
        upcoming = dates.filter((d) => d > today).slice(0, 10);
      } else {
        // The codes repeat at least yearly from a start in 2000 or later: a few thousand steps at most.
        const rule = ruleOfRow(plan as unknown as PlanRow);
        const { lastDue } = (await item(request, plan)) as Plan;
        // The latest dates up to today: those of the last year before the last one (weekly: 52 at most), the newest 5.
        past = lastDue
          ? occurrencesBetween(rule, [Number(lastDue.slice(0, 4)) - 1, lastDue.slice(5)].join('-'), lastDue)
              .slice(-5)
              .reverse()
          : [];
        upcoming = occurrencesBetween(rule, nextDay(today), '2100-12-31', 10);
      }
      const records = await em(request).execute<
        { due: string; done_at: Date | null; notes: string | null; done_by_name: string | null }[]
      >(
        `select to_char(o.due_on, 'YYYY-MM-DD') as due, o.done_at, o.notes, pp.name as done_by_name
           from maintenance_occurrences o left join directory_people pp on pp.id = o.done_by
          where o.complex_id = ? and o.plan_id = ? and o.done_at is not null and o.due_on >= ?::date`,
        [plan.complexId, plan.id, past.at(-1) ?? today],
      );
      const byDay = new Map(records.map((r) => [r.due, r]));
      const occurrence = (date: string) => {
        const r = byDay.get(date);
        return {
          date,
          done: Boolean(r),
          doneAt: r?.done_at ? new Date(r.done_at).toISOString() : null,
          doneByName: r?.done_by_name ?? null,
          notes: r?.notes ?? null,
          overdue: !r && date < today,
        };
      };
      return { past: past.map(occurrence), upcoming: upcoming.map(occurrence) };
    },
  );

  const snapshot = (plan: MaintenancePlan) => ({
    title: plan.title,
    description: plan.description ?? null,
    supplier: plan.supplier ?? null,
    cost: plan.cost ?? null,
    recurrence: plan.recurrence,
    rrule: plan.rrule ?? null,
    startDate: dayText(plan.startDate),
    untilDate: dayText(plan.untilDate),
    isFuture: plan.isFuture,
  });

  app.post(
    `/${RESOURCE}`,
    {
      config: { idempotent: true },
      schema: {
        tags,
        summary: 'Create a plan (recurrence weekly, monthly, annual, or a custom RRULE repeating at most daily)',
        body: PlanCreateSchema,
        response: { 201: PlanSchema, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const body = fieldsOf(PlanCreateSchema, request.body) as (typeof request)['body'];
      const title = body.title.trim();
      if (!title) throw invalid('title', MAINTENANCE_MESSAGES.required);
      const rule: PlanRule = {
        recurrence: body.recurrence,
        rrule: body.rrule ?? null,
        startDate: body.startDate,
        untilDate: body.untilDate ?? null,
      };
      const summary = await checkRule(rule);
      const { complexId } = host.context(request);
      const cents = centsOrNull(body.cost);
      const plan = await em(request).transactional(async (tx) => {
        const created = tx.create(MaintenancePlan, {
          complexId,
          title,
          description: blank(body.description),
          supplier: blank(body.supplier),
          cost: cents == null ? null : centsToDecimal(cents),
          recurrence: rule.recurrence,
          rrule: rule.rrule,
          startDate: rule.startDate,
          untilDate: rule.untilDate,
          endsOn: summary.endsOn,
          isFuture: body.isFuture ?? false,
        } as never);
        host.audit(request, tx, {
          resource: RESOURCE,
          recordId: created.id,
          action: 'create',
          changes: snapshot(created),
          description: title,
        });
        await tx.flush();
        await storeDates(tx, created.id, summary.dates);
        await syncDailySchedule(host, request, tx);
        await changed(request, tx, created.id, 'create');
        return created;
      });
      const result = await item(request, plan);
      await scheduleReminder(host, request, reminderDay(result));
      return reply.status(201).send(result);
    },
  );

  app.put(
    `/${RESOURCE}/:id`,
    {
      schema: { tags, params: IdParams, body: PlanUpdateSchema, response: { 200: PlanSchema, ...ERROR_RESPONSES } },
    },
    async (request) => {
      const plan = await load(request);
      const before = snapshot(plan);
      const body = fieldsOf(PlanUpdateSchema, request.body) as Partial<(typeof request)['body']>;
      if (body.title !== undefined) {
        if (!body.title.trim()) throw invalid('title', MAINTENANCE_MESSAGES.required);
        plan.title = body.title.trim();
      }
      if (body.description !== undefined) plan.description = blank(body.description);
      if (body.supplier !== undefined) plan.supplier = blank(body.supplier);
      if (body.cost !== undefined) {
        const cents = centsOrNull(body.cost);
        plan.cost = cents == null ? null : centsToDecimal(cents);
      }
      if (body.isFuture !== undefined) plan.isFuture = body.isFuture;
      // Every edit computes the dates again (the custom rules' stored ones move on from today).
      const recurrence = body.recurrence ?? (plan.recurrence as Recurrence);
      const rule: PlanRule = {
        recurrence,
        rrule: recurrence === 'rrule' ? (body.rrule !== undefined ? body.rrule : (plan.rrule ?? null)) : null,
        startDate: body.startDate ?? (dayText(plan.startDate) as string),
        untilDate: body.untilDate !== undefined ? body.untilDate : dayText(plan.untilDate),
      };
      const summary = await checkRule(rule);
      plan.recurrence = rule.recurrence;
      plan.rrule = rule.rrule;
      plan.startDate = rule.startDate;
      plan.untilDate = rule.untilDate;
      plan.endsOn = summary.endsOn;
      await em(request).transactional(async (tx) => {
        host.audit(request, tx, {
          resource: RESOURCE,
          recordId: plan.id,
          action: 'update',
          changes: changesOf(before, snapshot(plan)),
          description: plan.title,
        });
        await tx.flush();
        await storeDates(tx, plan.id, summary.dates);
        await syncDailySchedule(host, request, tx);
        await changed(request, tx, plan.id, 'update');
      });
      const result = await item(request, plan);
      await scheduleReminder(host, request, reminderDay(result));
      return result;
    },
  );

  app.delete(
    `/${RESOURCE}/:id`,
    {
      schema: {
        tags,
        summary: 'Delete a plan and its record of dates',
        params: IdParams,
        response: { 200: PlanSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const plan = await load(request);
      const result = await item(request, plan);
      await em(request).transactional(async (tx) => {
        await tx.execute('delete from maintenance_plans where id = ? and complex_id = ?', [plan.id, plan.complexId]);
        await syncDailySchedule(host, request, tx);
        host.audit(request, tx, {
          resource: RESOURCE,
          recordId: plan.id,
          action: 'delete',
          changes: result,
          description: plan.title,
        });
        await changed(request, tx, plan.id, 'delete');
      });
      return result;
    },
  );

  app.post(
    `/${RESOURCE}/:id/done`,
    {
      schema: {
        tags,
        summary: 'Mark one date of the plan as done (a date the rule gives), with optional notes',
        params: IdParams,
        body: DoneCreateSchema,
        response: { 200: PlanSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const plan = await load(request);
      const body = fieldsOf(DoneCreateSchema, request.body) as (typeof request)['body'];
      // Bounded first: rrule scans from the plan's start to the date asked (the year 9999 took 5 s).
      const day = boundedDay(plan, body.date);
      const dates = await datesOf(ruleOfRow(plan as unknown as PlanRow), day);
      if (!dates.occurs) throw invalid('date', MAINTENANCE_MESSAGES.notOccurrence);
      const { userId } = host.context(request);
      await em(request).transactional(async (tx) => {
        const rows = await tx.execute<{ id: string }[]>(
          `insert into maintenance_occurrences (id, complex_id, plan_id, due_on, done_at, done_by, notes)
           values (gen_random_uuid(), ?, ?, ?::date, now(), ?, ?)
           on conflict (plan_id, due_on) do update set done_at = now(), done_by = excluded.done_by, notes = excluded.notes
             where maintenance_occurrences.done_at is null
           returning id`,
          [plan.complexId, plan.id, body.date, userId, blank(body.notes)],
        );
        if (!rows.length)
          throw new ApiError(409, 'ALREADY_DONE', MAINTENANCE_MESSAGES.alreadyDone, { date: MAINTENANCE_MESSAGES.alreadyDone });
        host.audit(request, tx, {
          resource: RESOURCE,
          recordId: plan.id,
          action: 'done',
          changes: { date: body.date, notes: blank(body.notes) },
          description: `${plan.title} (${dayLabel(body.date)})`,
        });
        await storeDates(tx, plan.id, dates.dates);
        await changed(request, tx, plan.id, 'done');
      });
      const result = await item(request, plan);
      await scheduleReminder(host, request, result.nextDue);
      return result;
    },
  );

  app.delete(
    `/${RESOURCE}/:id/done/:date`,
    {
      schema: {
        tags,
        summary: 'Undo a date marked done (its notes go with it); audited',
        params: Type.Object(
          { id: Type.String({ format: 'uuid' }), date: Type.String({ maxLength: 10 }) },
          { additionalProperties: false },
        ),
        response: { 200: PlanSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const plan = await load(request);
      const day = boundedDay(plan, (request.params as { date: string }).date);
      const dates = await datesOf(ruleOfRow(plan as unknown as PlanRow));
      await em(request).transactional(async (tx) => {
        // The reminder stays claimed (reminded_at): undoing does not e-mail the date again.
        const rows = await tx.execute<{ notes: string | null; done_at: Date }[]>(
          `update maintenance_occurrences o set done_at = null, done_by = null, notes = null
             from (select id, notes, done_at from maintenance_occurrences
                    where complex_id = ? and plan_id = ? and due_on = ?::date and done_at is not null for update) old
            where o.id = old.id
            returning old.notes, old.done_at`,
          [plan.complexId, plan.id, day],
        );
        if (!rows.length)
          throw new ApiError(404, 'NOT_DONE', MAINTENANCE_MESSAGES.notDone, { date: MAINTENANCE_MESSAGES.notDone });
        host.audit(request, tx, {
          resource: RESOURCE,
          recordId: plan.id,
          action: 'undone',
          changes: { date: day, notes: rows[0].notes, doneAt: new Date(rows[0].done_at).toISOString() },
          description: `${plan.title} (${dayLabel(day)})`,
        });
        await storeDates(tx, plan.id, dates.dates);
        await changed(request, tx, plan.id, 'undone');
      });
      return item(request, plan);
    },
  );
}

export { REMINDER_JOB };
