// Notificaciones (spec 002 §2.5 screens 7 and 8, §3 Notification): overdue fees, the monthly statement and
// manual payment notices by e-mail, each run numbered (NumeroAvisoCobro) and dated (FechaAvisoCobro) with a
// security code; and the history of the mails sent (the outbox).

import { formatDateTime } from '@conjunto/core';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import type { NoticeState } from '../../schemas.ts';
import { API, useApiGet } from '../shared/accountingApi.ts';
import { MailOutboxList } from './MailOutboxList.tsx';
import { ManualNoticeForm } from './ManualNoticeForm.tsx';
import { NoticeRunForm } from './NoticeRunForm.tsx';
import { useDirectory } from './useDirectory.ts';

const TABS = ['overdue', 'statements', 'manual', 'outbox'] as const;
type TabName = (typeof TABS)[number];

export default function PaymentNotices() {
  const translate = useTranslate();
  const directory = useDirectory();
  const [tab, setTab] = useState<TabName>('overdue');
  const { data: state, reload } = useApiGet<NoticeState>(API.notices, '');
  const [version, setVersion] = useState(0);
  const sent = () => {
    reload();
    setVersion((v) => v + 1);
  };

  const forms = { residents: directory.residents, loadingResidents: directory.isPending, onSent: sent };
  return (
    <Box sx={{ mt: 2 }}>
      <Title title="accounting.documents.notices.title" />
      {state && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate('accounting.documents.notices.state', {
            number: state.nextNumber,
            date: state.lastNoticeDate ? formatDateTime(state.lastNoticeDate) : translate('accounting.documents.notices.never'),
          })}
        </Typography>
      )}
      <Card>
        <Tabs
          value={tab}
          onChange={(_, v) => setTab(v)}
          variant="scrollable"
          allowScrollButtonsMobile
          sx={{ borderBottom: 1, borderColor: 'divider' }}
        >
          {TABS.map((name) => (
            <Tab key={name} value={name} label={translate(`accounting.documents.notices.tabs.${name}`)} />
          ))}
        </Tabs>
        <Box sx={{ p: 2 }}>
          {tab === 'overdue' && <NoticeRunForm kind="overdue" nextNumber={state?.nextNumber} {...forms} />}
          {tab === 'statements' && <NoticeRunForm kind="statements" nextNumber={state?.nextNumber} {...forms} />}
          {tab === 'manual' && <ManualNoticeForm {...forms} />}
          {tab === 'outbox' && <MailOutboxList version={version} />}
        </Box>
      </Card>
    </Box>
  );
}
