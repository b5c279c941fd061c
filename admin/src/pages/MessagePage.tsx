// A centred message with actions: the frame of /error, /unauthorized and "Página no encontrada".
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface Props {
  icon: ReactNode;
  title: string;
  text: string;
  actions: ReactNode;
  /** Inside a role area's layout (no full-height page background). */
  embedded?: boolean;
}

export function MessagePage({ icon, title, text, actions, embedded }: Props) {
  return (
    <Box
      sx={{
        minHeight: embedded ? 400 : '100vh',
        // The padding inside the full height: the page does not scroll by its own padding.
        boxSizing: 'border-box',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: 2,
        bgcolor: embedded ? undefined : 'background.default',
      }}
    >
      <Card sx={{ maxWidth: 480, width: '100%' }} elevation={embedded ? 0 : 2}>
        <CardContent sx={{ textAlign: 'center', p: 4 }}>
          <Box sx={{ color: 'primary.main', '& svg': { fontSize: 64 } }}>{icon}</Box>
          <Typography variant="h5" component="h1" sx={{ mt: 1, mb: 1 }}>
            {title}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {text}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'center', flexWrap: 'wrap' }}>
            {actions}
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
}
