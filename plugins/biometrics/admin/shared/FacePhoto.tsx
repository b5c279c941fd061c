// A face's photo (signed URL), or a person icon when it has none or it fails to load.
import PersonIcon from '@mui/icons-material/Person';
import Box from '@mui/material/Box';
import { useState } from 'react';

interface Props {
  src: string | null | undefined;
  alt: string;
  /** CSS size of the square (or the height when `width` is '100%'). */
  size: number;
  width?: number | '100%';
  rounded?: boolean;
}

export function FacePhoto({ src, alt, size, width = size, rounded = false }: Props) {
  const [failed, setFailed] = useState(false);
  const shape = { width, height: size, borderRadius: rounded ? 2 : 0, bgcolor: 'action.hover' };
  if (!src || failed) {
    return (
      <Box sx={{ ...shape, display: 'flex', alignItems: 'center', justifyContent: 'center', color: 'text.disabled' }}>
        <PersonIcon sx={{ fontSize: Math.round(size * 0.5) }} />
      </Box>
    );
  }
  return (
    <Box
      component="img"
      src={src}
      alt={alt}
      onError={() => setFailed(true)}
      sx={{ ...shape, objectFit: 'cover', display: 'block' }}
    />
  );
}
