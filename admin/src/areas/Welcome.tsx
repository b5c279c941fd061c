// The greeting at the top of every dashboard: who, in which role, on which complex.
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { fullName, useSession } from '../session.ts';
import { useArea } from './AreaContext.ts';

export function Welcome({ text }: { text?: string }) {
  const translate = useTranslate();
  const { user, complex } = useSession();
  const { area } = useArea();
  return (
    <Card sx={{ mb: 3, bgcolor: 'primary.main', color: 'primary.contrastText' }}>
      <CardContent sx={{ py: 3 }}>
        <Typography variant="h5" component="h2" gutterBottom>
          {translate('shell.dashboard.welcome', { name: fullName(user) })}
        </Typography>
        <Typography variant="body1" sx={{ opacity: 0.9 }}>
          {translate(`shell.roles.${area.role}`)}
          {complex ? ` · ${complex.name}` : ''}
        </Typography>
        {text ? (
          <Typography variant="body2" sx={{ mt: 1, opacity: 0.9 }}>
            {text}
          </Typography>
        ) : null}
      </CardContent>
    </Card>
  );
}
