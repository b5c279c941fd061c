// Month grids in Guayaquil days (UTC-5 all year): the weeks of a month, Monday first, and the names users read.
const DAY = 86_400_000;
const OFFSET = 5 * 3_600_000;

export const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
/** The Guayaquil day of an instant. */
export const dayOfInstant = (iso: string) => new Date(Date.parse(iso) - OFFSET).toISOString().slice(0, 10);
/** 'YYYY-MM' moved by `months`. */
export function shiftMonth(month: string, months: number) {
  const [y, m] = month.split('-').map(Number);
  const d = new Date(Date.UTC(y, m - 1 + months, 1));
  return d.toISOString().slice(0, 7);
}
/** ISO weekday (Monday 1 .. Sunday 7). */
const weekday = (day: string) => ((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;

/** The month's weeks, Monday to Sunday, with the neighbouring months' days that complete them. */
export function weeksOf(month: string): string[][] {
  const first = `${month}-01`;
  const start = addDays(first, 1 - weekday(first));
  const weeks: string[][] = [];
  for (let day = start; day.startsWith(month) || weeks.length === 0; ) {
    const week = Array.from({ length: 7 }, (_, i) => addDays(day, i));
    weeks.push(week);
    day = addDays(day, 7);
  }
  return weeks;
}

/** 'lunes' .. 'domingo' (or 'lun' ..) in the user's language, Monday first. */
export const weekdayNames = (locale: string, width: 'long' | 'short') =>
  Array.from({ length: 7 }, (_, i) =>
    new Intl.DateTimeFormat(locale, { weekday: width, timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, 1 + i))),
  );
/** 'diciembre de 2026' in the user's language, capitalised. */
export function monthName(month: string, locale: string) {
  const text = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );
  return text.charAt(0).toUpperCase() + text.slice(1);
}
/** 'lunes 5' of a day, in the user's language. */
export const dayName = (day: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
