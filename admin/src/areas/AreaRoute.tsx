// The route of one role area: sends the signed-out to the sign-in and the wrong role to /error at once, and only
// then loads the area's code (react-admin, its screens, the plugins) as a chunk of its own (issue 11: the sign-in
// page's first load carries none of it).
import { lazy, Suspense } from 'react';
import { Navigate, useLocation } from 'react-router';
import { LoadingScreen } from '../pages/LoadingScreen.tsx';
import { useSession } from '../session.ts';
import { areaEntry } from './entry.ts';
import type { AreaDefinition } from './types.ts';

const AreaApp = lazy(() => import('./AreaApp.tsx'));

export function AreaRoute({ area }: { area: AreaDefinition }) {
  const { user } = useSession();
  const location = useLocation();
  const entry = areaEntry(user, area.role);
  if (entry === 'signIn' || !user) return <Navigate to="/" replace state={{ nextPathname: location.pathname }} />;
  if (entry === 'forbidden') return <Navigate to="/error" replace />;
  return (
    <Suspense fallback={<LoadingScreen />}>
      <AreaApp area={area} user={user} />
    </Suspense>
  );
}
