// '/': sign-in with email and password. The server's messages are shown verbatim ('Usuario o contraseña
// incorrectos', '¡No tienes permisos para acceder!', 'Los conjuntos de este usuario están deshabilitados.').
// After sign-in: the page the user was sent away from, if their roles allow it, else their role's home.
import { AREA_HOME_ROUTES } from '@conjunto/core';
import ApartmentIcon from '@mui/icons-material/Apartment';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { type SessionUser, session, useSession } from '../session.ts';
import { signIn } from '../signIn.ts';
import { homeRoute } from './homeRoute.ts';
import { PasswordToggle, PublicCard } from './PublicCard.tsx';
import { usePublicText } from './publicText.ts';

/** The path to return to, when it lies in an area of one of the user's roles. */
function allowedReturn(path: unknown, user: SessionUser | undefined): string | undefined {
  if (typeof path !== 'string' || !user) return undefined;
  const allowed = Object.entries(AREA_HOME_ROUTES).some(
    ([role, home]) => user.roles.includes(role) && (path === home || path.startsWith(`${home}/`)),
  );
  return allowed ? path : undefined;
}

export function LoginPage() {
  const translate = usePublicText();
  const navigate = useNavigate();
  const location = useLocation();
  const { user } = useSession();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [error, setError] = useState<string>();
  const [notice] = useState(() => session.takeNotice());
  const [busy, setBusy] = useState(false);
  const nextPathname = (location.state as { nextPathname?: string } | null)?.nextPathname;

  // Already signed in (e.g. a bookmark of '/'): straight to the home area.
  if (user && !busy) return <Navigate to={allowedReturn(nextPathname, user) ?? homeRoute(user)} replace />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim() || !password) {
      setError(translate('ra.validation.required'));
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      const user = await signIn(email, password);
      navigate(allowedReturn(nextPathname, session.get().user) ?? homeRoute(user), { replace: true });
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <PublicCard onSubmit={submit}>
      <Box sx={{ textAlign: 'center', mb: 3 }}>
        <ApartmentIcon color="primary" sx={{ fontSize: 56 }} />
        <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
          Conjunto
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {translate('shell.login.subtitle')}
        </Typography>
      </Box>
      {notice && !error ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {notice}
        </Alert>
      ) : null}
      {error ? (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          {error}
        </Alert>
      ) : null}
      <TextField
        label={translate('ra.auth.email')}
        type="email"
        name="email"
        autoComplete="username"
        autoFocus
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        disabled={busy}
      />
      <TextField
        label={translate('ra.auth.password')}
        type={showPassword ? 'text' : 'password'}
        name="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        disabled={busy}
        slotProps={{
          input: { endAdornment: <PasswordToggle shown={showPassword} onToggle={() => setShowPassword((v) => !v)} /> },
        }}
      />
      <Button type="submit" variant="contained" size="large" fullWidth loading={busy} loadingPosition="start" sx={{ mt: 3 }}>
        {translate('ra.auth.sign_in')}
      </Button>
    </PublicCard>
  );
}
