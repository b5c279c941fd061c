// "Mi perfil" (issue 12): the resident's host data. Name, e-mail, C.I. and unit are the administrator's (read-only
// here); the resident changes their phone and notification e-mails (PUT /api/complexes/:id/me) and their password
// (PUT /api/auth/me/password, which ends their other sign-ins and renews this one).
import { EMAIL, USER_LIMITS } from '@conjunto/core';
import { WidgetEmpty, WidgetSkeleton } from '@conjunto/core/ui';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import {
  Form,
  maxLength,
  minLength,
  PasswordInput,
  required,
  SaveButton,
  TextArrayInput,
  TextInput,
  Title,
  useNotify,
  useTranslate,
} from 'react-admin';
import { apiJson, errorMessage } from '../../api.ts';
import { type SessionUser, session, useSession } from '../../session.ts';
import { PushNotifications } from './PushNotifications.tsx';
import { type Me, mePath, useMe } from './useMe.ts';

const MAX_NOTIFICATION_EMAILS = 5;
const mustHave = required('shell.validation.required');
const notificationEmails = (value: unknown) => {
  const list = Array.isArray(value) ? value.map(String) : [];
  if (list.length > MAX_NOTIFICATION_EMAILS)
    return { message: 'shell.validation.tooManyEmails', args: { max: MAX_NOTIFICATION_EMAILS } };
  const bad = list.find((e) => !EMAIL.test(e.trim()));
  return bad ? { message: 'shell.validation.emailList', args: { email: bad } } : undefined;
};
const blankToNull = (value: string) => (value === '' ? null : value);

function Row({ label, value, testId }: { label: string; value: string | null | undefined; testId?: string }) {
  const translate = useTranslate();
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="p">
        {translate(label)}
      </Typography>
      <Typography variant="body1" sx={{ overflowWrap: 'anywhere' }} data-testid={testId}>
        {value || '—'}
      </Typography>
    </Box>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  const translate = useTranslate();
  return (
    <Card variant="outlined" component="section" aria-label={translate(title)}>
      <CardContent>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1.5 }}>
          {translate(title)}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

function ContactForm({ me, onSaved }: { me: Me; onSaved(me: Me): void }) {
  const notify = useNotify();
  const { complex } = useSession();
  const [error, setError] = useState<string>();
  const save = async (values: Record<string, unknown>) => {
    if (!complex) return;
    setError(undefined);
    try {
      const saved = await apiJson<Me>(mePath(complex.id), {
        method: 'PUT',
        body: {
          phone: (values.phone as string | null) ?? null,
          notificationEmails: ((values.notificationEmails as string[] | undefined) ?? []).map((e) => e.trim()).filter(Boolean),
        },
      });
      onSaved(saved);
      notify('shell.residentArea.saved', { type: 'success' });
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  return (
    <Form record={{ phone: me.phone, notificationEmails: me.notificationEmails }} onSubmit={save}>
      {error ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      ) : null}
      <TextInput
        source="phone"
        label="resources.residente.fields.phone"
        type="tel"
        parse={blankToNull}
        validate={maxLength(USER_LIMITS.phone)}
        fullWidth
      />
      <TextArrayInput
        source="notificationEmails"
        label="resources.residente.fields.notificationEmails"
        validate={notificationEmails}
        helperText="shell.residentArea.notificationHelp"
        fullWidth
      />
      <SaveButton sx={{ mt: 1 }} />
    </Form>
  );
}

function PasswordForm() {
  const translate = useTranslate();
  const notify = useNotify();
  const [error, setError] = useState<string>();
  const [key, setKey] = useState(0);
  const save = async (values: Record<string, unknown>) => {
    setError(undefined);
    if (values.newPassword !== values.confirm) return { confirm: 'shell.residentArea.passwordMismatch' };
    try {
      const answer = await apiJson<{ token: string; user: SessionUser }>('/auth/me/password', {
        method: 'PUT',
        body: { currentPassword: values.currentPassword, newPassword: values.newPassword },
      });
      // The change ended every sign-in; this device carries on with the new one.
      session.signIn(answer.token, answer.user);
      notify('shell.residentArea.passwordChanged', { type: 'success' });
      setKey((k) => k + 1);
    } catch (e) {
      setError(errorMessage(e));
    }
    return undefined;
  };
  return (
    <Form key={key} onSubmit={save}>
      {error ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      ) : null}
      <PasswordInput
        source="currentPassword"
        label="shell.residentArea.currentPassword"
        validate={mustHave}
        autoComplete="current-password"
        fullWidth
      />
      <PasswordInput
        source="newPassword"
        label="shell.residentArea.newPassword"
        validate={[mustHave, minLength(8)]}
        autoComplete="new-password"
        helperText="shell.residentArea.passwordHelp"
        fullWidth
      />
      <PasswordInput
        source="confirm"
        label="shell.residentArea.confirmPassword"
        validate={mustHave}
        autoComplete="new-password"
        fullWidth
      />
      <SaveButton label={translate('shell.residentArea.changePassword')} icon={<span />} sx={{ mt: 1 }} />
    </Form>
  );
}

export default function ResidentProfile() {
  const translate = useTranslate();
  const { me, error, setMe } = useMe();
  return (
    <Box sx={{ mb: 3 }}>
      <Title title={translate('shell.residentArea.profile')} />
      {error ? (
        <WidgetEmpty>{error}</WidgetEmpty>
      ) : !me ? (
        <WidgetSkeleton />
      ) : (
        <Stack spacing={2} sx={{ mt: 2, maxWidth: 720 }}>
          <Section title="shell.residentArea.myData">
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
              <Row label="resources.residente.fields.firstName" value={me.firstName} />
              <Row label="resources.residente.fields.lastName" value={me.lastName} />
              <Row label="resources.residente.fields.email" value={me.email} testId="profile-email" />
              <Row label="resources.residente.fields.idNumber" value={me.idNumber} />
              <Row
                label="resources.residente.fields.unitNumber"
                value={
                  me.unitNumber ? `${me.unitNumber} · ${translate(`shell.resident.relation.${me.relation ?? 'owner'}`)}` : null
                }
              />
            </Box>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
              {translate('shell.residentArea.readOnlyHelp')}
            </Typography>
          </Section>
          <Section title="shell.residentArea.contact">
            <ContactForm me={me} onSaved={setMe} />
          </Section>
          <Section title="shell.residentArea.password">
            <PasswordForm />
          </Section>
          <Section title="shell.residentArea.push">
            <PushNotifications />
          </Section>
        </Stack>
      )}
    </Box>
  );
}
