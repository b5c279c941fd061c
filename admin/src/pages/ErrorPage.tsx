// /error: where a signed-in user lands on an area their roles do not allow (spec 000 §2.1).
import { MESSAGES } from '@conjunto/core';
import BlockIcon from '@mui/icons-material/Block';
import Button from '@mui/material/Button';
import { useLogout, useTranslate } from 'react-admin';
import { Link } from 'react-router';
import { useSession } from '../session.ts';
import { homeRoute } from './homeRoute.ts';
import { MessagePage } from './MessagePage.tsx';

export function ErrorPage() {
  const translate = useTranslate();
  const logout = useLogout();
  const { user } = useSession();
  return (
    <MessagePage
      icon={<BlockIcon />}
      title={translate('shell.error.title', { _: MESSAGES.forbidden })}
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
