// Display formats in the user's language (the implementations live in core, shared with the plugins).
import { formatDate, formatDateTime, formatPercentage } from '@conjunto/core';
import { useLocaleState } from 'react-admin';

export interface Formatters {
  percent(value: unknown): string;
  dateTime(value: unknown): string;
  date(value: unknown): string;
}

export function formatters(locale: string): Formatters {
  return { percent: (value) => formatPercentage(value, locale, 4), dateTime: formatDateTime, date: formatDate };
}

export function useFormatters(): Formatters {
  const [locale] = useLocaleState();
  return formatters(locale);
}
