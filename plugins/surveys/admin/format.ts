// Display formats of the surveys screens. Times are those of America/Guayaquil, whatever the browser's zone.
export const BUSINESS_TIME_ZONE = 'America/Guayaquil';

const dateTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** dd/MM/yyyy HH:mm in Guayaquil time; '' for a missing or invalid date. */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (value == null || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const part: Record<string, string> = {};
  for (const p of dateTime.formatToParts(date)) part[p.type] = p.value;
  return `${part.day}/${part.month}/${part.year} ${part.hour}:${part.minute}`;
}

/** A percentage (0..100) with up to two decimals in the user's language: 66,67 % / 66.67%. */
export function formatPercentage(value: number, locale: string): string {
  const n = new Intl.NumberFormat(locale === 'es' ? 'es-EC' : 'en-US', { maximumFractionDigits: 2 }).format(value);
  return locale === 'es' ? `${n} %` : `${n}%`;
}
