// A creation date as DD/MM/YYYY, or 'Sin fecha' / 'Fecha inválida'.
import { useTranslate } from 'react-admin';
import { formatDate } from './format.ts';

export function DateText({ value }: { value: string | null | undefined }) {
  const translate = useTranslate();
  const date = formatDate(value);
  return <>{'text' in date ? date.text : translate(date.key)}</>;
}
