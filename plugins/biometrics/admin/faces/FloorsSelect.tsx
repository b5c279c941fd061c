// The floors a face opens (spec 001 §3): Subsuelo 2, Subsuelo 1, Piso 1..14 and a select-all option; with all
// of them chosen it reads 'Todos los pisos seleccionados (16 pines)'.
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslate } from 'react-admin';
import { SELECTABLE_FLOORS } from '../../manifest.ts';
import { floorLabel } from '../shared/format.ts';
import { MULTI_SELECT_MENU } from '../shared/menu.ts';

/** The menu value of the select-all option (floors are numbers). */
const ALL = 'all';

interface Props {
  value: number[];
  onChange(floors: number[]): void;
  error?: string;
}

export function FloorsSelect({ value, onChange, error }: Props) {
  const translate = useTranslate();
  const all = SELECTABLE_FLOORS.every((f) => value.includes(f));
  const name = (floor: number) => {
    const { key, n } = floorLabel(floor);
    return translate(key, { n });
  };
  return (
    <TextField
      select
      label={translate('biometrics.form.pisos')}
      value={value}
      onChange={(event) => {
        const picked = event.target.value as unknown as (number | typeof ALL)[];
        if (picked.includes(ALL)) onChange(all ? [] : [...SELECTABLE_FLOORS]);
        // In the floors' own order, not the order of the clicks.
        else onChange(SELECTABLE_FLOORS.filter((f) => picked.includes(f)));
      }}
      error={Boolean(error)}
      helperText={error}
      fullWidth
      slotProps={{
        select: {
          multiple: true,
          MenuProps: MULTI_SELECT_MENU,
          renderValue: () =>
            all
              ? translate('biometrics.form.allFloorsSelected')
              : SELECTABLE_FLOORS.filter((f) => value.includes(f))
                  .map(name)
                  .join(', '),
        },
      }}
    >
      <MenuItem value={ALL}>
        <Checkbox size="small" checked={all} indeterminate={!all && value.length > 0} />
        <ListItemText primary={translate('biometrics.form.allFloors')} />
      </MenuItem>
      <Divider />
      {SELECTABLE_FLOORS.map((floor) => (
        <MenuItem key={floor} value={floor}>
          <Checkbox size="small" checked={value.includes(floor)} />
          <ListItemText primary={name(floor)} />
        </MenuItem>
      ))}
    </TextField>
  );
}
