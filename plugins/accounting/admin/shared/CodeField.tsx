// A stored code (payment method, identification type) shown by its label in the user's language.
import Typography from '@mui/material/Typography';
import { useFieldValue, useTranslate } from 'react-admin';
import { idTypeLabel, methodLabel } from './choices.ts';

function CodeField({ source, label }: { source: string; label(code: string): string }) {
  const translate = useTranslate();
  const value = useFieldValue({ source });
  return (
    <Typography component="span" variant="body2">
      {value == null || value === '' ? '—' : translate(label(String(value)))}
    </Typography>
  );
}

export const MethodField = ({ source = 'method' }: { source?: string; label?: string }) => (
  <CodeField source={source} label={methodLabel} />
);

export const IdTypeField = ({ source = 'idType' }: { source?: string; label?: string }) => (
  <CodeField source={source} label={idTypeLabel} />
);
