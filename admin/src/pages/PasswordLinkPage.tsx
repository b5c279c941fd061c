// '/contrasena/:token': the page of a password link from an e-mail (invitation of a new resident, or a reset;
// server/src/auth/password-links.ts). The token came after '#', so it never reached a server log. Like the
// sign-in page it loads no react-admin: plain fetch, the public texts.

import { MESSAGES, USER_LIMITS } from '@conjunto/core';
import ApartmentIcon from '@mui/icons-material/Apartment';
import CheckCircle from '@mui/icons-material/CheckCircle';
import LinkOff from '@mui/icons-material/LinkOff';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useEffect, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { API_URL, CONNECTIVITY_ERROR } from '../signIn.ts';
import { PasswordToggle, PublicCard } from './PublicCard.tsx';
import { usePublicText } from './publicText.ts';

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

type State =
  | { step: 'checking' }
  | { step: 'form'; email: string; purpose: 'invite' | 'reset' }
  | { step: 'invalid' }
  | { step: 'saved' }
  | { step: 'failed'; message: string };

interface Answer {
  status: number;
  body?: { message?: string; code?: string; errors?: Record<string, string>; email?: string; purpose?: 'invite' | 'reset' };
}

async function post(path: string, body: unknown): Promise<Answer> {
  let response: Response;
  try {
    response = await fetch(`${API_URL}/auth/${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    throw new Error(CONNECTIVITY_ERROR);
  }
  return { status: response.status, body: await response.json().catch(() => undefined) };
}

const serverMessage = (answer: Answer) => answer.body?.message || MESSAGES.unexpected;

export function PasswordLinkPage() {
  const translate = usePublicText();
  const token = useParams().token ?? '';
  const [state, setState] = useState<State>(() => (TOKEN.test(token) ? { step: 'checking' } : { step: 'invalid' }));

  useEffect(() => {
    if (!TOKEN.test(token)) return;
    let current = true;
    post('password-link/check', { token }).then(
      (answer) => {
        if (!current) return;
        if (answer.status === 200 && answer.body?.email && answer.body.purpose)
          setState({ step: 'form', email: answer.body.email, purpose: answer.body.purpose });
        else if (answer.status === 410 || answer.status === 400) setState({ step: 'invalid' });
        else setState({ step: 'failed', message: serverMessage(answer) });
      },
      (error: Error) => current && setState({ step: 'failed', message: error.message }),
    );
    return () => {
      current = false;
    };
  }, [token]);

  const signInButton = (
    <Button component={RouterLink} to="/" variant="contained" size="large" fullWidth sx={{ mt: 3 }}>
      {translate('ra.auth.sign_in')}
    </Button>
  );

  if (state.step === 'checking')
    return (
      <PublicCard>
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress aria-label={translate('shell.passwordLink.checking')} />
        </Box>
      </PublicCard>
    );
  if (state.step === 'invalid' || state.step === 'failed' || state.step === 'saved') {
    const saved = state.step === 'saved';
    return (
      <PublicCard>
        <Box sx={{ textAlign: 'center' }}>
          <Box sx={{ color: saved ? 'success.main' : 'text.secondary', '& svg': { fontSize: 56 } }}>
            {saved ? <CheckCircle /> : <LinkOff />}
          </Box>
          {saved ? (
            <Typography variant="h6" component="h1" role="status" sx={{ fontWeight: 600, mt: 1 }}>
              {translate('shell.passwordLink.saved')}
            </Typography>
          ) : (
            <>
              <Typography variant="h5" component="h1" sx={{ fontWeight: 600, mt: 1, mb: 1 }}>
                {translate('shell.passwordLink.invalidTitle')}
              </Typography>
              <Typography role="alert" color="text.secondary">
                {state.step === 'failed' ? state.message : translate('shell.passwordLink.invalid')}
              </Typography>
            </>
          )}
        </Box>
        {signInButton}
      </PublicCard>
    );
  }
  return <PasswordForm token={token} email={state.email} purpose={state.purpose} onDone={setState} />;
}

function PasswordForm({
  token,
  email,
  purpose,
  onDone,
}: {
  token: string;
  email: string;
  purpose: 'invite' | 'reset';
  onDone: (state: State) => void;
}) {
  const translate = usePublicText();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [show, setShow] = useState(false);
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (!password) found.password = translate('ra.validation.required');
    else if (password.length < USER_LIMITS.passwordMin) found.password = translate('shell.passwordLink.tooShort');
    if (!confirm) found.confirm = translate('ra.validation.required');
    else if (password && confirm !== password) found.confirm = translate('shell.passwordLink.mismatch');
    setErrors(found);
    setError(undefined);
    if (found.password || found.confirm) return;
    setBusy(true);
    try {
      const answer = await post('password-link', { token, password });
      if (answer.status === 204) onDone({ step: 'saved' });
      else if (answer.status === 410) onDone({ step: 'invalid' });
      else if (answer.body?.errors?.password) setErrors({ password: answer.body.errors.password });
      else setError(serverMessage(answer));
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const toggle = <PasswordToggle shown={show} onToggle={() => setShow((v) => !v)} />;

  return (
    <PublicCard>
      <Box component="form" onSubmit={submit} noValidate>
        <Box sx={{ textAlign: 'center', mb: 3 }}>
          <ApartmentIcon color="primary" sx={{ fontSize: 56 }} />
          <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
            {translate(purpose === 'invite' ? 'shell.passwordLink.titleInvite' : 'shell.passwordLink.titleReset')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {email}
          </Typography>
        </Box>
        {error ? (
          <Alert severity="error" sx={{ mb: 2 }} role="alert">
            {error}
          </Alert>
        ) : null}
        {/* The e-mail, hidden, so password managers file the new password under the right account. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <TextField
          label={translate('shell.passwordLink.newPassword')}
          type={show ? 'text' : 'password'}
          name="password"
          autoComplete="new-password"
          autoFocus
          required
          fullWidth
          margin="normal"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          disabled={busy}
          error={Boolean(errors.password)}
          helperText={errors.password ?? translate('shell.passwordLink.hint')}
          slotProps={{ input: { endAdornment: toggle } }}
        />
        <TextField
          label={translate('shell.passwordLink.confirmPassword')}
          type={show ? 'text' : 'password'}
          name="confirm"
          autoComplete="new-password"
          required
          fullWidth
          margin="normal"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
          disabled={busy}
          error={Boolean(errors.confirm)}
          helperText={errors.confirm ?? ' '}
        />
        <Button type="submit" variant="contained" size="large" fullWidth loading={busy} loadingPosition="start" sx={{ mt: 2 }}>
          {translate('shell.passwordLink.save')}
        </Button>
      </Box>
    </PublicCard>
  );
}
