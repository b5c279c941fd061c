// The account picker of the accounting forms and filters: the complex's bank accounts and cash boxes (the
// hidden bank type is never offered), by name, each with its type.
import { useMemo } from 'react';
import { SelectInput, type SelectInputProps, type TranslateFunction, useGetList, useTranslate } from 'react-admin';
import type { BankAccount } from '../../schemas.ts';
import { API } from './accountingApi.ts';

/** Every visible account of the complex (cached by react-admin). */
export function useAccounts(methodType?: 'Cuenta Bancaria' | 'Caja') {
  const { data, isPending, error } = useGetList<BankAccount>(API.accounts, {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'name', order: 'ASC' },
    filter: methodType ? { methodType } : {},
  });
  const accounts = useMemo(() => (data ?? []).filter((a) => a.methodType !== 'Cuenta BancariaOculta'), [data]);
  return { accounts, isPending, error };
}

/** 'Caja general (Caja)', 'Cuenta corriente · Banco Pichincha'. */
export const accountLabel = (a: BankAccount, translate: TranslateFunction) =>
  a.methodType === 'Caja'
    ? `${a.name} (${translate('accounting.shared.cashBox')})`
    : a.bankName
      ? `${a.name} · ${a.bankName}`
      : a.name;

export type AccountSelectInputProps = Omit<SelectInputProps, 'choices'> & { methodType?: 'Cuenta Bancaria' | 'Caja' };

export function AccountSelectInput({ methodType, ...props }: AccountSelectInputProps) {
  const translate = useTranslate();
  const { accounts } = useAccounts(methodType);
  const choices = useMemo(() => accounts.map((a) => ({ id: a.id, name: accountLabel(a, translate) })), [accounts, translate]);
  // No isPending: a loading SelectInput is another element, and an open menu would vanish when it loads.
  return <SelectInput source="accountId" choices={choices} {...props} />;
}
