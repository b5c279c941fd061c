// Bank accounts and cash boxes: the initial-balance income, edits that keep it in step, and deletion rules.
import { centsToDecimal, formatDate, fromCents, MESSAGES, newId, type SheetExport, toCents } from '@conjunto/core';
import { INITIAL_BALANCE, ACCOUNTING_MESSAGES as M } from '../manifest.ts';
import es from '../messages/es.ledger.ts';
import type { BankAccount } from './ledger.entities.ts';
import { amountOf, conflict, invalid, iso, type Tx } from './ledger.ts';

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
  cutoffDate: a.cutoffDate,
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
    if (!input[field]) throw invalid(field, MESSAGES.required);
  }
  const [bank] = await tx.execute('select 1 from banks where id = ?', [input.bankId]);
  if (!bank) throw invalid('bankId', MESSAGES.required);
}

/** The income that records the account's initial balance at its cut-off date (no receipt number). */
export async function writeInitialBalance(
  tx: Tx,
  complexId: string,
  accountId: string,
  cents: number,
  cutoffDate: string,
  methodType: string,
) {
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
  const cutoff = input.cutoffDate ?? account.cutoffDate;
  if (cents === toCents(account.initialBalance) && cutoff === account.cutoffDate) return;
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

/** Most movements one fund-history answer lists; the opening and closing balances always cover the range. */
export const MOVEMENTS_MAX = 5000;

/** The account's movements between two days with the running balance (historicoFondos). */
export async function accountMovements(tx: Tx, accountId: string, from: string, to: string) {
  const [opening] = await tx.execute(
    'select coalesce(sum(amount), 0)::text as total from account_movements where account_id = ? and date < ?',
    [accountId, from],
  );
  const rows = await tx.execute(
    `select m.kind, m.id, m.date::text as date, m.amount::text as amount,
            coalesce(i.description, e.description, t.description, '') as description,
            coalesce(i.receipt_number, e.receipt_number) as receipt_number,
            (select a.name from bank_accounts a where a.id = case when m.kind = 'transfer-out' then t.to_account_id else t.from_account_id end) as counterpart
       from account_movements m
       left join incomes i on m.kind = 'income' and i.id = m.id
       left join expenses e on m.kind = 'expense' and e.id = m.id
       left join transfers t on m.kind in ('transfer-in', 'transfer-out') and t.id = m.id
      where m.account_id = ? and m.date between ? and ?
      order by m.date, coalesce(i.created_at, e.created_at, t.created_at), m.id
      limit ${MOVEMENTS_MAX + 1}`,
    [accountId, from, to],
  );
  let running = toCents(opening.total as string);
  const openingBalance = running;
  const movements = rows.slice(0, MOVEMENTS_MAX).map((r) => {
    running += toCents(r.amount as string);
    return {
      id: r.id as string,
      kind: r.kind as 'income' | 'expense' | 'transfer-in' | 'transfer-out',
      date: r.date as string,
      receiptNumber: (r.receipt_number as number | null) ?? null,
      description: r.description as string,
      counterpart: (r.counterpart as string | null) ?? null,
      amount: fromCents(toCents(r.amount as string)),
      balance: fromCents(running),
    };
  });
  const [closing] = await tx.execute(
    'select coalesce(sum(amount), 0)::text as total from account_movements where account_id = ? and date <= ?',
    [accountId, to],
  );
  return {
    accountId,
    from,
    to,
    openingBalance: fromCents(openingBalance),
    closingBalance: amountOf(closing.total as string),
    truncated: rows.length > MOVEMENTS_MAX,
    movements,
  };
}

type History = Awaited<ReturnType<typeof accountMovements>>;
const TEXTS = es.accounting.fundHistory;
const KINDS = es.accounting.shared.movementKinds;

/**
 * Histórico de fondos as the screen shows it, for a spreadsheet: the opening balance, each movement with what
 * came in or went out and the balance after it, then the period's totals and closing balance.
 */
export function movementsSheet(history: History, accountName: string, format: 'csv' | 'xlsx'): SheetExport {
  const text = (m: History['movements'][number]) => {
    if (!m.counterpart) return m.description;
    const other = (m.kind === 'transfer-out' ? TEXTS.toAccount : TEXTS.fromAccount).replace('%{name}', m.counterpart);
    return m.description ? `${other} · ${m.description}` : other;
  };
  const cents = history.movements.map((m) => toCents(m.amount));
  const rows = [
    { date: formatDate(history.from), kind: TEXTS.opening, balance: history.openingBalance },
    ...history.movements.map((m) => ({
      date: formatDate(m.date),
      kind: KINDS[m.kind],
      receipt: m.receiptNumber ?? '',
      description: text(m),
      in: m.amount > 0 ? m.amount : '',
      out: m.amount < 0 ? -m.amount : '',
      balance: m.balance,
    })),
    {
      date: formatDate(history.to),
      kind: TEXTS.closing,
      in: fromCents(cents.filter((c) => c > 0).reduce((sum, c) => sum + c, 0)),
      out: fromCents(cents.filter((c) => c < 0).reduce((sum, c) => sum - c, 0)),
      balance: history.closingBalance,
    },
  ];
  const column = (field: keyof (typeof rows)[number] | 'receipt' | 'description', header: string, money = false) => ({
    header,
    value: (row: Record<string, unknown>) => row[field],
    money,
  });
  return {
    name: es.accounting.ledgerMenu.fundHistory,
    file: `historico-fondos-${accountName}-${history.from}-${history.to}`,
    format,
    columns: [
      column('date', TEXTS.date),
      column('kind', TEXTS.kind),
      column('receipt', TEXTS.receipt),
      column('description', TEXTS.description),
      column('in', TEXTS.in, true),
      column('out', TEXTS.out, true),
      column('balance', TEXTS.balance, true),
    ],
    rows,
  };
}
