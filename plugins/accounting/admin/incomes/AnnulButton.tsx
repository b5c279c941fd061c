// 'Anular' (spec 000 §4): after a confirmation the income's value and lines become zero and the debts it paid
// are owed again. Offered only for incomes neither annulled nor reconciled, to the roles the access table lets annul.

import { formatMoney } from '@conjunto/core';
import BlockIcon from '@mui/icons-material/Block';
import Box from '@mui/material/Box';
import { type MouseEvent, useState } from 'react';
import { Confirm, useCanAccess, useNotify, useRecordContext, useRefresh } from 'react-admin';
import type { Income } from '../../schemas.ts';
import { ActionButton } from '../shared/ActionButton.tsx';
import { API, useAccountingApi, useNotifyError } from '../shared/accountingApi.ts';

export function AnnulButton({ compact = false }: { compact?: boolean }) {
  const record = useRecordContext<Income>();
  const { canAccess } = useCanAccess({ resource: API.incomes, action: 'annul' });
  const notify = useNotify();
  const notifyError = useNotifyError();
  const refresh = useRefresh();
  const api = useAccountingApi();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!record || !canAccess || record.annulled || record.reconciled || record.isInitialBalance) return null;

  const annul = async () => {
    setBusy(true);
    try {
      await api.send(API.incomes, `${encodeURIComponent(record.id)}/annul`, { method: 'POST' });
      notify('accounting.incomes.annulled', { type: 'success', messageArgs: { number: record.receiptNumber ?? '' } });
      refresh();
    } catch (error) {
      notifyError(error, 'accounting.incomes.annulError');
    } finally {
      setBusy(false);
      setOpen(false);
    }
  };

  return (
    // The confirmation is a portal: its clicks bubble through React to the row, which would open the income.
    <Box component="span" onClick={(e: MouseEvent) => e.stopPropagation()}>
      <ActionButton
        compact={compact}
        label="accounting.incomes.annul"
        Icon={BlockIcon}
        color="error"
        disabled={busy}
        onClick={() => setOpen(true)}
      />
      <Confirm
        isOpen={open}
        loading={busy}
        title="accounting.incomes.annulTitle"
        translateOptions={{ number: record.receiptNumber ?? '' }}
        content="accounting.incomes.annulContent"
        contentTranslateOptions={{ number: record.receiptNumber ?? '', amount: formatMoney(record.amount) }}
        confirm="accounting.incomes.annul"
        confirmColor="warning"
        onConfirm={annul}
        onClose={() => setOpen(false)}
      />
    </Box>
  );
}
