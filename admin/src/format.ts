// Display formats in the user's language. Dates and times are those of America/Guayaquil (UTC-5),
// whatever the browser's zone (DESIGN §5): dd/MM/yyyy HH:mm.
import { useLocaleState } from 'react-admin';

export const BUSINESS_TIME_ZONE = 'America/Guayaquil';

export interface Formatters {
  percent(value: unknown): string;
  dateTime(value: unknown): string;
  date(value: unknown): string;
}

const parts = new Intl.DateTimeFormat('en-GB', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

function asParts(value: unknown): Record<string, string> | undefined {
  if (value == null || value === '') return undefined;
  const date = new Date(value as string);
  if (Number.isNaN(date.getTime())) return undefined;
  return Object.fromEntries(parts.formatToParts(date).map((p) => [p.type, p.value]));
}

export function formatters(locale: string): Formatters {
  const number = new Intl.NumberFormat(locale === 'en' ? 'en-US' : 'es-EC', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 3,
  });
  return {
    percent: (value) => (value == null || value === '' || Number.isNaN(Number(value)) ? '' : `${number.format(Number(value))} %`),
    dateTime: (value) => {
      const p = asParts(value);
      return p ? `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}` : '';
    },
    date: (value) => {
      const p = asParts(value);
      return p ? `${p.day}/${p.month}/${p.year}` : '';
    },
  };
}

export function useFormatters(): Formatters {
  const [locale] = useLocaleState();
  return formatters(locale);
}
