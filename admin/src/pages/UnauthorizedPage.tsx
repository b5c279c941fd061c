// /unauthorized (spec 002 §2.1): a protected area reached without a session.
import LockIcon from '@mui/icons-material/Lock';
import Button from '@mui/material/Button';
import { Link } from 'react-router';
import { useSession } from '../session.ts';
import { homeRoute } from './homeRoute.ts';
import { MessagePage } from './MessagePage.tsx';
import { usePublicText } from './publicText.ts';

export function UnauthorizedPage() {
  const translate = usePublicText();
  const { user } = useSession();
  return (
    <MessagePage
      icon={<LockIcon />}
      title={translate('shell.unauthorized.title')}
      text={translate(user ? 'shell.unauthorized.textSignedIn' : 'shell.unauthorized.text')}
      actions={
        <Button variant="contained" component={Link} to={user ? homeRoute(user) : '/'}>
          {translate(user ? 'shell.action.home' : 'ra.auth.sign_in')}
        </Button>
      }
    />
  );
}
