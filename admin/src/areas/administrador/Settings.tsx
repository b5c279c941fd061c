// /administrador/conjuntos/configuraciones: the current complex's module switches, by installed plugin, read-only
// (platform staff change them), and the complex's electronic signature (SignatureCard). Labels come from the catalogue (GET /api/modules/catalogue).
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import LinearProgress from '@mui/material/LinearProgress';
import { Title, useTranslate } from 'react-admin';
import { useSession } from '../../session.ts';
import { useArea } from '../AreaContext.ts';
import { SwitchGroups } from '../complex/SwitchGroups.tsx';
import { useCatalogue } from '../complex/useCatalogue.ts';
import { SignatureCard } from './SignatureCard.tsx';

export default function Settings() {
  const translate = useTranslate();
  const { complex } = useSession();
  const { modules } = useArea();
  const catalogue = useCatalogue();

  return (
    <>
      <Card sx={{ mt: 2 }}>
        <Title title={translate('shell.menu.settings')} />
        <CardHeader title={translate('shell.settings.modules')} subheader={complex?.name} />
        <CardContent>
          <Alert severity="info" sx={{ mb: 2 }}>
            {translate('shell.settings.readOnly')}
          </Alert>
          {catalogue ? <SwitchGroups catalogue={catalogue} values={modules} /> : <LinearProgress />}
        </CardContent>
      </Card>
      <SignatureCard />
    </>
  );
}
