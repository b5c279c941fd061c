// The bank of an account: its logo when there is one, else the initials of the bank's name, and the name.
import Avatar from '@mui/material/Avatar';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRecordContext } from 'react-admin';
import type { BankAccount } from '../../schemas.ts';

const STOP = new Set(['de', 'del', 'la', 'el', 'banco', 'cooperativa']);

function initials(name: string): string {
  const words = name.split(/\s+/).filter((w) => w && !STOP.has(w.toLowerCase()));
  if (words.length === 1) return words[0].slice(0, 2).toUpperCase();
  const letters = (words.length ? words : name.split(/\s+/)).map((w) => w[0]?.toUpperCase() ?? '');
  return letters.slice(0, 2).join('');
}

const SIZE = 32;

export function BankAvatar() {
  const record = useRecordContext<BankAccount>();
  if (!record) return null;
  const name = record.bankName ?? record.name;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Avatar
        src={record.logo ?? undefined}
        alt={name}
        sx={{ width: SIZE, height: SIZE, fontSize: SIZE * 0.4, bgcolor: 'primary.main', color: 'primary.contrastText' }}
      >
        {initials(name)}
      </Avatar>
      {record.bankName && (
        <Typography variant="body2" component="span">
          {record.bankName}
        </Typography>
      )}
    </Stack>
  );
}
