import type { PluginMigration } from '@conjunto/core';

// The plans' last and next dates answered by SQL (list, detail, pending, the bell), never by rrule on a read:
// - weekly, monthly and annual plans are arithmetic on start_date (PostgreSQL's `date + n months` keeps the day or
//   takes the month's last one, as the plans' rules do: 31 Jan + 1 month = 28 Feb, + 2 months = 31 Mar);
// - a custom rule's dates are stored when the plan is written (`dates`, computed by rrule in a worker thread):
//   its last date on or before the write day, then the next ones for a horizon (recurrence.ts DATES_AHEAD).
// Both functions take the day so that the answer moves with the calendar without any rewrite.
export const maintenanceDates: PluginMigration = {
  name: 'maintenance_0002_dates',
  up: [
    'alter table maintenance_plans add column dates date[]',
    `create function maintenance_today() returns date language sql stable as
      $$ select (now() at time zone 'America/Guayaquil')::date $$`,
    // The last of start + k·step months on or before day (day >= start).
    `create function maintenance_months_back(start_date date, day date, step int) returns date language sql immutable as $$
      select case when (start_date + make_interval(months => k * step))::date <= day
                  then (start_date + make_interval(months => k * step))::date
                  else (start_date + make_interval(months => (k - 1) * step))::date end
        from (select ((extract(year from day)::int * 12 + extract(month from day)::int)
                    - (extract(year from start_date)::int * 12 + extract(month from start_date)::int)) / step as k) m
    $$`,
    // The first of start + k·step months after day (day >= start).
    `create function maintenance_months_after(start_date date, day date, step int) returns date language sql immutable as $$
      select case when (start_date + make_interval(months => k * step))::date > day
                  then (start_date + make_interval(months => k * step))::date
                  else (start_date + make_interval(months => (k + 1) * step))::date end
        from (select ((extract(year from day)::int * 12 + extract(month from day)::int)
                    - (extract(year from start_date)::int * 12 + extract(month from start_date)::int)) / step as k) m
    $$`,
    // The plan's last date on or before day (its end when it ended before), or null.
    `create function maintenance_last_due(kind text, start_date date, ends_on date, dates date[], day date) returns date
      language sql immutable as $$
      select case
        when day < start_date then null
        when kind = 'weekly' then start_date + 7 * ((least(day, coalesce(ends_on, day)) - start_date) / 7)
        when kind = 'monthly' then maintenance_months_back(start_date, least(day, coalesce(ends_on, day)), 1)
        when kind = 'annual' then maintenance_months_back(start_date, least(day, coalesce(ends_on, day)), 12)
        -- The stored dates are in order: width_bucket counts those on or before day (a binary search, in C).
        else dates[width_bucket(day, dates)]
      end
    $$`,
    // The plan's first date after day, or null once it ended (or, for a custom rule, past its stored horizon).
    `create function maintenance_next_due(kind text, start_date date, ends_on date, dates date[], day date) returns date
      language sql immutable as $$
      select case when ends_on is not null and n > ends_on then null else n end from (select case
        when kind = 'rrule' then dates[width_bucket(day, dates) + 1]
        when day < start_date then start_date
        when kind = 'weekly' then start_date + 7 * ((day - start_date) / 7 + 1)
        when kind = 'monthly' then maintenance_months_after(start_date, day, 1)
        when kind = 'annual' then maintenance_months_after(start_date, day, 12)
      end as n) x
    $$`,
  ],
};
