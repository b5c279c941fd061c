// Bank accounts and cash boxes: the initial-balance income, edits that keep it in step, and deletion rules.
import { centsToDecimal, newId, toCents } from '@conjunto/core';
import { INITIAL_BALANCE, ACCOUNTING_MESSAGES as M } from '../manifest.ts';
import type { BankAccount } from './ledger.entities.ts';
import { amountOf, conflict, dayOf, invalid, iso, type Tx } from './ledger.ts';

export const toBankAccount = (a: BankAccount) => ({
  id: a.id,
  methodType: a.methodType as 'Cuenta Bancaria',
  name: a.name,
  number: a.number ?? null,
  idType: a.idType ?? null,
  accountType: a.accountType ?? null,
  idNumber: a.idNumber ?? null,
  email: a.email ?? null,
  bankId: a.bankId ?? null,
  bankName: a.bankName ?? null,
  initialBalance: amountOf(a.initialBalance),
  cutoffDate: dayOf(a.cutoffDate),
  logo: a.logo ?? null,
  balance: amountOf(a.balance),
  createdAt: iso(a.createdAt)!,
});

export interface AccountInput {
  methodType?: string;
  bankId?: string | null;
  name?: string;
  number?: string | null;
  idType?: string | null;
  accountType?: string | null;
  idNumber?: string | null;
  email?: string | null;
  logo?: string | null;
  initialBalance?: number;
  cutoffDate?: string;
}

/** Banks need Banco, TipoCuenta and TipoIdentificacion (spec 000 §5); a cash box needs none. */
export async function checkAccountInput(tx: Tx, input: AccountInput, methodType: string): Promise<void> {
  if (methodType === 'Caja') return;
  for (const field of ['bankId', 'accountType', 'idType'] as const) {
    if (!input[field]) throw invalid(field, '¡Este campo es requerido!');
  }
  const [bank] = await tx.execute('select 1 from banks where id = ?', [input.bankId]);
  if (!bank) throw invalid('bankId', '¡Este campo es requerido!');
}

/** The income that records the account's initial balance at its cut-off date (no receipt number). */
export async function writeInitialBalance(tx: Tx, complexId: string, accountId: string, cents: number, cutoffDate: string, methodType: string) {
  await tx.execute('delete from incomes where account_id = ? and is_initial_balance', [accountId]);
  if (cents <= 0) return;
  const incomeId = newId();
  await tx.execute(
    `insert into incomes (id, complex_id, account_id, date, description, method, amount, is_initial_balance)
     values (?, ?, ?, ?, 'Saldo inicial', ?, ?, true)`,
    [incomeId, complexId, accountId, cutoffDate, methodType === 'Caja' ? 'Efectivo' : 'Deposito', centsToDecimal(cents)],
  );
  await tx.execute(
    `insert into income_lines (id, complex_id, income_id, position, description, category, subcategory, amount)
     values (?, ?, ?, 0, 'Saldo inicial', ?, ?, ?)`,
    [newId(), complexId, incomeId, INITIAL_BALANCE.category, INITIAL_BALANCE.subcategory, centsToDecimal(cents)],
  );
}

/** Changing the initial balance or cut-off rewrites the initial-balance income, unless it is reconciled. */
export async function updateInitialBalance(tx: Tx, account: BankAccount, input: AccountInput): Promise<void> {
  const cents = input.initialBalance === undefined ? toCents(account.initialBalance) : toCents(input.initialBalance);
  const cutoff = input.cutoffDate ?? dayOf(account.cutoffDate);
  if (cents === toCents(account.initialBalance) && cutoff === dayOf(account.cutoffDate)) return;
  const [initial] = await tx.execute('select reconciled from incomes where account_id = ? and is_initial_balance', [account.id]);
  if (initial?.reconciled) throw conflict('RECONCILED', M.reconciled, 'initialBalance');
  await writeInitialBalance(tx, account.complexId, account.id, cents, cutoff, account.methodType);
}

/** Deletable when it holds no expense or transfer and no income but the initial balance (removed with it). */
export async function deleteAccount(tx: Tx, account: BankAccount): Promise<void> {
  const [row] = await tx.execute(
    `select exists (select 1 from expenses where account_id = ?)
         or exists (select 1 from transfers where from_account_id = ? or to_account_id = ?)
         or exists (select 1 from incomes where account_id = ? and not is_initial_balance) as used`,
    [account.id, account.id, account.id, account.id],
  );
  if (row.used) throw conflict('ACCOUNT_HAS_TRANSACTIONS', M.accountHasTransactions);
  await tx.execute('delete from incomes where account_id = ? and is_initial_balance', [account.id]);
  await tx.execute('delete from bank_accounts where id = ?', [account.id]);
}
