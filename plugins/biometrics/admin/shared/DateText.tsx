// A creation date as DD/MM/YYYY, or 'Sin fecha' / 'Fecha inválida'.
import { useTranslate } from 'react-admin';
import { dateText } from './format.ts';

export function DateText({ value }: { value: string | null | undefined }) {
  const translate = useTranslate();
  const date = dateText(value);
  return <>{'text' in date ? date.text : translate(date.key)}</>;
}
