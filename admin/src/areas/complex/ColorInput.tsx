// The complex's theme colour: a hex text (#abc or #aabbcc, as the theme accepts) with a native picker.
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import { TextInput, type Validator } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { isHexColor } from '../../theme.ts';

const hexColor: Validator = (value) =>
  value == null || value === '' || isHexColor(value) ? undefined : 'shell.validation.hexColor';

/** #abc -> #aabbcc, for the native picker. */
const sixDigits = (value: string) => (value.length === 4 ? `#${[...value.slice(1)].map((c) => c + c).join('')}` : value);

export function ColorInput({ source }: { source: string }) {
  const { setValue } = useFormContext();
  const value = useWatch({ name: source }) as string | null | undefined;
  const swatch = isHexColor(value) ? sixDigits(value) : '#1e3a8a';
  return (
    <TextInput
      source={source}
      validate={hexColor}
      parse={(v: string) => (v === '' ? null : v.trim())}
      helperText="shell.complex.colorHelp"
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <Box
                component="input"
                type="color"
                aria-hidden
                tabIndex={-1}
                value={swatch}
                onChange={(e: React.ChangeEvent<HTMLInputElement>) => setValue(source, e.target.value, { shouldDirty: true })}
                sx={{ width: 28, height: 28, p: 0, border: 'none', bgcolor: 'transparent', cursor: 'pointer' }}
              />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
