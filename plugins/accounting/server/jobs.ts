// Accounting's long work as background jobs (issue 11): statement notices, fee generation and the import of
// charges. Their routes check the input and answer 202 with the job's id; the jobs do the work a group at a time,
// each group in its own transaction, reporting "N of M" (ctx.progress). Every job may run again after a crash:
// each group is keyed (a delivery per notice and resident, a fee per unit and month, a charge per import and
// row), so a retry skips what an earlier run committed.
import { fromCents, type JobContext, type JobHandler, toCents } from '@conjunto/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { ACCOUNTING_JOBS } from '../manifest.ts';
import { chosenRows, IMPORT_MESSAGES, importCharges, readCharges, validateCharges } from './charges-import.ts';
import { hostSheets } from './directory.ts';
import { type StatementRun, sendStatementTo, statementRunResult } from './notices.ts';
import { type GenerateInput, insertFees, planFees } from './receivables.ts';

/** Units of a fee generation, and rows of an import, per transaction. */
const FEE_UNITS_PER_GROUP = 20;
const IMPORT_ROWS_PER_GROUP = 100;

const emOf = (ctx: JobContext) => ctx.em as SqlEntityManager;

/** One mail per resident of the run, each in its own transaction with its delivery record. */
const statementNotices: JobHandler<StatementRun> = async (job, ctx) => {
  const em = emOf(ctx);
  const run = job.data;
  const total = run.userIds.length;
  await ctx.progress(0, total);
  for (const [i, userId] of run.userIds.entries()) {
    ctx.signal.throwIfAborted();
    await em.transactional((tx) => sendStatementTo(tx, job.complexId, run, userId, (message) => ctx.queueMail(tx, message)));
    await ctx.progress(i + 1, total);
  }
  const result = await statementRunResult(em, job.complexId, run);
  // The history said how many the run set out to mail; it now says how many it did.
  await em.execute(
    "update accounting_notice_runs set queued = ?, skipped = ? where complex_id = ? and number = ? and kind = 'statement'",
    [result.queued, result.skipped, job.complexId, run.number],
  );
  return result;
};

/** The fees of a group of units per transaction; fees already there (an earlier run) are skipped by their key. */
const generateFees: JobHandler<GenerateInput> = async (job, ctx) => {
  const em = emOf(ctx);
  const input = job.data;
  const plan = await planFees(em, job.complexId, input);
  const total = plan.byUnit.length;
  const sum = { created: 0, skipped: 0, cents: 0 };
  await ctx.progress(0, total);
  for (let start = 0; start < total; start += FEE_UNITS_PER_GROUP) {
    ctx.signal.throwIfAborted();
    const group = plan.byUnit.slice(start, start + FEE_UNITS_PER_GROUP).flat();
    const done = await em.transactional((tx) => insertFees(tx, job.complexId, plan, group));
    sum.created += done.created;
    sum.skipped += done.skipped;
    sum.cents += done.cents;
    await ctx.progress(Math.min(total, start + FEE_UNITS_PER_GROUP), total);
  }
  const result = { created: sum.created, skipped: sum.skipped, total: fromCents(sum.cents) };
  await em.transactional(async (tx) =>
    ctx.audit(tx, {
      resource: 'receivables',
      recordId: 'generate',
      action: 'generate',
      changes: { ...input, ...result, jobId: job.id },
    }),
  );
  return result;
};

interface ImportData {
  fileId: string;
  fileName: string;
  unitIds: string[];
}

/**
 * The stored spreadsheet, read and checked again (the units or rubros may have changed since the upload): with
 * errors nothing is created and the output carries them, as the request's 422 did; else the selected units' rows,
 * a group per transaction, each row audited.
 */
const importChargesJob: JobHandler<ImportData> = async (job, ctx) => {
  const em = emOf(ctx);
  const { fileId, fileName, unitIds } = job.data;
  const buffer = Buffer.from(await ctx.files.read(fileId, { em }));
  const raw = await readCharges(buffer, fileName, hostSheets());
  const { rows, errors } = await validateCharges(em, job.complexId, raw);
  if (errors.length) return { message: IMPORT_MESSAGES.rowsInvalid, code: 'IMPORT_ROWS_INVALID', rowErrors: errors };
  const chosen = chosenRows(rows, unitIds);
  await ctx.progress(0, chosen.length);
  for (let start = 0; start < chosen.length; start += IMPORT_ROWS_PER_GROUP) {
    ctx.signal.throwIfAborted();
    const group = chosen.slice(start, start + IMPORT_ROWS_PER_GROUP);
    await em.transactional(async (tx) => {
      for (const { id, row } of await importCharges(tx, job.complexId, fileId, group))
        ctx.audit(tx, {
          resource: 'receivables',
          recordId: id,
          action: 'import',
          changes: { fileName, ...row, unitId: row.unitId, userId: row.userId },
        });
    });
    await ctx.progress(Math.min(chosen.length, start + IMPORT_ROWS_PER_GROUP), chosen.length);
  }
  // Whatever run created them: the rows of this import now in the ledger (the request's answer of before).
  const made = await em.execute(
    `select id, original_amount::text as amount from receivables where complex_id = ? and source_ref like ? order by created_at, id`,
    [job.complexId, `import:${fileId}:%`],
  );
  const cents = made.reduce((sum, r) => sum + toCents(r.amount), 0);
  return { created: made.length, total: fromCents(cents), ids: made.map((r) => r.id as string) };
};

export const accountingJobs: Record<string, JobHandler> = {
  [ACCOUNTING_JOBS.statementNotices]: statementNotices,
  [ACCOUNTING_JOBS.generateFees]: generateFees,
  [ACCOUNTING_JOBS.importCharges]: importChargesJob,
};
