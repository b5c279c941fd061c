// A row of form inputs in equal columns (one column on small screens); the inputs fill their cell.
import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

export function FormRow({ columns = 3, children }: { columns?: number; children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: `repeat(${columns}, minmax(0, 1fr))` },
        columnGap: 2,
        width: '100%',
        maxWidth: columns * 320,
      }}
    >
      {children}
    </Box>
  );
}
