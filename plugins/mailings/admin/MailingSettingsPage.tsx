// configuraciones/correosprogramados: the complex's settings of its scheduled e-mails: the sender's name and the
// reply-to address every mailing carries, the time a new one starts at, and a switch that pauses them all.
import { refusalMessage } from '@conjunto/core';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import {
  BooleanInput,
  email,
  Loading,
  maxLength,
  regex,
  SaveButton,
  SimpleForm,
  TextInput,
  Title,
  Toolbar,
  useNotify,
  useTranslate,
} from 'react-admin';
import { SENDER_NAME_MAX } from '../manifest.ts';
import type { MailingSettings } from '../schemas.ts';
import { useMailingsApi } from './shared.ts';

export default function MailingSettingsPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const api = useMailingsApi();
  const [settings, setSettings] = useState<MailingSettings | null>(null);
  const [failed, setFailed] = useState(false);
  const t = (key: string) => translate(`mailings.settings.${key}`);
  useEffect(() => {
    api.settings().then(setSettings, () => setFailed(true));
  }, [api]);
  if (failed) return <Typography color="error">{t('loadError')}</Typography>;
  if (!settings) return <Loading />;
  const save = async (values: Record<string, unknown>) => {
    try {
      const saved = await api.saveSettings({
        senderName: (values.senderName as string | null) || null,
        replyTo: (values.replyTo as string | null) || null,
        defaultTime: values.defaultTime as string,
        paused: Boolean(values.paused),
      });
      setSettings(saved);
      notify('mailings.settings.saved', { type: 'success' });
    } catch (error) {
      notify(refusalMessage(error) ?? 'mailings.settings.saveError', { type: 'error' });
    }
  };
  return (
    <Card sx={{ mt: 2, maxWidth: 720 }}>
      <Title title="mailings.settings.title" />
      <CardContent>
        <Typography variant="body2" color="text.secondary">
          {t('intro')}
        </Typography>
      </CardContent>
      <SimpleForm
        record={settings}
        onSubmit={save}
        toolbar={
          <Toolbar>
            <SaveButton />
          </Toolbar>
        }
      >
        <TextInput source="senderName" label="mailings.settings.senderName" validate={maxLength(SENDER_NAME_MAX)} fullWidth />
        <TextInput
          source="replyTo"
          label="mailings.settings.replyTo"
          validate={email(t('email'))}
          helperText={t('replyToHelp')}
          fullWidth
        />
        <TextInput
          source="defaultTime"
          type="time"
          label="mailings.settings.defaultTime"
          validate={regex(/^([01]\d|2[0-3]):[0-5]\d$/, t('time'))}
          helperText={t('defaultTimeHelp')}
        />
        <BooleanInput source="paused" label="mailings.settings.paused" helperText={t('pausedHelp')} />
      </SimpleForm>
    </Card>
  );
}
