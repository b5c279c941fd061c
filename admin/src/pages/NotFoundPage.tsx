// The fallback page for unknown paths at the top level (inside a role area: areas/AreaNotFoundPage.tsx).
import SearchOffIcon from '@mui/icons-material/SearchOff';
import Button from '@mui/material/Button';
import { Link } from 'react-router';
import { useSession } from '../session.ts';
import { homeRoute } from './homeRoute.ts';
import { MessagePage } from './MessagePage.tsx';
import { usePublicText } from './publicText.ts';

export function NotFoundPage() {
  const translate = usePublicText();
  const { user } = useSession();
  return (
    <MessagePage
      icon={<SearchOffIcon />}
      title={translate('shell.notFound.title')}
      text={translate('shell.notFound.text')}
      actions={
        <Button variant="contained" component={Link} to={homeRoute(user)}>
          {translate('shell.action.home')}
        </Button>
      }
    />
  );
}
