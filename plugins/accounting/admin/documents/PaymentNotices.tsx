// Notificaciones (spec 002 §2.5 screens 7 and 8, §3 Notification): overdue fees, the monthly statement and
// manual payment notices by e-mail, each run numbered (NumeroAvisoCobro) and dated (FechaAvisoCobro) with a
// security code; and the history of the mails sent (the outbox). The statements go out in a background job: its
// bar sits above the tabs, and a page opened again while it runs finds it. The board (/directiva/notificaciones)
// reads the numbering, the last notice's date and the runs sent (Avisos enviados), without the forms or the outbox.

import { formatDateTime } from '@conjunto/core';
import { isFinished, JobProgress, useJobOf } from '@conjunto/core/ui';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Title, useCanAccess, useTranslate } from 'react-admin';
import { accountingJob } from '../../manifest.ts';
import type { NoticeResult, NoticeState } from '../../schemas.ts';
import { API, useApiGet } from '../shared/accountingApi.ts';
import { MailOutboxList } from './MailOutboxList.tsx';
import { ManualNoticeForm } from './ManualNoticeForm.tsx';
import { NoticeRunForm } from './NoticeRunForm.tsx';
import { NoticeRunList } from './NoticeRunList.tsx';
import { noticeKey } from './NoticeSending.tsx';
import { useDirectory } from './useDirectory.ts';

const TABS = ['overdue', 'statements', 'manual', 'outbox'] as const;
type TabName = (typeof TABS)[number];

/** The office's forms and the outbox (who may send: the board reads the state only). */
function NoticeSenders({ state, reload }: { state?: NoticeState; reload(): void }) {
  const translate = useTranslate();
  const directory = useDirectory();
  const [tab, setTab] = useState<TabName>('overdue');
  const [version, setVersion] = useState(0);
  const sent = () => {
    reload();
    setVersion((v) => v + 1);
  };

  const statements = useJobOf(accountingJob('statementNotices'), true);
  const statementsDone = isFinished(statements.job);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once the job ends, the number and the outbox are read again
  useEffect(() => {
    if (statementsDone) sent();
  }, [statementsDone]);

  const forms = { residents: directory.residents, loadingResidents: directory.isPending, onSent: sent };
  return (
    <>
      {statements.job && (
        <Box sx={{ mb: 2 }}>
          <JobProgress
            job={statements.job}
            loadError={statements.loadError}
            title={translate(noticeKey('statementsJob'))}
            result={(output) => {
              const r = output as NoticeResult;
              const text = translate(noticeKey('result'), { number: r.number, count: r.queued, code: r.securityCode });
              return r.skipped > 0 ? `${text} ${translate(noticeKey('statementsSkipped'), { count: r.skipped })}` : text;
            }}
            onClose={statements.dismiss}
          />
        </Box>
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
          {tab === 'statements' && (
            <NoticeRunForm
              kind="statements"
              nextNumber={state?.nextNumber}
              {...forms}
              onQueued={(jobId) => {
                statements.start(jobId);
                sent(); // the notice's number is taken already
              }}
              jobRunning={statements.running}
            />
          )}
          {tab === 'manual' && <ManualNoticeForm {...forms} />}
          {tab === 'outbox' && <MailOutboxList version={version} />}
        </Box>
      </Card>
    </>
  );
}

export default function PaymentNotices() {
  const translate = useTranslate();
  const { data: state, reload } = useApiGet<NoticeState>(API.notices, '');
  // The board reads the notices (list); the office sends them. The outbox holds every mail of the complex
  // (password links too): the office's only.
  const { canAccess: canSend, isPending } = useCanAccess({ resource: API.notices, action: 'statements' });
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
      {isPending ? null : canSend ? (
        <NoticeSenders state={state} reload={reload} />
      ) : (
        <Alert severity="info">{translate('accounting.documents.notices.readOnly')}</Alert>
      )}
      {!isPending && <NoticeRunList version={state?.nextNumber} />}
    </Box>
  );
}
