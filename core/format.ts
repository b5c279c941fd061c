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

function dateParts(value: unknown): Record<string, string> | undefined {
  if (value == null || value === '') return undefined;
  const date = value instanceof Date ? value : new Date(value as string);
  if (Number.isNaN(date.getTime())) return undefined;
  return Object.fromEntries(parts.formatToParts(date).map((p) => [p.type, p.value]));
}

/** dd/MM/yyyy HH:mm in Guayaquil time; '' for a missing or invalid date. */
export function formatDateTime(value: unknown): string {
  const p = dateParts(value);
  return p ? `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}` : '';
}

/** dd/MM/yyyy in Guayaquil time. */
export function formatDate(value: unknown): string {
  const p = dateParts(value);
  return p ? `${p.day}/${p.month}/${p.year}` : '';
}

const numberLocale = (locale: string) => (locale === 'en' ? 'en-US' : 'es-EC');

/** A percentage (0..100) with up to `decimals` decimals: '66,67 %' in Spanish, '66.67%' in English. */
export function formatPercentage(value: unknown, locale: string, decimals = 2): string {
  if (value == null || value === '' || Number.isNaN(Number(value))) return '';
  const n = new Intl.NumberFormat(numberLocale(locale), { maximumFractionDigits: decimals }).format(Number(value));
  return locale === 'en' ? `${n}%` : `${n} %`;
}

/** Money as $0,0.00 (spec 002 §9), in the user's language's separators. */
export function formatMoney(value: unknown, locale: string): string {
  if (value == null || value === '' || Number.isNaN(Number(value))) return '';
  return `$${new Intl.NumberFormat(numberLocale(locale), { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Number(value))}`;
}
