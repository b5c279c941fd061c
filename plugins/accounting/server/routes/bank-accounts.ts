// bank-accounts: bank accounts and cash boxes (TipoMetodo), with their derived balance.
import {
  centsToDecimal,
  changesOf,
  ERROR_RESPONSES,
  ErrorSchema,
  IdParams,
  newId,
  type PluginApp,
  toCents,
} from '@conjunto/core';
import type { FastifyRequest } from 'fastify';
import type { Static } from 'typebox';
import { ACCOUNTING_MESSAGES as M } from '../../manifest.ts';
import {
  BalanceSchema,
  BankAccountCreateSchema,
  BankAccountSchema,
  BankAccountUpdateSchema,
  MovementsExportQuerySchema,
  MovementsQuerySchema,
  MovementsSchema,
} from '../../schemas.ts';
import {
  accountMovements,
  checkAccountInput,
  deleteAccount,
  movementsSheet,
  toBankAccount,
  updateInitialBalance,
  writeInitialBalance,
} from '../bank-accounts.ts';
import { BankAccount } from '../ledger.entities.ts';
import { amountOf, balanceCents, invalid } from '../ledger.ts';
import type { RouteKit } from './kit.ts';

/** An account as the audit log names it: its name and number ('Pichincha 2200112233'). */
const accountLabel = (a: { name?: string | null; number?: string | null }) =>
  [a.name, a.number].filter(Boolean).join(' ') || null;

const blankToNull = (value: string | null | undefined) => (value === undefined ? undefined : value?.trim() ? value.trim() : null);

export function bankAccountRoutes(app: PluginApp, k: RouteKit) {
  const tags = ['accounting'];

  k.listRoute(app, {
    resource: 'bank-accounts',
    tags,
    summary: 'Bank accounts and cash boxes with their balance',
    entity: BankAccount,
    filters: {
      methodType: 'exact',
      bankId: 'exact',
    },
    search: ['name', 'number'],
    sortable: ['name', 'methodType', 'createdAt', 'cutoffDate'],
    defaultSort: { field: 'name', order: 'ASC' },
    item: BankAccountSchema,
    money: ['initialBalance', 'balance'],
    toItem: (row: BankAccount) => toBankAccount(row),
  });

  app.get(
    '/bank-accounts/:id',
    { schema: { tags, params: IdParams, response: { 200: BankAccountSchema, 404: ErrorSchema } } },
    async (request) => toBankAccount(await k.load<BankAccount>(request, BankAccount)),
  );
  app.get(
    '/bank-accounts/:id/balance',
    {
      schema: {
        tags,
        summary: 'Live balance: every income, expense and transfer of the account',
        params: IdParams,
        response: { 200: BalanceSchema, 404: ErrorSchema },
      },
    },
    async (request) => {
      const account = await k.load<BankAccount>(request, BankAccount);
      return {
        accountId: account.id,
        balance: (await balanceCents(k.em(request), account.id)) / 100,
        at: new Date().toISOString(),
      };
    },
  );

  /** The account of the path and its movements over the query's range (Histórico de fondos). */
  const fundHistory = async (request: FastifyRequest, { from, to }: Static<typeof MovementsQuerySchema>) => {
    const account = await k.load<BankAccount>(request, BankAccount);
    if (to < from) throw invalid('to', 'La fecha final no puede ser anterior a la inicial.');
    return { account, history: await accountMovements(k.em(request), account.id, from, to) };
  };

  app.get(
    '/bank-accounts/:id/movements',
    {
      schema: {
        tags,
        summary: 'Fund history: opening balance, movements with running balance, closing balance',
        params: IdParams,
        querystring: MovementsQuerySchema,
        response: { 200: MovementsSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => (await fundHistory(request, request.query)).history,
  );

  app.get(
    '/bank-accounts/:id/movements/export',
    {
      schema: {
        tags,
        summary: 'Fund history as a spreadsheet (CSV or .xlsx): the same rows and totals as the screen',
        params: IdParams,
        querystring: MovementsExportQuerySchema,
      },
    },
    async (request, reply) => {
      const { account, history } = await fundHistory(request, request.query);
      return k.sendSheet(reply, movementsSheet(history, account.name, request.query.format ?? 'csv'));
    },
  );

  app.post(
    '/bank-accounts',
    {
      config: { idempotent: true },
      schema: {
        tags,
        summary: 'Create (records the initial-balance income at the cut-off date)',
        body: BankAccountCreateSchema,
        response: { 201: BankAccountSchema, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const { complexId } = k.ctx(request);
      const body = request.body;
      const id = newId();
      await k.write(request, async (tx, audit) => {
        await checkAccountInput(tx, body, body.methodType);
        const caja = body.methodType === 'Caja';
        await tx.execute(
          `insert into bank_accounts (id, complex_id, method_type, name, number, id_type, account_type, id_number, email, bank_id, initial_balance, cutoff_date, logo)
           values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          [
            id,
            complexId,
            body.methodType,
            body.name.trim(),
            blankToNull(body.number) ?? null,
            caja ? null : body.idType,
            caja ? null : body.accountType,
            blankToNull(body.idNumber) ?? null,
            blankToNull(body.email) ?? null,
            caja ? null : body.bankId,
            centsToDecimal(toCents(body.initialBalance)),
            body.cutoffDate,
            blankToNull(body.logo) ?? null,
          ],
        );
        await writeInitialBalance(tx, complexId, id, toCents(body.initialBalance), body.cutoffDate, body.methodType);
        audit({
          resource: 'bank-accounts',
          recordId: id,
          action: 'create',
          changes: { ...body },
          description: accountLabel(body),
        });
      });
      return reply.status(201).send(toBankAccount(await k.reload<BankAccount>(request, BankAccount, id)));
    },
  );

  app.put(
    '/bank-accounts/:id',
    {
      schema: {
        tags,
        summary: 'Edit (the bank cannot change)',
        params: IdParams,
        body: BankAccountUpdateSchema,
        response: { 200: BankAccountSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const account = await k.load<BankAccount>(request, BankAccount);
      const body = request.body;
      if (body.bankId !== undefined && (body.bankId ?? null) !== (account.bankId ?? null)) throw invalid('bankId', M.bankLocked);
      const before = toBankAccount(account);
      await k.write(request, async (tx, audit) => {
        await updateInitialBalance(tx, account, body);
        await tx.execute(
          `update bank_accounts set name = coalesce(?, name), number = ?, id_type = ?, account_type = ?, id_number = ?, email = ?, logo = ?,
                  initial_balance = ?, cutoff_date = ? where id = ?`,
          [
            body.name?.trim() ?? null,
            body.number === undefined ? account.number : blankToNull(body.number),
            body.idType === undefined ? account.idType : body.idType,
            body.accountType === undefined ? account.accountType : body.accountType,
            body.idNumber === undefined ? account.idNumber : blankToNull(body.idNumber),
            body.email === undefined ? account.email : blankToNull(body.email),
            body.logo === undefined ? account.logo : blankToNull(body.logo),
            body.initialBalance === undefined ? account.initialBalance : centsToDecimal(toCents(body.initialBalance)),
            body.cutoffDate ?? account.cutoffDate,
            account.id,
          ],
        );
        audit({
          resource: 'bank-accounts',
          recordId: account.id,
          action: 'update',
          changes: changesOf(before, { ...before, ...body }),
          description: accountLabel({ ...before, ...body }),
        });
      });
      return toBankAccount(await k.reload<BankAccount>(request, BankAccount, account.id));
    },
  );

  app.delete(
    '/bank-accounts/:id',
    {
      schema: {
        tags,
        summary: 'Delete an account without transactions (its initial balance goes with it)',
        params: IdParams,
        response: { 200: BankAccountSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const account = await k.load<BankAccount>(request, BankAccount);
      const result = toBankAccount(account);
      await k.write(request, async (tx, audit) => {
        await deleteAccount(tx, account);
        audit({
          resource: 'bank-accounts',
          recordId: account.id,
          action: 'delete',
          changes: result,
          description: accountLabel(result),
        });
      });
      return { ...result, balance: amountOf(0) };
    },
  );
}
