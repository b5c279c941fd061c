// Days typed and shown as DD/MM/YYYY whatever the browser's language: a native <input type="date"> follows the
// browser's locale (MM/DD/YYYY under an English browser, even in the Spanish UI). The value stays 'YYYY-MM-DD';
// the calendar button opens the browser's own picker on a hidden native input. No form hooks here (DayInput.tsx has
// them): a screen or a dashboard card with a controlled day field does not load react-hook-form for it.
import EventIcon from '@mui/icons-material/Event';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useEffect, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { formatDate, isDay, parseDayMonthYear } from '../format.ts';

export const INVALID_DAY = 'shell.date.invalid';

/** What the text stands for: the day, null when empty, or the text itself while it is no day. */
const meaning = (text: string): string | null => (text.trim() === '' ? null : (parseDayMonthYear(text) ?? text));

/** A stored value ('2026-01-15', '2026-01-15T05:00:00Z', null, or typed text that is no day) as shown. */
function shown(value: unknown): string {
  if (value == null) return '';
  const text = String(value);
  return isDay(text.slice(0, 10)) ? formatDate(text.slice(0, 10)) : text;
}

export interface DayTextFieldProps extends Omit<TextFieldProps, 'value' | 'onChange' | 'type' | 'defaultValue'> {
  value: unknown;
  /** 'YYYY-MM-DD', null when emptied, or the typed text while it is no calendar day. */
  onChange(value: string | null): void;
}

/** A controlled day field (no form needed). Flags typed text that is no day by itself. */
export function DayTextField({ value, onChange, onBlur, error, helperText, slotProps, disabled, ...rest }: DayTextFieldProps) {
  const translate = useTranslate();
  const [text, setText] = useState(() => shown(value));
  const picker = useRef<HTMLInputElement>(null);
  // A value set from outside (a reset, a record loaded, the picker) replaces the text; the text's own echo does not.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new value from outside is the trigger
  useEffect(() => {
    const current = value == null || value === '' ? null : String(value);
    const day = current && isDay(current.slice(0, 10)) ? current.slice(0, 10) : current;
    if (day !== meaning(text)) setText(shown(value));
  }, [value]);
  const change = (next: string) => {
    setText(next);
    onChange(meaning(next));
  };
  const day = meaning(text);
  const invalid = day !== null && !isDay(day);
  return (
    <TextField
      {...rest}
      disabled={disabled}
      value={text}
      onChange={(e) => change(e.target.value)}
      onBlur={(e) => {
        // '1/2/2026' reads back as '01/02/2026' once the user leaves the field.
        if (isDay(day)) setText(formatDate(day));
        onBlur?.(e);
      }}
      error={Boolean(error) || invalid}
      helperText={invalid && !error ? translate(INVALID_DAY) : helperText}
      slotProps={{
        ...slotProps,
        htmlInput: { inputMode: 'numeric', placeholder: translate('shell.date.placeholder'), ...slotProps?.htmlInput },
        inputLabel: { shrink: true, ...slotProps?.inputLabel },
        input: {
          endAdornment: (
            <InputAdornment position="end" sx={{ position: 'relative' }}>
              <IconButton
                size="small"
                edge="end"
                disabled={disabled}
                aria-label={translate('shell.date.openCalendar')}
                onClick={() => picker.current?.showPicker?.()}
              >
                <EventIcon fontSize="small" />
              </IconButton>
              <input
                ref={picker}
                type="date"
                tabIndex={-1}
                aria-hidden="true"
                value={isDay(day) ? day : ''}
                onChange={(e) => change(shown(e.target.value))}
                style={{ position: 'absolute', right: 0, bottom: 0, width: 1, height: 1, opacity: 0, border: 0, padding: 0 }}
              />
            </InputAdornment>
          ),
          ...slotProps?.input,
        },
      }}
    />
  );
}
