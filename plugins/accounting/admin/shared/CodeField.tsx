// A stored code (payment method, identification type) shown by its label in the user's language.
import { useFieldValue, useTranslate } from 'react-admin';
import { idTypeLabel, methodLabel } from './choices.ts';

function CodeField({ source, label }: { source: string; label(code: string): string }) {
  const translate = useTranslate();
  const value = useFieldValue({ source });
  return <span>{value == null || value === '' ? '—' : translate(label(String(value)))}</span>;
}

export const MethodField = ({ source = 'method' }: { source?: string; label?: string }) => (
  <CodeField source={source} label={methodLabel} />
);

export const IdTypeField = ({ source = 'idType' }: { source?: string; label?: string }) => (
  <CodeField source={source} label={idTypeLabel} />
);
