// The working complex: a dropdown when the user has several active complexes, the plain name when one.
// The choice is stored (session.ts) and read by the dataProvider at each call.
import ApartmentIcon from '@mui/icons-material/Apartment';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRefresh, useTranslate } from 'react-admin';
import { useLocation, useNavigate } from 'react-router';
import { areaPath, useArea } from '../areas/AreaContext.ts';
import { session, useSession } from '../session.ts';

export function ComplexPicker() {
  const { complexes, complex } = useSession();
  const { area } = useArea();
  const translate = useTranslate();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const refresh = useRefresh();

  const choose = (id: string) => {
    if (id === complex?.id) return;
    session.setComplexId(id);
    // A record page belongs to the previous complex: go back to the dashboard; a list just reloads.
    const depth = pathname.split('/').filter(Boolean).length;
    if (depth > 2) navigate(areaPath(area, 'dashboard'));
    refresh();
  };

  const label = translate('shell.complex.label');
  return (
    <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', minWidth: 0 }}>
      <ApartmentIcon fontSize="small" aria-hidden />
      {complexes.length === 0 ? (
        <Typography variant="body2" noWrap sx={{ opacity: 0.85 }}>
          {translate('shell.complex.none')}
        </Typography>
      ) : complexes.length === 1 ? (
        <Typography variant="body2" noWrap title={label} sx={{ fontWeight: 500 }}>
          {complex?.name}
        </Typography>
      ) : (
        <Select
          variant="standard"
          disableUnderline
          value={complex?.id ?? ''}
          onChange={(event) => choose(String(event.target.value))}
          inputProps={{ 'aria-label': label }}
          MenuProps={{ slotProps: { paper: { sx: { maxHeight: 420 } } } }}
          sx={{
            color: 'inherit',
            fontSize: '0.875rem',
            fontWeight: 500,
            maxWidth: { xs: 150, sm: 280 },
            '& .MuiSelect-icon': { color: 'inherit' },
          }}
        >
          {complexes.map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {c.name}
            </MenuItem>
          ))}
        </Select>
      )}
    </Stack>
  );
}
