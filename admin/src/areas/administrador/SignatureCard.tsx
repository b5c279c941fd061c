// The complex's electronic signature in Configuraciones: its certificate (holder, issuer, validity) and the form
// that loads a .p12/.pfx with its password (spec 000 §5: choosing a file asks for the password). The server keeps
// both encrypted and never sends them back (server/src/signatures/).
import { refusalMessage, type SignatureInfo, shellCalls } from '@conjunto/core';
import { WidgetSkeleton } from '@conjunto/core/ui';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useCallback, useEffect, useMemo, useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';

const when = (iso: string) =>
  new Intl.DateTimeFormat('es-EC', { dateStyle: 'medium', timeZone: 'America/Guayaquil' }).format(new Date(iso));

export function SignatureCard() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider();
  const api = useMemo(() => shellCalls(dataProvider), [dataProvider]);
  const [info, setInfo] = useState<SignatureInfo | null | undefined>(undefined);
  const [file, setFile] = useState<File | null>(null);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ file?: string; password?: string }>({});
  const [busy, setBusy] = useState(false);

  const load = useCallback(() => {
    api.send<SignatureInfo | null>('signature', '').then(setInfo, () => setInfo(null));
  }, [api]);
  useEffect(load, [load]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (!file) found.file = translate('ra.validation.required');
    if (!password) found.password = translate('ra.validation.required');
    setErrors(found);
    if (found.file || found.password || !file) return;
    const body = new FormData();
    body.append('password', password);
    body.append('file', file, file.name);
    setBusy(true);
    try {
      setInfo(await api.send<SignatureInfo>('signature', '', { method: 'PUT', body }));
      setFile(null);
      setPassword('');
      notify('shell.signature.saved', { type: 'success' });
    } catch (error) {
      const message = refusalMessage(error);
      const fields = (error as { body?: { errors?: Record<string, string> } })?.body?.errors ?? {};
      setErrors({ file: fields.file, password: fields.password });
      notify(message ?? 'ra.notification.http_error', { type: 'error', messageArgs: message ? { _: message } : undefined });
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (!window.confirm(translate('shell.signature.confirmRemove'))) return;
    setBusy(true);
    try {
      await api.send('signature', '', { method: 'DELETE' });
      setInfo(null);
      notify('shell.signature.removed', { type: 'info' });
    } catch (error) {
      const message = refusalMessage(error);
      notify(message ?? 'ra.notification.http_error', { type: 'error', messageArgs: message ? { _: message } : undefined });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card sx={{ mt: 2 }}>
      <CardHeader title={translate('shell.signature.title')} subheader={translate('shell.signature.help')} />
      <CardContent>
        {info === undefined ? (
          <WidgetSkeleton />
        ) : info ? (
          <Box
            component="dl"
            sx={{ m: 0, mb: 2, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'auto 1fr' }, columnGap: 2 }}
          >
            {(
              [
                ['subject', info.subject],
                ['issuer', info.issuer],
                ['validFrom', when(info.validFrom)],
                ['validTo', when(info.validTo)],
                ['uploadedAt', `${when(info.uploadedAt)}${info.uploadedByName ? ` · ${info.uploadedByName}` : ''}`],
              ] as const
            ).map(([key, value]) => (
              <Box key={key} sx={{ display: 'contents' }}>
                <Typography component="dt" variant="body2" color="text.secondary">
                  {translate(`shell.signature.${key}`)}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0, mb: 1, overflowWrap: 'anywhere' }}>
                  {value}
                </Typography>
              </Box>
            ))}
            {!info.valid && (
              <Alert severity="warning" sx={{ gridColumn: '1 / -1' }}>
                {translate('shell.signature.expired')}
              </Alert>
            )}
          </Box>
        ) : (
          <Alert severity="info" sx={{ mb: 2 }}>
            {translate('shell.signature.none')}
          </Alert>
        )}
        <Box component="form" noValidate onSubmit={submit}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
            <Box>
              <Button component="label" variant="outlined" startIcon={<UploadFileIcon />} disabled={busy}>
                {translate('shell.signature.chooseFile')} *
                <input
                  hidden
                  type="file"
                  accept=".p12,.pfx,.cer,application/x-pkcs12"
                  aria-label={translate('shell.signature.file')}
                  onChange={(e) => setFile(e.target.files?.[0] ?? null)}
                />
              </Button>
              <Typography variant="caption" component="p" color={errors.file ? 'error' : 'text.secondary'} sx={{ mt: 0.5 }}>
                {errors.file ?? file?.name ?? translate('shell.signature.file')}
              </Typography>
            </Box>
            {/* Choosing a file asks for its password (spec 000 §4). */}
            {file && (
              <TextField
                label={translate('shell.signature.password')}
                type="password"
                required
                size="small"
                autoComplete="off"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                error={Boolean(errors.password)}
                helperText={errors.password}
              />
            )}
            <Button type="submit" variant="contained" disabled={busy || !file}>
              {translate(info ? 'shell.signature.replace' : 'shell.signature.upload')}
            </Button>
            {info && (
              <Button color="error" onClick={remove} disabled={busy}>
                {translate('shell.signature.remove')}
              </Button>
            )}
          </Stack>
        </Box>
      </CardContent>
    </Card>
  );
}
