// The status of an outbox mail as a coloured chip.
import Chip from '@mui/material/Chip';
import { useTranslate } from 'react-admin';

const STATUS_COLOR = { pending: 'warning', sent: 'success', failed: 'error', local: 'default' } as const;

export function MailStatus({ status }: { status: string }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={STATUS_COLOR[status as keyof typeof STATUS_COLOR] ?? 'default'}
      label={translate(`accounting.documents.outbox.status.${status}`, { _: status })}
    />
  );
}
