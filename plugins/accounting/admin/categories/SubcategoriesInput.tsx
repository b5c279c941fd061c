// The subrubros of a rubro as chips: type one and press Enter (or leave the field) to add it.
import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { FieldTitle, useInput, useTranslate } from 'react-admin';

const MAX_SUBCATEGORY = 100;

export function SubcategoriesInput({ source }: { source: string }) {
  const translate = useTranslate();
  const { field, fieldState } = useInput({ source, defaultValue: [] });
  const value: string[] = Array.isArray(field.value) ? field.value : [];
  const change = (next: string[]) => {
    const seen = new Set<string>();
    // Trimmed, at most 100 characters, without repeats (case-insensitive).
    field.onChange(
      next
        .map((s) => s.trim().slice(0, MAX_SUBCATEGORY))
        .filter((s) => s !== '' && !seen.has(s.toLowerCase()) && seen.add(s.toLowerCase())),
    );
  };
  return (
    <Autocomplete<string, true, false, true>
      multiple
      freeSolo
      autoSelect
      options={[]}
      value={value}
      onChange={(_event, next) => change(next as string[])}
      onBlur={field.onBlur}
      renderValue={(items, getItemProps) =>
        items.map((item, index) => {
          const { key, ...props } = getItemProps({ index });
          return <Chip key={key} size="small" label={item} {...props} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={<FieldTitle source={source} />}
          helperText={fieldState.error?.message ?? translate('accounting.categories.subcategoriesHelp')}
          error={Boolean(fieldState.error)}
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, maxLength: MAX_SUBCATEGORY } }}
        />
      )}
      sx={{ width: '100%', maxWidth: 800 }}
    />
  );
}
