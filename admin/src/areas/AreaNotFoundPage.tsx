// The fallback page for unknown paths inside a role area (the top level has pages/NotFoundPage.tsx).
import SearchOffIcon from '@mui/icons-material/SearchOff';
import Button from '@mui/material/Button';
import { Title, useBasename, useTranslate } from 'react-admin';
import { Link } from 'react-router';
import { homeRoute } from '../pages/homeRoute.ts';
import { MessagePage } from '../pages/MessagePage.tsx';
import { useSession } from '../session.ts';

export function AreaNotFoundPage() {
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
