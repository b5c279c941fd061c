// A spinner over the whole page, while a role area's code or data loads.
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

export function LoadingScreen() {
  return (
    <Box sx={{ display: 'flex', height: '100vh', alignItems: 'center', justifyContent: 'center' }}>
      <CircularProgress aria-label="Cargando" />
    </Box>
  );
}
