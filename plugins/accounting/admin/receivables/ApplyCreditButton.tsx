// 'Aplicar saldo a favor': the unit's advances pay its pending debts, oldest first. Shown when the list is
// filtered by one unit, to the roles the access table lets apply it.
import { formatMoney } from '@conjunto/core';
import SavingsIcon from '@mui/icons-material/Savings';
import { useState } from 'react';
import { useCanAccess, useListContext, useNotify, useRefresh } from 'react-admin';
import { ActionButton } from '../shared/ActionButton.tsx';
import { API, useAccountingApi, useNotifyError } from '../shared/accountingApi.ts';

export function ApplyCreditButton() {
  const { filterValues } = useListContext();
  const { canAccess } = useCanAccess({ resource: API.receivables, action: 'apply-credit' });
  const api = useAccountingApi();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const unitId = filterValues?.unitId as string | undefined;
  if (!canAccess || !unitId) return null;

  const apply = async () => {
    setBusy(true);
    try {
      const { applied } = await api.send<{ applied: number }>(API.receivables, 'apply-credit', {
        method: 'POST',
        body: { unitId },
      });
      if (applied > 0)
        notify('accounting.receivables.creditApplied', { type: 'success', messageArgs: { amount: formatMoney(applied) } });
      else notify('accounting.receivables.noCredit', { type: 'info' });
      refresh();
    } catch (error) {
      notifyError(error, 'accounting.receivables.creditError');
    } finally {
      setBusy(false);
    }
  };
  return <ActionButton label="accounting.receivables.applyCredit" Icon={SavingsIcon} disabled={busy} onClick={apply} />;
}
