// The visit reports (spec 000 §2.4, §2.7, §5, §7): the hourly report (24 buckets of Guayaquil hours over a range
// under 32 days), the daily visits (a list per day, with its export) and the spec's own POST data_bitacora/. Counted
// by PostgreSQL (date_trunc/extract at the business time zone), never row by row here. A visit is an entry of the
// log that was let in: rejected visitors are not visits (the daily list counts them apart).
import { ApiError, ERROR_RESPONSES, type HostServices, invalid, isDay, isoOrNull, type PluginApp } from '@conjunto/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { FastifyRequest } from 'fastify';
import type { Static } from 'typebox';
import { HOURLY_BUCKETS, REPORT_MAX_DAYS, REPORT_RANGE_MESSAGE, REPORT_TIME_ZONE } from '../timeline.ts';
import {
  DailyVisitsSchema,
  DataBitacoraBodySchema,
  DataBitacoraSchema,
  HourlyReportSchema,
  ReportRangeQuery,
} from '../timeline-schemas.ts';
import { dayBounds, em, tags } from './common.ts';

const TZ = `'${REPORT_TIME_ZONE}'`;

/**
 * A report's range as the instants that bound it: from the first instant of `from` (Guayaquil) to the first of the day
 * after `to`. The end may not come before the start, nor more than REPORT_MAX_DAYS days after it (spec 000 §5: 400).
 */
export function reportRange(from: string, to: string, fields = { from: 'from', to: 'to' }): [string, string] {
  if (!isDay(from)) throw invalid(fields.from, 'Fecha inválida.');
  if (!isDay(to)) throw invalid(fields.to, 'Fecha inválida.');
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
  if (days < 0 || days > REPORT_MAX_DAYS)
    throw new ApiError(400, 'RANGE', REPORT_RANGE_MESSAGE, { [fields.to]: REPORT_RANGE_MESSAGE });
  return [dayBounds(from)[0], dayBounds(to)[1]];
}

/** The 24 buckets: visits per hour of the day in Guayaquil, every hour present (0 when none). */
export async function hourlyVisits(
  db: SqlEntityManager,
  complexId: string,
  [start, end]: [string, string],
  postId?: string,
): Promise<{ hour: number; visits: number }[]> {
  return db.execute(
    `select h.hour, coalesce(c.visits, 0)::int as visits
       from generate_series(0, ${HOURLY_BUCKETS - 1}) as h(hour)
       left join (
         select extract(hour from entered_at at time zone ${TZ})::int as hour, count(*)::int as visits
           from gate_entries
          where complex_id = ? and entered_at >= ?::timestamptz and entered_at < ?::timestamptz and not rejected
                ${postId ? 'and post_id = ?' : ''}
          group by 1
       ) c on c.hour = h.hour
      order by h.hour`,
    [complexId, start, end, ...(postId ? [postId] : [])],
  );
}

/** Visits per Guayaquil day of each complex: a grouped query read as the daily list's table (the complex and the
 * days are grouping columns, so PostgreSQL applies the list's conditions before grouping). */
const DAILY_TABLE = `(select complex_id, day, md5(complex_id::text || day::text)::uuid as id,
    count(*) filter (where not rejected)::int as visits, count(exited_at) filter (where not rejected)::int as exits,
    count(*) filter (where list_hit = 'negra')::int as warnings, count(*) filter (where rejected)::int as rejected
  from (select complex_id, (entered_at at time zone ${TZ})::date as day, exited_at, list_hit, rejected from gate_entries) e
  group by complex_id, day)`;

type Daily = Static<typeof DailyVisitsSchema>;

export function reportRoutes(app: PluginApp, host: HostServices) {
  app.get(
    '/gate-reports/hourly',
    {
      config: { access: 'hourly' },
      schema: {
        tags,
        summary:
          "The hourly visit report (spec 000 §2.7): visits per hour of the day (24 buckets, Guayaquil time) between two days, optionally of one post. A range whose end is before its start or 32 or more days after it: 400 'Seleccion un rango de fecha de MAXIMO 1 MES'",
        querystring: ReportRangeQuery,
        response: { 200: HourlyReportSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { from, to, postId } = request.query;
      const range = reportRange(from, to);
      const buckets = await hourlyVisits(em(host, request), host.context(request).complexId, range, postId);
      return { from, to, total: buckets.reduce((sum, b) => sum + b.visits, 0), buckets };
    },
  );

  host.listRoute(app, {
    resource: 'gate-daily-visits',
    tags,
    summary:
      'Visits per day (Guayaquil days; ReporteDiarioVisitas): visits let in, their exits, black-list warnings and rejected visitors. Filter day_gte/_lte',
    table: DAILY_TABLE,
    columns: {
      id: 't.id',
      complexId: 't.complex_id',
      day: 't.day::text',
      visits: 't.visits',
      exits: 't.exits',
      warnings: 't.warnings',
      rejected: 't.rejected',
    },
    filters: { day: 'dateRange' },
    sortable: ['day', 'visits'],
    defaultSort: { field: 'day', order: 'DESC' },
    item: DailyVisitsSchema,
    exportColumns: {
      day: { header: 'Fecha', value: (d: Daily) => d.day.split('-').reverse().join('/') },
      visits: 'Visitas',
      exits: 'Salidas',
      warnings: 'Lista negra',
      rejected: 'Rechazadas',
    },
    toItem: (row: Record<string, unknown>) => ({
      id: String(row.id),
      day: String(row.day),
      visits: Number(row.visits),
      exits: Number(row.exits),
      warnings: Number(row.warnings),
      rejected: Number(row.rejected),
    }),
  });
}

/**
 * Spec 000 §7 POST data_bitacora/ {desde, hasta, id_conjunto}: the entries of the range, each with its hora_entrada
 * (the admin groups them into the 24 buckets), as { data: { data: [...] } }. The host admits the request on the body's
 * id_conjunto (the caller must belong to that complex), as it does on a path's complex.
 */
export function dataBitacoraRoutes(app: PluginApp, host: HostServices) {
  app.post(
    '/',
    {
      config: { access: 'report' },
      schema: {
        tags,
        summary:
          "The entries between two days (spec 000 §7), each with hora_entrada, for the hourly report; the complex is the body's id_conjunto. Same range rule as the report (400 'Seleccion un rango de fecha de MAXIMO 1 MES')",
        body: DataBitacoraBodySchema,
        response: { 200: DataBitacoraSchema, ...ERROR_RESPONSES },
      },
    },
    async (request: FastifyRequest<{ Body: Static<typeof DataBitacoraBodySchema> }>) => {
      const { desde, hasta } = request.body;
      const [start, end] = reportRange(desde, hasta, { from: 'desde', to: 'hasta' });
      const rows = await em(host, request).execute<Record<string, unknown>[]>(
        `select e.id, e.entered_at, e.exited_at, e.id_number, e.first_name, e.last_name, e.visit_type,
                coalesce((select u.number from directory_units u where u.id = e.unit_id), e.place) as destination
           from gate_entries e
          where e.complex_id = ? and e.entered_at >= ?::timestamptz and e.entered_at < ?::timestamptz and not e.rejected
          order by e.entered_at, e.id`,
        [host.context(request).complexId, start, end],
      );
      return {
        data: {
          data: rows.map((r) => ({
            id: String(r.id),
            hora_entrada: isoOrNull(r.entered_at) ?? '',
            hora_salida: isoOrNull(r.exited_at),
            cedula_persona_ingreso: String(r.id_number),
            nombre_persona_ingreso: String(r.first_name),
            apellido_persona_ingreso: String(r.last_name ?? ''),
            tipo_visita: String(r.visit_type),
            casa_destino: (r.destination as string | null) ?? null,
          })),
        },
      };
    },
  );
}
