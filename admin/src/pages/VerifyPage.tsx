// '/verificar/:code': what a verification code printed on a document (a certificate, with its QR) certifies,
// from GET /api/public/verify/:code. Public like the sign-in page: plain fetch, the public texts, no react-admin.
import { MESSAGES } from '@conjunto/core';
import CheckCircle from '@mui/icons-material/CheckCircle';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import HighlightOff from '@mui/icons-material/HighlightOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { API_URL, CONNECTIVITY_ERROR } from '../signIn.ts';
import { PublicCard } from './PublicCard.tsx';
import { usePublicText } from './publicText.ts';

interface Verification {
  code: string;
  complexName: string;
  title: string;
  unitNumber: string | null;
  issuedAt: string;
  validUntil: string | null;
  valid: boolean;
  revoked: boolean;
  signed: boolean;
  sha256: string;
}

type State = { step: 'checking' } | { step: 'found'; doc: Verification } | { step: 'failed'; message: string };

const day = (iso: string) =>
  new Intl.DateTimeFormat('es-EC', { dateStyle: 'long', timeZone: 'America/Guayaquil' }).format(new Date(iso));
const dateOnly = (ymd: string) =>
  new Intl.DateTimeFormat('es-EC', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${ymd}T00:00:00Z`));

export function VerifyPage() {
  const translate = usePublicText();
  const code = useParams().code ?? '';
  const [state, setState] = useState<State>({ step: 'checking' });

  useEffect(() => {
    let current = true;
    fetch(`${API_URL}/public/verify/${encodeURIComponent(code)}`, { headers: { Accept: 'application/json' } })
      .then(async (response) => {
        const body = await response.json().catch(() => undefined);
        if (!current) return;
        if (response.ok && body?.code) setState({ step: 'found', doc: body });
        else setState({ step: 'failed', message: body?.message || MESSAGES.unexpected });
      })
      .catch(() => current && setState({ step: 'failed', message: CONNECTIVITY_ERROR }));
    return () => {
      current = false;
    };
  }, [code]);

  const home = (
    <Button component={RouterLink} to="/" variant="outlined" fullWidth sx={{ mt: 3 }}>
      {translate('shell.action.home')}
    </Button>
  );
  if (state.step === 'checking')
    return (
      <PublicCard>
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress aria-label={translate('shell.verification.checking')} />
        </Box>
      </PublicCard>
    );
  if (state.step === 'failed')
    return (
      <PublicCard>
        <Box sx={{ textAlign: 'center' }}>
          <Box sx={{ color: 'text.secondary', '& svg': { fontSize: 56 } }}>
            <ErrorOutline />
          </Box>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 600, mt: 1, mb: 1 }}>
            {translate('shell.verification.unknownTitle')}
          </Typography>
          <Typography role="alert" color="text.secondary">
            {state.message}
          </Typography>
        </Box>
        {home}
      </PublicCard>
    );
  const { doc } = state;
  const status = doc.revoked ? 'revoked' : doc.valid ? 'valid' : 'expired';
  const rows: [string, string][] = [
    [translate('shell.verification.kind'), doc.title],
    ...(doc.unitNumber ? ([[translate('shell.verification.unit'), doc.unitNumber]] as [string, string][]) : []),
    [translate('shell.verification.issuedAt'), day(doc.issuedAt)],
    ...(doc.validUntil ? ([[translate('shell.verification.validUntil'), dateOnly(doc.validUntil)]] as [string, string][]) : []),
    [
      translate('shell.verification.signed'),
      translate(doc.signed ? 'shell.verification.signedYes' : 'shell.verification.signedNo'),
    ],
  ];
  return (
    <PublicCard>
      <Box sx={{ textAlign: 'center' }}>
        <Box sx={{ color: status === 'valid' ? 'success.main' : 'error.main', '& svg': { fontSize: 56 } }}>
          {status === 'valid' ? <CheckCircle /> : <HighlightOff />}
        </Box>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 600, mt: 1 }}>
          {translate(`shell.verification.${status}`)}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {translate('shell.verification.certifies')} <strong>{doc.complexName}</strong>
        </Typography>
        <Typography sx={{ fontFamily: 'monospace', mt: 1 }}>{doc.code}</Typography>
      </Box>
      <Box component="dl" sx={{ mt: 2, mb: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 1 }}>
        {rows.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" color="text.secondary" variant="body2">
              {label}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 500 }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 2, overflowWrap: 'anywhere' }}>
        {translate('shell.verification.sha256')}: {doc.sha256}
      </Typography>
      {home}
    </PublicCard>
  );
}
