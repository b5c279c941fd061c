// What a screen shows while its data loads (spec: "a skeleton or the page title with a progress bar, never a blank
// content area"): the page keeps its title (react-admin's <Title>), and its content area a progress bar.
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { useTranslate } from 'react-admin';

export function ContentLoading() {
  const translate = useTranslate();
  return (
    <Box sx={{ py: 2 }} role="status">
      <LinearProgress aria-label={translate('ra.page.loading')} />
    </Box>
  );
}
