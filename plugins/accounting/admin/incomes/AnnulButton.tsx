// 'Anular' (spec 000 §4): after a confirmation the income's value and lines become zero and the debts it paid
// are owed again. Offered only for incomes neither annulled nor reconciled, to managing roles.
import BlockIcon from '@mui/icons-material/Block';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { type MouseEvent, useState } from 'react';
import { formatMoney } from '@conjunto/core';
import { Confirm, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import type { Income } from '../../schemas.ts';
import { API, useAccountingApi, useNotifyError } from '../shared/accountingApi.ts';
import { useCanManage } from '../shared/canManage.ts';
import { RowIconButton } from '../shared/RowIconButton.tsx';

export function AnnulButton({ icon = false }: { icon?: boolean }) {
  const record = useRecordContext<Income>();
  const canManage = useCanManage();
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const refresh = useRefresh();
  const api = useAccountingApi();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!record || !canManage || record.annulled || record.reconciled || record.isInitialBalance) return null;

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
      {icon ? (
        <RowIconButton
          label="accounting.incomes.annul"
          color="error"
          icon={<BlockIcon fontSize="small" />}
          disabled={busy}
          onClick={() => setOpen(true)}
        />
      ) : (
        <Button
          size="small"
          color="error"
          startIcon={<BlockIcon />}
          disabled={busy}
          onClick={(event: MouseEvent) => {
            event.stopPropagation();
            setOpen(true);
          }}
        >
          {translate('accounting.incomes.annul')}
        </Button>
      )}
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
