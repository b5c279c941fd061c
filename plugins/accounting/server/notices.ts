// Payment notices by e-mail (spec 002 §2.5 screens 7 and 8, §3 Notification): overdue fees, the monthly
// statement and manual notices. Each run is numbered with the complex's NumeroAvisoCobro, dated in its
// FechaAvisoCobro, carries a security code that the system generates, and queues one mail per resident.
import { randomInt } from 'node:crypto';
import type { MailMessage } from '@conjunto/core';
import { formatDate, formatDateTime, formatMoney, fromCents, newId, toCents } from '@conjunto/core';
import { ACCOUNTING_MESSAGES as M } from '../manifest.ts';
import type { NoticeRunItem } from '../schemas.ts';
import { directory } from './directory.ts';
import { type Letterhead, letterheadOf } from './documents/pdf.ts';
import { conflict, daysBetween, invalid, type Tx, today } from './ledger.ts';
import { type Statement, statementFileName, statementOf, statementPdf, statementText } from './statements.ts';

/** Queues one mail in the outbox, inside the caller's transaction. */
export type Queue = (message: MailMessage) => Promise<string>;

export interface Recipients {
  /** All the residents of the complex, or the selected ones. */
  recipients: 'all' | 'selected';
  userIds?: string[];
  /** Copied on every mail of the run. */
  additionalEmails?: string[];
}

/** A run of overdue-fee or statement notices. */
export interface NoticeRunInput extends Recipients {
  /** Debts due on or before this day are overdue; the statements' cut-off (default today). */
  cutoffDate?: string;
  message?: string | null;
}

export interface ManualNoticeInput {
  userId: string;
  subject?: string | null;
  message: string;
  amount: number;
  dueDate?: string | null;
  additionalEmails?: string[];
}

export interface NoticeResult {
  number: number;
  securityCode: string;
  noticeDate: string;
  queued: number;
  /** Selected residents left out: nothing overdue, or no unit. */
  skipped: number;
}

interface Resident {
  id: string;
  name: string;
  email: string;
}

const NOTICE_MESSAGES = {
  noOverdue: 'Ninguno de los residentes seleccionados tiene valores vencidos.',
  noUnits: 'Ninguno de los residentes seleccionados tiene una unidad asignada.',
  futureCutoff: 'La fecha de corte no puede ser posterior a hoy.',
  noResidentEmail: 'La unidad no tiene un residente con correo.',
} as const;

/** The residents a run goes to: all of the complex, or the selected ones (at least one, all of the complex). */
async function residentsFor(tx: Tx, complexId: string, input: Recipients): Promise<Resident[]> {
  const selected = input.recipients === 'selected';
  if (selected && !input.userIds?.length) throw invalid('userIds', M.selectUser);
  const rows = await directory(tx, complexId).residents(selected ? { ids: input.userIds } : {});
  if (selected && rows.length !== new Set(input.userIds).size) throw invalid('userIds', M.residentNotInComplex);
  return rows;
}

/** A code the resident can check against the one the administration announced: 8 characters, no look-alikes. */
export function securityCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  let code = '';
  for (let i = 0; i < 8; i++) code += alphabet[randomInt(alphabet.length)];
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

interface Notice {
  number: number;
  previousDate: Date | null;
  date: Date;
  code: string;
}

/** Takes the complex's next NumeroAvisoCobro and sets FechaAvisoCobro (row lock: runs are numbered one by one). */
async function openNotice(tx: Tx, complexId: string): Promise<Notice> {
  await tx.execute('insert into accounting_settings (complex_id) values (?) on conflict do nothing', [complexId]);
  const [row] = await tx.execute(
    `update accounting_settings s set payment_notice_number = s.payment_notice_number + 1, payment_notice_date = now()
       from (select complex_id, payment_notice_date as previous from accounting_settings where complex_id = ? for update) o
      where s.complex_id = o.complex_id returning s.payment_notice_number - 1 as number, o.previous, s.payment_notice_date as date`,
    [complexId],
  );
  return {
    number: Number(row.number),
    previousDate: row.previous ? new Date(row.previous) : null,
    date: new Date(row.date),
    code: securityCode(),
  };
}

function checkCutoff(cutoffDate: string | undefined): string {
  const on = today();
  const cutoff = cutoffDate ?? on;
  if (cutoff > on) throw invalid('cutoffDate', NOTICE_MESSAGES.futureCutoff);
  return cutoff;
}

function signature(complex: Letterhead, notice: Notice): string {
  return [
    `Aviso de cobro N° ${notice.number}, enviado el ${formatDateTime(notice.date)}.${notice.previousDate ? ` Aviso anterior: ${formatDateTime(notice.previousDate)}.` : ''}`,
    `Código de seguridad: ${notice.code}`,
    'Este código identifica los avisos auténticos de la administración: compárelo con el que ella le comunique.',
    '',
    complex.name,
    [complex.ruc ? `RUC ${complex.ruc}` : null, complex.address, complex.phone ? `Tel. ${complex.phone}` : null, complex.email]
      .filter(Boolean)
      .join(' · '),
  ].join('\n');
}

const extra = (message: string | null | undefined) => (message?.trim() ? `${message.trim()}\n\n` : '');

const result = (notice: Notice, queued: number, skipped: number): NoticeResult => ({
  number: notice.number,
  securityCode: notice.code,
  noticeDate: notice.date.toISOString(),
  queued,
  skipped,
});

/** Residents with overdue debts (deadline on or before the cut-off date, spec 002 §7): one mail each. */
export async function sendOverdueNotices(tx: Tx, complexId: string, input: NoticeRunInput, queue: Queue): Promise<NoticeResult> {
  const cutoff = checkCutoff(input.cutoffDate);
  const residents = await residentsFor(tx, complexId, input);
  const debts = await tx.execute(
    `select coalesce(r.user_id, un.holder_id) as user_id, un.number as unit_number, r.name, r.due_date::text as due_date, r.balance::text as balance
       from receivables r join directory_units un on un.id = r.unit_id
      where r.complex_id = ? and r.balance > 0 and r.due_date <= ?
      order by un.number_sort, r.due_date, r.created_at`,
    [complexId, cutoff],
  );
  const byResident = Map.groupBy(debts, (d) => d.user_id as string);
  const owing = residents.filter((r) => byResident.has(r.id));
  if (!owing.length)
    throw conflict('NO_RECIPIENTS', NOTICE_MESSAGES.noOverdue, input.recipients === 'selected' ? 'userIds' : undefined);

  const complex = await letterheadOf(tx, complexId);
  const notice = await openNotice(tx, complexId);
  for (const resident of owing) {
    const mine = byResident.get(resident.id)!;
    const total = mine.reduce((sum, d) => sum + toCents(d.balance), 0);
    const lines = mine.map(
      (d) =>
        `- ${d.unit_number}: ${d.name} (venció el ${formatDate(d.due_date)}, hace ${daysBetween(d.due_date, cutoff)} días): ${formatMoney(d.balance)}`,
    );
    await queue({
      to: [resident.email],
      cc: input.additionalEmails,
      category: 'accounting.overdue',
      subject: `Aviso de cobro N° ${notice.number}: valores vencidos - ${complex.name}`,
      text: [
        `Estimado(a) ${resident.name}:`,
        '',
        `Le informamos que al ${formatDate(cutoff)} mantiene los siguientes valores vencidos en ${complex.name}:`,
        '',
        ...lines,
        '',
        `Total vencido: ${formatMoney(fromCents(total))}`,
        '',
        `${extra(input.message)}Si ya realizó el pago, por favor ignore este mensaje.`,
        '',
        signature(complex, notice),
      ].join('\n'),
    });
  }
  return result(notice, owing.length, residents.length - owing.length);
}

/** The units a resident pays for (owner, else tenant). */
async function unitsOf(tx: Tx, complexId: string, userIds: string[]): Promise<Map<string, string[]>> {
  if (!userIds.length) return new Map();
  const rows = await directory(tx, complexId).units({ holders: userIds });
  const out = new Map<string, string[]>();
  for (const r of rows) out.set(r.holderId!, [...(out.get(r.holderId!) ?? []), r.id]);
  return out;
}

async function statementMail(complex: Letterhead, resident: { name: string }, statements: Statement[], intro: string) {
  const attachments = [];
  for (const s of statements)
    attachments.push({
      filename: statementFileName(s),
      contentType: 'application/pdf',
      content: await statementPdf(complex, s),
    });
  return {
    text: [`Estimado(a) ${resident.name}:`, '', intro, '', ...statements.map((s) => `${statementText(s)}\n`)].join('\n'),
    attachments,
  };
}

/**
 * A run of statement notices as the request opens it and its job sends it (JSON: it travels in the job's data).
 * The notice's number and code are taken once, by the request: a retry of the job sends under the same ones.
 */
export interface StatementRun {
  number: number;
  previousDate: string | null;
  date: string;
  code: string;
  cutoff: string;
  /** The residents with units, one mail each, in order. */
  userIds: string[];
  /** Selected residents left out: no unit. */
  skipped: number;
  additionalEmails?: string[];
  message?: string | null;
}

/** Checks the run (cut-off, recipients, someone with a unit) and takes the notice's number: what the job sends. */
export async function openStatementRun(tx: Tx, complexId: string, input: NoticeRunInput): Promise<StatementRun> {
  const cutoff = checkCutoff(input.cutoffDate);
  const residents = await residentsFor(tx, complexId, input);
  const units = await unitsOf(
    tx,
    complexId,
    residents.map((r) => r.id),
  );
  const withUnits = residents.filter((r) => units.has(r.id));
  if (!withUnits.length)
    throw conflict('NO_RECIPIENTS', NOTICE_MESSAGES.noUnits, input.recipients === 'selected' ? 'userIds' : undefined);
  const notice = await openNotice(tx, complexId);
  return {
    number: notice.number,
    previousDate: notice.previousDate?.toISOString() ?? null,
    date: notice.date.toISOString(),
    code: notice.code,
    cutoff,
    userIds: withUnits.map((r) => r.id),
    skipped: residents.length - withUnits.length,
    additionalEmails: input.additionalEmails,
    message: input.message ?? null,
  };
}

/**
 * The statement of one resident's units, attached as PDF, in one mail: sent once per notice and resident. The
 * delivery is recorded in the mail's transaction, so a retry of the job after a crash skips who already got it.
 * Answers 'sent', 'done' (an earlier run sent it) or 'gone' (the resident left, or has no unit now).
 */
export async function sendStatementTo(
  tx: Tx,
  complexId: string,
  run: StatementRun,
  userId: string,
  queue: Queue,
): Promise<'sent' | 'done' | 'gone'> {
  const claimed = await tx.execute(
    `insert into accounting_notice_deliveries (complex_id, notice_number, user_id) values (?, ?, ?)
     on conflict do nothing returning user_id`,
    [complexId, run.number, userId],
  );
  if (!claimed.length) return 'done';
  const [resident] = await directory(tx, complexId).residents({ ids: [userId] });
  const unitIds = resident ? ((await unitsOf(tx, complexId, [userId])).get(userId) ?? []) : [];
  if (!resident || !unitIds.length) return 'gone';
  const complex = await letterheadOf(tx, complexId);
  const notice: Notice = {
    number: run.number,
    previousDate: run.previousDate ? new Date(run.previousDate) : null,
    date: new Date(run.date),
    code: run.code,
  };
  const statements = [];
  for (const unitId of unitIds) statements.push(await statementOf(tx, complexId, unitId, run.cutoff));
  const mail = await statementMail(
    complex,
    resident,
    statements,
    `Adjuntamos su estado de cuenta en ${complex.name} con corte al ${formatDate(run.cutoff)}.`,
  );
  const mailId = await queue({
    to: [resident.email],
    cc: run.additionalEmails,
    category: 'accounting.statement',
    subject: `Aviso de cobro N° ${notice.number}: estado de cuenta al ${formatDate(run.cutoff)} - ${complex.name}`,
    text: `${mail.text}\n${extra(run.message)}${signature(complex, notice)}`,
    attachments: mail.attachments,
  });
  await tx.execute(
    'update accounting_notice_deliveries set mail_id = ? where complex_id = ? and notice_number = ? and user_id = ?',
    [mailId, complexId, run.number, userId],
  );
  return 'sent';
}

/** The run's answer once its job is done: the mails of the notice, whichever attempt queued them. */
export async function statementRunResult(tx: Tx, complexId: string, run: StatementRun): Promise<NoticeResult> {
  const [row] = await tx.execute(
    `select count(mail_id)::int as queued, count(*) filter (where mail_id is null)::int as gone
       from accounting_notice_deliveries where complex_id = ? and notice_number = ?`,
    [complexId, run.number],
  );
  return {
    number: run.number,
    securityCode: run.code,
    noticeDate: run.date,
    queued: Number(row.queued),
    skipped: run.skipped + Number(row.gone),
  };
}

/** A manual payment notice to one resident (spec 002 §2.5 screen 8): free text and an amount. */
export async function sendManualNotice(tx: Tx, complexId: string, input: ManualNoticeInput, queue: Queue): Promise<NoticeResult> {
  const [resident] = await residentsFor(tx, complexId, { recipients: 'selected', userIds: [input.userId] });
  const complex = await letterheadOf(tx, complexId);
  const notice = await openNotice(tx, complexId);
  await queue({
    to: [resident.email],
    cc: input.additionalEmails,
    category: 'accounting.manual',
    subject: input.subject?.trim() || `Aviso de cobro N° ${notice.number} - ${complex.name}`,
    text: [
      `Estimado(a) ${resident.name}:`,
      '',
      input.message.trim(),
      '',
      `Valor a pagar: ${formatMoney(input.amount)}`,
      ...(input.dueDate ? [`Fecha límite de pago: ${formatDate(input.dueDate)}`] : []),
      '',
      signature(complex, notice),
    ].join('\n'),
  });
  return result(notice, 1, 0);
}

/** 'Enviar por correo' of the statement screen: the unit's statement to its resident. */
export async function sendStatement(
  tx: Tx,
  complexId: string,
  unitId: string,
  additionalEmails: string[] | undefined,
  queue: Queue,
) {
  const statement = await statementOf(tx, complexId, unitId);
  if (!statement.resident?.email) throw conflict('NO_RESIDENT_EMAIL', NOTICE_MESSAGES.noResidentEmail);
  const complex = await letterheadOf(tx, complexId, unitId);
  const mail = await statementMail(
    complex,
    statement.resident,
    [statement],
    `Adjuntamos el estado de cuenta de su unidad en ${complex.name} al ${formatDate(statement.date)}.`,
  );
  const footer = [complex.name, [complex.phone ? `Tel. ${complex.phone}` : null, complex.email].filter(Boolean).join(' · ')].join(
    '\n',
  );
  const id = await queue({
    to: [statement.resident.email],
    cc: additionalEmails,
    category: 'accounting.statement',
    subject: `Estado de cuenta ${statement.unit.number} - ${complex.name}`,
    text: `${mail.text}\n${footer}`,
    attachments: mail.attachments,
  });
  return { mailId: id, to: statement.resident.email, unitId };
}

export type NoticeKind = NoticeRunItem['kind'];

/**
 * Records a run in the notices' history (issue 14), in the transaction that queues its mails (or, for statements,
 * opens the run): a failed run leaves no record, a replayed idempotent request none more (the number is unique).
 */
export async function recordNoticeRun(
  tx: Tx,
  complexId: string,
  run: { kind: NoticeKind; number: number; noticeDate: string; cutoffDate: string | null; queued: number; skipped: number },
  user: { userId: string | null; userName: string },
): Promise<void> {
  await tx.execute(
    `insert into accounting_notice_runs (id, complex_id, number, kind, notice_date, cutoff_date, queued, skipped, user_id, user_name)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      newId(),
      complexId,
      run.number,
      run.kind,
      run.noticeDate,
      run.cutoffDate,
      run.queued,
      run.skipped,
      user.userId,
      user.userName.slice(0, 201),
    ],
  );
}
