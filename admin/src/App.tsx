// Top-level routes (spec 002 §2.1), after '#': a path opened without it reaches the same route (hashRoute.ts).
// '/' sign-in (also at /login); /contrasena/<token> a password link; one react-admin <Admin> per role area under its own basename, loaded only when
// the area opens (areas/AreaRoute.tsx); /error, /unauthorized; anything else the fallback page.
import { createHashRouter, Navigate, RouterProvider } from 'react-router';
import { AreaRoute } from './areas/AreaRoute.tsx';
import { AREAS } from './areas/index.ts';
import { ErrorPage } from './pages/ErrorPage.tsx';
import { LoginPage } from './pages/LoginPage.tsx';
import { NotFoundPage } from './pages/NotFoundPage.tsx';
import { PasswordLinkPage } from './pages/PasswordLinkPage.tsx';
import { PublicPage } from './pages/PublicPage.tsx';
import { UnauthorizedPage } from './pages/UnauthorizedPage.tsx';
import { VerifyPage } from './pages/VerifyPage.tsx';

const ROUTES = [
  {
    path: '/',
    element: (
      <PublicPage>
        <LoginPage />
      </PublicPage>
    ),
  },
  { path: '/login', element: <Navigate to="/" replace /> },
  // The link of an invitation or password reset e-mail (server/src/auth/password-links.ts).
  {
    path: '/contrasena/:token',
    element: (
      <PublicPage>
        <PasswordLinkPage />
      </PublicPage>
    ),
  },
  // The QR and code printed on certificates (server/src/signatures/documents.ts): public.
  {
    path: '/verificar/:code',
    element: (
      <PublicPage>
        <VerifyPage />
      </PublicPage>
    ),
  },
  {
    path: '/error',
    element: (
      <PublicPage>
        <ErrorPage />
      </PublicPage>
    ),
  },
  {
    path: '/unauthorized',
    element: (
      <PublicPage>
        <UnauthorizedPage />
      </PublicPage>
    ),
  },
  // The key remounts the <Admin> when moving between areas (role switcher).
  ...AREAS.map((area) => ({ path: `/${area.path}/*`, element: <AreaRoute key={area.path} area={area} /> })),
  {
    path: '*',
    element: (
      <PublicPage>
        <NotFoundPage />
      </PublicPage>
    ),
  },
];

// Created on first render, not on import: main.tsx first moves a path typed without '#' under the hash.
let router: ReturnType<typeof createHashRouter> | undefined;

export function App() {
  router ??= createHashRouter(ROUTES);
  return <RouterProvider router={router} />;
}
