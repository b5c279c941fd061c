// The fallback page for unknown paths, both at the top level and inside a role area.
import SearchOffIcon from '@mui/icons-material/SearchOff';
import Button from '@mui/material/Button';
import { Title, useBasename, useTranslate } from 'react-admin';
import { Link } from 'react-router';
import { useSession } from '../session.ts';
import { homeRoute } from './homeRoute.ts';
import { MessagePage } from './MessagePage.tsx';

export function NotFoundPage() {
  const translate = useTranslate();
  const { user } = useSession();
  const basename = useBasename();
  return (
    <>
      {basename ? <Title title={translate('shell.notFound.title')} /> : null}
      <MessagePage
        embedded={basename !== ''}
        icon={<SearchOffIcon />}
        title={translate('shell.notFound.title')}
        text={translate('shell.notFound.text')}
        actions={
          <Button variant="contained" component={Link} to={basename ? `${basename}/dashboard` : homeRoute(user)}>
            {translate('shell.action.home')}
          </Button>
        }
      />
    </>
  );
}
