// The send job: one e-mail per recipient of a scheduled e-mail, through the host's outbox. Submitted by the host's
// schedule at each occurrence (JobInfo.schedule) or by 'Enviar ahora' (data.runKey). Idempotent: the run's key is
// recorded in the same transaction as its e-mails, so a retried or repeated job (a second process, a crash before
// the schedule moved on) finds the run and sends nothing again.
import type { JobContext, JobInfo } from '@conjunto/core';
import type { AccountingService } from '@conjunto/plugin-accounting/service';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { MAILINGS_TOPIC } from '../manifest.ts';
import { Mailing, MailingSettingsRow } from './mailing.entity.ts';
import { recipientsOf } from './recipients.ts';

export const SEND_JOB = 'send';
const CHUNK = 500;

export interface SendData {
  mailingId: string;
  /** A manual send's key ('manual:<uuid>'); a scheduled run's is its occurrence. */
  runKey?: string;
}

export async function sendMailing(job: JobInfo<SendData>, ctx: JobContext) {
  const em = ctx.em as SqlEntityManager;
  const mailing = await em.findOne(Mailing, { id: job.data.mailingId, complexId: job.complexId });
  if (!mailing) return { skipped: 'not_found' };
  const settings = await em.findOne(MailingSettingsRow, { complexId: job.complexId });
  const scheduled = Boolean(job.schedule);
  // A schedule fires only for an active mailing of a complex that has not paused them; 'Enviar ahora' always sends.
  if (scheduled && !mailing.isActive) return { skipped: 'inactive' };
  if (scheduled && settings?.paused) return { skipped: 'paused' };
  const runKey = job.schedule ? `at:${job.schedule.occurrence}` : String(job.data.runKey ?? '').slice(0, 80);
  if (!runKey) return { skipped: 'no_run_key' };
  const recipients = await recipientsOf(ctx.directory(), { audience: mailing.audience, unitIds: mailing.unitIds ?? [] }, () =>
    ctx.service<AccountingService>('accounting'),
  );
  return em.transactional(async (tx) => {
    const claimed = await tx.execute<{ id: string }[]>(
      `insert into mailing_runs (id, complex_id, mailing_id, run_key, occurrence, recipients)
       values (gen_random_uuid(), ?, ?, ?, ?, ?) on conflict (mailing_id, run_key) do nothing returning id`,
      [job.complexId, mailing.id, runKey, job.schedule?.occurrence ?? null, recipients.length],
    );
    if (!claimed.length) return { duplicate: true, sent: 0 };
    let done = 0;
    await ctx.progress(0, recipients.length, undefined, tx);
    for (let i = 0; i < recipients.length; i += CHUNK) {
      await ctx.queueMails(
        tx,
        recipients.slice(i, i + CHUNK).map((r) => ({
          to: [r.email],
          subject: mailing.subject,
          text: mailing.body,
          category: 'mailings.scheduled',
          ...(settings?.senderName ? { fromName: settings.senderName } : {}),
          ...(settings?.replyTo ? { replyTo: settings.replyTo } : {}),
        })),
      );
      done = Math.min(recipients.length, i + CHUNK);
      await ctx.progress(done, recipients.length, undefined, tx);
    }
    await tx.execute('update mailings set last_run_at = now(), last_run_count = ? where id = ? and complex_id = ?', [
      recipients.length,
      mailing.id,
      job.complexId,
    ]);
    ctx.audit(tx, {
      resource: 'mailings',
      recordId: mailing.id,
      action: 'send',
      changes: { run: runKey, recipients: recipients.length },
      description: mailing.subject,
    });
    await ctx.publish(MAILINGS_TOPIC, { id: mailing.id, action: 'send' }, tx);
    return { sent: recipients.length };
  });
}
