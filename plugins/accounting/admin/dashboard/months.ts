// Month labels of the widgets: 'nov. 2026' on an axis, 'noviembre de 2026' in a sentence (the user's language).
const format = (locale: string, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat(locale === 'en' ? 'en-US' : 'es-EC', { ...options, timeZone: 'UTC' });

const dateOf = (month: string) => new Date(`${month}-01T00:00:00Z`);

export const shortMonth = (month: string, locale: string) => format(locale, { month: 'short' }).format(dateOf(month));
export const longMonth = (month: string, locale: string) => {
  const text = format(locale, { month: 'long', year: 'numeric' }).format(dateOf(month));
  return text.charAt(0).toUpperCase() + text.slice(1);
};

/** The first day of the month 11 months before `day`'s: with `day`, the last 12 months. */
export function lastTwelveMonthsFrom(day: string): string {
  const [y, m] = day.split('-').map(Number);
  const n = y * 12 + (m - 1) - 11;
  return `${Math.floor(n / 12)}-${String((n % 12) + 1).padStart(2, '0')}-01`;
}
