// Additional e-mails (chips): typed and confirmed with Enter, comma or space; invalid ones are refused.

import { MESSAGES } from '@conjunto/core';
import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslate } from 'react-admin';

const EMAIL = /^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[^\s@<>(),;:"]+$/;
const MAX_ADDITIONAL_EMAILS = 10;

export function EmailsInput({ value, onChange, label }: { value: string[]; onChange(value: string[]): void; label?: string }) {
  const translate = useTranslate();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = (raw: string) => {
    const emails = raw
      .split(/[\s,;]+/)
      .map((e) => e.trim())
      .filter(Boolean);
    if (!emails.length) return;
    const bad = emails.find((e) => !EMAIL.test(e) || e.length > 100);
    if (bad) {
      setError(MESSAGES.email);
      return;
    }
    const next = [...new Set([...value, ...emails])];
    if (next.length > MAX_ADDITIONAL_EMAILS) {
      setError(translate('accounting.documents.notices.maxEmails', { max: MAX_ADDITIONAL_EMAILS }));
      return;
    }
    setError(null);
    setText('');
    onChange(next);
  };
  return (
    <Autocomplete
      multiple
      freeSolo
      options={[] as string[]}
      value={value}
      inputValue={text}
      onInputChange={(_, v, reason) => {
        if (reason === 'input' && /[,;\s]$/.test(v)) add(v);
        else setText(v);
      }}
      onChange={(_, v) => {
        const typed = (v as string[]).filter((e) => !value.includes(e));
        if (typed.length) add(typed.join(','));
        else onChange(v as string[]);
      }}
      renderValue={(items, getItemProps) =>
        items.map((email, index) => {
          const { key, ...rest } = getItemProps({ index });
          return <Chip key={key} size="small" label={email} {...rest} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          size="small"
          label={label ?? translate('accounting.documents.notices.additionalEmails')}
          error={Boolean(error)}
          helperText={error ?? translate('accounting.documents.notices.additionalHelp')}
          onBlur={() => text && add(text)}
        />
      )}
    />
  );
}
