// Display formats shared by the admin shell and the plugins' screens (no I/O). Dates and times are those
// of America/Guayaquil (UTC-5) whatever the browser's zone (DESIGN §5).
export const BUSINESS_TIME_ZONE = 'America/Guayaquil';

const parts = new Intl.DateTimeFormat('en-GB', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

function dateParts(value: unknown): Record<string, string> | undefined {
  if (value == null || value === '') return undefined;
  // A business day ('2026-11-21') is already a Guayaquil date: read it as is, not as UTC midnight.
  const day = typeof value === 'string' ? DATE_ONLY.exec(value) : null;
  if (day) return { year: day[1], month: day[2], day: day[3], hour: '00', minute: '00' };
  const date = value instanceof Date ? value : new Date(value as string);
  if (Number.isNaN(date.getTime())) return undefined;
  return Object.fromEntries(parts.formatToParts(date).map((p) => [p.type, p.value]));
}

/** dd/MM/yyyy HH:mm in Guayaquil time; '' for a missing or invalid date. */
export function formatDateTime(value: unknown): string {
  const p = dateParts(value);
  return p ? `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}` : '';
}

/** HH:mm in Guayaquil time; '' for a missing or invalid date. */
export function formatTime(value: unknown): string {
  const p = dateParts(value);
  return p ? `${p.hour}:${p.minute}` : '';
}

/** dd/MM/yyyy in Guayaquil time. */
export function formatDate(value: unknown): string {
  const p = dateParts(value);
  return p ? `${p.day}/${p.month}/${p.year}` : '';
}

// One number convention in both languages, the spec's money one (002 §9): a decimal point, commas between thousands.
const numbers = new Intl.NumberFormat('en-US', { maximumFractionDigits: 4 });
const roundTo = (n: number, decimals: number) => Math.round(n * 10 ** decimals) / 10 ** decimals;

/** A percentage (0..100) with up to `decimals` (at most 4) decimals: '66.67 %' in Spanish, '66.67%' in English. */
export function formatPercentage(value: unknown, locale: string, decimals = 2): string {
  if (value == null || value === '' || Number.isNaN(Number(value))) return '';
  const n = numbers.format(roundTo(Number(value), decimals));
  return locale === 'en' ? `${n}%` : `${n} %`;
}

const money = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Money as $0,0.00 (spec 002 §9): '$1,234.50' and '-$3.00' in both languages (US dollars, as in Ecuador). */
export function formatMoney(value: unknown): string {
  if (value == null || value === '' || Number.isNaN(Number(value))) return '';
  const n = Number(value);
  return `${n < 0 ? '-' : ''}$${money.format(Math.abs(n))}`;
}

/** A calendar day as 'YYYY-MM-DD'. */
export const isDay = (value: unknown): value is string =>
  typeof value === 'string' && DATE_ONLY.test(value) && parseDayMonthYear(value.split('-').reverse().join('/')) === value;

const DAY_MONTH_YEAR = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;

/** A day typed as DD/MM/YYYY (or D/M/YYYY, with '-' or '.') as 'YYYY-MM-DD'; undefined when it is no calendar day. */
export function parseDayMonthYear(text: string): string | undefined {
  const m = DAY_MONTH_YEAR.exec(text.trim());
  if (!m) return undefined;
  const [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return `${m[3]}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Today's business day in Guayaquil as 'YYYY-MM-DD'. */
export function businessDay(at: Date = new Date()): string {
  const p = dateParts(at)!;
  return `${p.year}-${p.month}-${p.day}`;
}

/** Text compared without case, accents or extra spaces ('Identificación ' = 'identificacion'): headers, sheet names. */
export const plainText = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .replace(/\s+/g, ' ')
    .toLowerCase();
