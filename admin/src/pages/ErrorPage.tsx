// /error: where a signed-in user lands on an area their roles do not allow (spec 000 §2.1).
import BlockIcon from '@mui/icons-material/Block';
import Button from '@mui/material/Button';
import { Link, useNavigate } from 'react-router';
import { useSession } from '../session.ts';
import { signOut } from '../signIn.ts';
import { homeRoute } from './homeRoute.ts';
import { MessagePage } from './MessagePage.tsx';
import { usePublicText } from './publicText.ts';

export function ErrorPage() {
  const translate = usePublicText();
  const navigate = useNavigate();
  const logout = () => signOut().then((to) => navigate(to, { replace: true }));
  const { user } = useSession();
  return (
    <MessagePage
      icon={<BlockIcon />}
      title={translate('shell.error.title')}
      text={translate('shell.error.text')}
      actions={
        user ? (
          <>
            <Button variant="contained" component={Link} to={homeRoute(user)}>
              {translate('shell.action.home')}
            </Button>
            <Button onClick={() => logout()}>{translate('ra.auth.logout')}</Button>
          </>
        ) : (
          <Button variant="contained" component={Link} to="/">
            {translate('ra.auth.sign_in')}
          </Button>
        )
      }
    />
  );
}
