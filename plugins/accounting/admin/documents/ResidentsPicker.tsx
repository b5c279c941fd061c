// Residents chosen for a notice (searched by name, unit or e-mail), with 'all' and 'none' shortcuts.
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslate } from 'react-admin';
import type { ResidentOption } from './useDirectory.ts';

export const residentLabel = (r: ResidentOption) => (r.units.length ? `${r.units.join(', ')} · ${r.name}` : r.name);

export function ResidentsPicker({
  residents,
  value,
  onChange,
  error,
  loading,
}: {
  residents: ResidentOption[];
  value: string[];
  onChange(ids: string[]): void;
  error?: string | null;
  loading?: boolean;
}) {
  const translate = useTranslate();
  const chosen = residents.filter((r) => value.includes(r.id));
  return (
    <Stack spacing={1}>
      <Autocomplete
        multiple
        disableCloseOnSelect
        options={residents}
        value={chosen}
        loading={loading}
        onChange={(_, v) => onChange(v.map((r) => r.id))}
        getOptionLabel={residentLabel}
        filterOptions={(options, state) => {
          const q = state.inputValue.trim().toLowerCase();
          return q ? options.filter((o) => `${residentLabel(o)} ${o.email}`.toLowerCase().includes(q)) : options;
        }}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        noOptionsText={translate('ra.navigation.no_results')}
        loadingText={translate('ra.page.loading')}
        limitTags={6}
        getLimitTagsText={(more) => `+${more}`}
        renderOption={({ key, ...props }, option, { selected }) => (
          <li key={key} {...props}>
            <Checkbox size="small" checked={selected} sx={{ mr: 1 }} />
            {residentLabel(option)}
          </li>
        )}
        renderValue={(items, getItemProps) =>
          items.map((r, index) => {
            const { key, ...rest } = getItemProps({ index });
            return <Chip key={key} size="small" label={residentLabel(r)} {...rest} />;
          })
        }
        renderInput={(params) => (
          <TextField
            {...params}
            size="small"
            label={translate('accounting.documents.notices.residents')}
            error={Boolean(error)}
            helperText={error ?? translate('accounting.documents.notices.selectedCount', { count: value.length })}
          />
        )}
      />
      <Stack direction="row" spacing={1}>
        <Button size="small" onClick={() => onChange(residents.map((r) => r.id))}>
          {translate('accounting.documents.notices.selectAll')}
        </Button>
        <Button size="small" onClick={() => onChange([])} disabled={!value.length}>
          {translate('accounting.documents.notices.selectNone')}
        </Button>
      </Stack>
    </Stack>
  );
}
